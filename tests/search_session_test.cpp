// go through the real binary (protocol-spec/protocol.md, go): a legal bestmove under
// every preset and player count and in special positions, exactly one bestmove per go,
// the commands taken while a search or perft runs, proven finishes and a prevented loss.

#include <algorithm>
#include <map>
#include <set>

#include "engine_session.h"
#include "rules_test_util.h"

namespace cc {
namespace {

using namespace std::chrono_literals;
using cctest::EngineProcess;
using cctest::joinLines;
using cctest::startsWith;
using rulestest::armExcept;
using rulestest::boardText;
using rulestest::Pieces;

class Search : public cctest::EngineSession {
  protected:
    // The legal moves as `legal` prints them.
    std::set<std::string> legalMoves() {
        const std::vector<std::string> line = cctest::words(askOne("legal"));
        return {line.begin() + 1, line.end()};
    }

    // Sends `go <args>`, checks the reply is info lines then exactly one bestmove, and
    // returns the move.
    std::string go(const std::string& args) {
        const std::vector<std::string> reply = ask("go " + args, 0, 60000ms);
        int bestmoves = 0;
        std::string best;
        for (const std::string& line : reply) {
            if (startsWith(line, "bestmove ")) {
                ++bestmoves;
                best = line.substr(9);
            } else {
                EXPECT_TRUE(startsWith(line, "info ")) << "go " << args << ":" << joinLines(reply);
            }
        }
        EXPECT_EQ(bestmoves, 1) << "go " << args << ":" << joinLines(reply);
        EXPECT_EQ(reply.empty() ? "" : reply.back().substr(0, 9), "bestmove ") << joinLines(reply);
        lastReply_ = reply;
        return best;
    }

    // The bestmove of `go` is one of `legal`'s moves, and every pv starts with a legal move.
    std::string legalBestmove(const std::string& args) {
        const std::set<std::string> legal = legalMoves();
        std::string best = go(args);
        EXPECT_TRUE(legal.count(best) == 1) << "bestmove " << best << " is not legal";
        for (const std::string& line : lastReply_) {
            const std::vector<std::string> words = cctest::words(line);
            const auto pv = std::find(words.begin(), words.end(), "pv");
            if (pv != words.end() && pv + 1 != words.end()) {
                EXPECT_TRUE(legal.count(*(pv + 1)) == 1) << line;
            }
        }
        return best;
    }

    // The score of the last info line: "cp N" or "mate N".
    std::string lastScore() {
        for (auto line = lastReply_.rbegin(); line != lastReply_.rend(); ++line) {
            const std::vector<std::string> words = cctest::words(*line);
            const auto score = std::find(words.begin(), words.end(), "score");
            if (score != words.end() && score + 2 < words.end())
                return *(score + 1) + " " + *(score + 2);
        }
        return "";
    }

