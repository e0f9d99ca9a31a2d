// Pondering through the real binary (protocol-spec/protocol.md, go ponder and
// ponderhit): no answer before ponderhit or stop, exactly one answer after either, the
// ponder move a legal reply, and the commands taken or refused while it ponders.

#include <algorithm>
#include <set>

#include "engine_session.h"

namespace cc {
namespace {

using namespace std::chrono_literals;
using cctest::joinLines;
using cctest::startsWith;

class Ponder : public cctest::EngineSession {
  protected:
    // Every line that arrives within `quiet` of the one before, info lines included.
    std::vector<std::string> drain(std::chrono::milliseconds quiet = 200ms) {
        std::vector<std::string> lines;
        while (const std::optional<std::string> line = engine.readLine(quiet))
            lines.push_back(*line);
        return lines;
    }

    // Reads until a bestmove line (returned) or the timeout (empty); counts others.
    std::string awaitBestmove(std::chrono::milliseconds timeout = 10000ms) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            const std::optional<std::string> line = engine.readLine(100ms);
            if (!line) continue;
            if (startsWith(*line, "bestmove ")) return *line;
            EXPECT_TRUE(startsWith(*line, "info ")) << *line;
        }
        return {};
    }

    static size_t bestmoves(const std::vector<std::string>& lines) {
        return size_t(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
            return startsWith(line, "bestmove ");
        }));
    }

    std::set<std::string> legalMoves() {
        const std::vector<std::string> words = cctest::words(askOne("legal"));
        return {words.begin() + 1, words.end()};
    }
};

TEST_F(Ponder, OptionIsAnnouncedAsACheck) {
    const std::vector<std::string> lines = ask("cci");
    EXPECT_NE(std::find(lines.begin(), lines.end(), "option name Ponder type check default false"),
              lines.end())
        << joinLines(lines);
    silent("setoption name Ponder value true");
    silent("setoption name ponder value FALSE");
    expectRejected("setoption name Ponder value yes");
    expectRejected("setoption name Ponder");
}

TEST_F(Ponder, NoAnswerUntilPonderhitThenTheLimitsApply) {
    silent("setoption name Ponder value true");
    silent("position startpos moves m4-l5");
    const std::set<std::string> legal = legalMoves();
    // A depth the search reaches at once, so its line always holds a reply however
    // loaded the machine is.
    ASSERT_TRUE(engine.sendLine("go ponder depth 2"));
    // A ponder search ignores the limit until the hit: it goes past depth 2 unanswered.
    const std::optional<std::vector<std::string>> pastTheLimit =
        engine.readUntilPrefix("info depth 3");
    ASSERT_TRUE(pastTheLimit) << "no search past depth 2 while pondering";
    std::vector<std::string> before = *pastTheLimit;
    ASSERT_TRUE(engine.sendLine("isready"));
    while (const std::optional<std::string> line = engine.readLine(5000ms)) {
        if (*line == "readyok") break;
        before.push_back(*line);
    }
    EXPECT_EQ(bestmoves(before), 0u) << joinLines(before);
    ASSERT_TRUE(engine.sendLine("ponderhit"));
    const std::string best = awaitBestmove();
    ASSERT_FALSE(best.empty()) << "no bestmove after ponderhit";
    const std::vector<std::string> words = cctest::words(best);
    EXPECT_EQ(legal.count(words.at(1)), 1u) << best;
    EXPECT_EQ(bestmoves(drain()), 0u);
    // The ponder move is a legal reply to the move chosen.
    ASSERT_EQ(words.size(), 4u) << best;
    EXPECT_EQ(words[2], "ponder");
    silent("position startpos moves m4-l5 " + words[1]);
    EXPECT_EQ(legalMoves().count(words[3]), 1u) << best;
}

TEST_F(Ponder, StopGivesOneAnswerAtOnce) {
    ASSERT_TRUE(engine.sendLine("go ponder p1time 60000 p2time 60000"));
    ASSERT_TRUE(engine.readUntilPrefix("info ")) << "the ponder search did not start";
    const std::vector<std::string> stopped = ask("stop");
    EXPECT_EQ(bestmoves(stopped), 1u) << joinLines(stopped);
    // Without the Ponder option the answer names no reply.
    EXPECT_EQ(cctest::words(stopped.back()).size(), 2u) << stopped.back();
    EXPECT_TRUE(ask("isready").empty());
}

TEST_F(Ponder, CommandsWhilePonderingAndPonderhitOutOfPlace) {
    expectRejected("ponderhit");
    expectRejected("ponderhit now");
    ASSERT_TRUE(engine.sendLine("go ponder depth 3"));
    ASSERT_TRUE(engine.readUntilPrefix("info ")) << "the ponder search did not start";
    for (const std::string command : {"position startpos", "go depth 1", "setrules players=3"}) {
        std::vector<std::string> reply = ask(command);
        reply.erase(std::remove_if(reply.begin(), reply.end(),
                                   [](const std::string& l) { return startsWith(l, "info "); }),
                    reply.end());
        ASSERT_EQ(reply.size(), 1u) << command << joinLines(reply);
        EXPECT_TRUE(startsWith(reply[0], "error busy: ")) << reply[0];
    }
    ASSERT_TRUE(engine.sendLine("ponderhit"));
    ASSERT_FALSE(awaitBestmove().empty());
    // The hit was taken once; the search it started has answered.
    expectRejected("ponderhit");
}

TEST_F(Ponder, FinishedGameWaitsForStop) {
    silent("position startpos moves resign");
    ASSERT_TRUE(engine.sendLine("go ponder"));
    const std::vector<std::string> before = drain(300ms);
    EXPECT_EQ(bestmoves(before), 0u) << joinLines(before);
    const std::vector<std::string> stopped = ask("stop");
    ASSERT_FALSE(stopped.empty());
    EXPECT_EQ(stopped.back(), "bestmove none");
}

}  // namespace
}  // namespace cc