    std::vector<std::string> lastReply_;
};

TEST_F(Search, LegalBestmoveUnderEveryPresetAndPlayerCount) {
    for (const std::string preset : {"standard", "masters", "card", "super", "diamond", "sec5"}) {
        for (int players = 1; players <= 6; ++players) {
            const std::string rules =
                "setrules preset=" + preset + " players=" + std::to_string(players);
            const std::vector<std::string> reply = ask(rules);
            if (!reply.empty()) continue;  // the preset does not allow this count
            SCOPED_TRACE(rules);
            std::string moves;
            for (int ply = 0; ply < 3; ++ply) {
                const std::string best = legalBestmove(
                    players == 1 ? "movetime 200"
                                 : "nodes " + std::to_string(cctest::sanitizedVolume(4000)));
                if (best == "none" || HasFailure()) break;
                moves += " " + best;
                silent("position startpos moves" + moves);
            }
        }
    }
}

TEST_F(Search, LegalBestmoveWithBonusSwapPassAndMustLeave) {
    // A bonus move pending (super): the same player moves again.
    silent("setrules preset=super");
    silent("position startpos moves m4-m5");
    const std::string bonusText = askOne("getposition").substr(9);
    std::string bonus = bonusText;
    bonus.replace(bonus.find(" 2 "), 3, " 1+ ");
    silent("position " + bonus);
    EXPECT_TRUE(startsWith(legalBestmove("depth 3"), "m")) << "player 1 moves again";

    // A swap into the goal is on offer (swap=any): whatever is chosen is legal.
    silent("setrules swap=any finish=all");
    silent("position " +
           boardText({{"1", "h13 e17 e16 f16 e15 f15 g15 m1 l2 m2"},
                      {"4", "h14 e8 f8 g8 h8 i8 e7 f7 g7 h7"}}) +
           " 1 1 0 0 - - playing");
    ASSERT_TRUE(legalMoves().count("h13-h14*"));
    legalBestmove("depth 3");

    // A forced pass, also on a bonus move.
    silent("setrules preset=card bonus=on passround=off");
    silent("position " +
           boardText({{"1", armExcept(4, "e17") + " m1"}, {"4", armExcept(1, "m1") + " e17"}}) +
           " 1+ 1 0 0 - - playing");
    EXPECT_EQ(go("depth 3"), "pass");

    // Must-leave: only the moves out of the blocked goal are legal.
    silent("setrules mustleave=on finish=all");
    silent("position " +
           boardText({{"1", "j4 e11 f11 g11 h11 i11 e10 f10 g10 h10"},
                      {"4", armExcept(1, "j4") + " m9"}}) +
           " 1 1 0 0 - - playing");
    const std::string best = legalBestmove("depth 3");
    EXPECT_TRUE(best == "j4-i5" || best == "j4-j5") << best;
}

TEST_F(Search, ExactlyOneBestmoveInEveryCase) {
    // One move left by searchmoves, a finished game, greedy and random: at once.
    EXPECT_EQ(go("depth 5 searchmoves k3-k5"), "k3-k5");
    EXPECT_TRUE(lastReply_.size() == 1) << joinLines(lastReply_);
    silent("setoption name Player value greedy");
    legalBestmove("depth 9");
    silent("setoption name Player value random");
    legalBestmove("depth 9");
    silent("setoption name Player value search");
    silent("position startpos moves resign");
    EXPECT_EQ(go("depth 3"), "none");
    EXPECT_EQ(lastReply_.front(), "info string game over (resign): no move to search");
    // After stop: one bestmove, and nothing more later.
    silent("position startpos");
    ASSERT_TRUE(engine.sendLine("go infinite"));
    ASSERT_TRUE(engine.readUntilPrefix("info ")) << "the search did not start";
    const std::vector<std::string> stopped = ask("stop");
    EXPECT_EQ(std::count_if(stopped.begin(), stopped.end(),
                            [](const std::string& l) { return startsWith(l, "bestmove "); }),
              1)
        << joinLines(stopped);
    EXPECT_EQ(ask("isready").size(), 0u);
}

TEST_F(Search, TheScoreDoesNotSwingWithTheDepthsParity) {
    // One search's values from the start swing by 450 to 880 centi-steps between
    // consecutive depths (the last ply's side gains a move); the shown mean of two
    // depths moves by less than a move's progress (protocol.md, score stability).
    std::map<int, int> scoreAt;
    for (const std::string& line : ask("go depth 9", 0, 60000ms)) {
        const std::vector<std::string> words = cctest::words(line);
        const auto depth = std::find(words.begin(), words.end(), "depth");
        const auto cp = std::find(words.begin(), words.end(), "cp");
        if (depth + 1 < words.end() && cp + 1 < words.end())
            scoreAt[std::stoi(*(depth + 1))] = std::stoi(*(cp + 1));
    }
    ASSERT_EQ(scoreAt.size(), 9U);
    for (int depth = 5; depth <= 9; ++depth)
        EXPECT_LT(std::abs(scoreAt[depth] - scoreAt[depth - 1]), 250) << "depth " << depth;
}

TEST_F(Search, IsreadyAndRefusalsDuringGoInfiniteAndPerft) {
    // The search keeps printing info lines meanwhile: they are skipped here.
    auto withoutInfo = [](std::vector<std::string> lines) {
        lines.erase(
            std::remove_if(lines.begin(), lines.end(),
                           [](const std::string& l) { return startsWith(l, "info depth"); }),
            lines.end());
        return lines;
    };
    for (const std::string job : {"go infinite", "perft 30"}) {
        SCOPED_TRACE(job);
        ASSERT_TRUE(engine.sendLine(job));
        ASSERT_TRUE(engine.sendLine("isready"));
        std::optional<std::string> ready;
        do {
            ready = engine.readLine(2000ms);
        } while (ready && startsWith(*ready, "info depth"));
        EXPECT_EQ(ready, std::optional<std::string>("readyok"));
        EXPECT_EQ(withoutInfo(ask("legal m4")), std::vector<std::string>{"legal m4-m5 m4-l5"});
        for (const std::string command :
             {"position startpos", "setrules players=3", "go depth 1", "perft 1", "newgame",
              "setoption name Hash value 1", "bench"}) {
            const std::vector<std::string> refused = withoutInfo(ask(command));
            ASSERT_EQ(refused.size(), 1u) << command << joinLines(refused);
            EXPECT_TRUE(startsWith(refused[0], "error busy: ")) << command << ": " << refused[0];
        }
        const std::vector<std::string> stopped = ask("stop");
        ASSERT_FALSE(stopped.empty());
        EXPECT_TRUE(startsWith(stopped.back(),
                               job == "go infinite" ? "bestmove " : "info string perft stopped"))
            << joinLines(stopped);
        silent("position startpos");  // taken again once the answer is out
    }
}

TEST(SearchQuit, QuitAndEndOfInputStopASearchPromptly) {
    for (const std::string job : {"go infinite", "perft 30", "go depth 120", "bench 20"}) {
        for (const bool closeInput : {false, true}) {
            SCOPED_TRACE(job + (closeInput ? " then end of input" : " then quit"));
            EngineProcess engine;
            ASSERT_TRUE(engine.started());
            ASSERT_TRUE(engine.sendLine(job));
            // `isready` is answered while the job runs: once readyok is out, it runs.
            ASSERT_TRUE(engine.sendLine("isready"));
            ASSERT_TRUE(engine.readUntilPrefix("readyok")) << "no readyok while the job runs";
            if (closeInput) {
                engine.closeStdin();
            } else {
                ASSERT_TRUE(engine.sendLine("quit"));
            }
            const auto started = std::chrono::steady_clock::now();
            const cctest::ExitStatus status = engine.waitExit(5000ms);
            EXPECT_TRUE(status.cleanExit(0)) << status.describe();
            EXPECT_LT(std::chrono::steady_clock::now() - started, 2000ms);
            std::vector<std::string> lines;
            while (const std::optional<std::string> line = engine.readLine(100ms))
                lines.push_back(*line);
            ASSERT_FALSE(lines.empty());
            if (startsWith(job, "go")) {
                EXPECT_TRUE(startsWith(lines.back(), "bestmove ")) << joinLines(lines);
            }
        }
    }
}

// Player 1's nine pieces in its goal (arm 4) with one hole free; player 2 far from
// finishing. `last` is where player 1's tenth piece stands.
std::string nearlyHome(const std::string& last, const std::string& freeHole) {
    return boardText({{"1", armExcept(4, freeHole) + " " + last},
                      {"4", "m7 j6 k6 l6 k4 l4 m4 l3 m3 m2"}}) +
           " 1 30 0 0 - - playing";
}

TEST_F(Search, FinishesInOneAndTwoOwnTurnsAreFound) {
    silent("position " + nearlyHome("h13", "h14"));
    EXPECT_EQ(go("depth 3"), "h13-h14");
    EXPECT_EQ(lastScore(), "mate 1");
    silent("position " + nearlyHome("h12", "h14"));
    const std::string first = go("depth 4");
    EXPECT_TRUE(first == "h12-h13" || first == "h12-g13") << first;
    EXPECT_EQ(lastScore(), "mate 2");
}

TEST_F(Search, ALossInOneIsPrevented) {
    // finish=all: player 2's nine pieces in its goal (arm 1) with j4 free and its tenth
    // on j5; player 1 can step into j4 from i5 and so keep player 2 from finishing.
    silent("setrules finish=all");
    silent("position " +
           boardText({{"1", "e17 e16 f16 e15 f15 g15 e14 f14 i9 i5"},
                      {"4", armExcept(1, "j4") + " j5"}}) +
           " 1 30 0 0 - - playing");
    EXPECT_EQ(go("depth 3"), "i5-j4");
    EXPECT_NE(lastScore(), "mate -1");
}

TEST_F(Search, InfoLinesAreWellFormed) {
    silent("setoption name MultiPV value 3");
    go("depth 4");
    int lines = 0;
    for (const std::string& line : lastReply_) {
        if (!startsWith(line, "info depth")) continue;
        ++lines;
        const std::vector<std::string> words = cctest::words(line);
        for (const std::string key :
             {"seldepth", "multipv", "score", "nodes", "nps", "time", "hashfull", "pv"}) {
            EXPECT_NE(std::find(words.begin(), words.end(), key), words.end())
                << key << " missing: " << line;
        }
    }
    EXPECT_GE(lines, 12) << "three lines per depth and a final one";
}

}  // namespace
}  // namespace cc
