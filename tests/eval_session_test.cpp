// `eval` through the real binary (protocol-spec/protocol.md, eval): one line per player
// whose terms add up to its total, a score line that is the leader's total minus the
// mover's plus tempo, a clear answer on a finished game, and nothing changed.

#include <algorithm>
#include <numeric>
#include <string>

#include "engine_session.h"

namespace cc {
namespace {

using cctest::joinLines;

// The number after `key` in a line of words.
long valueAfter(const std::vector<std::string>& words, const std::string& key) {
    for (size_t index = 0; index + 1 < words.size(); ++index) {
        if (words[index] == key) return std::stol(words[index + 1]);
    }
    ADD_FAILURE() << "no " << key;
    return 0;
}

class Eval : public cctest::EngineSession {
  protected:
    // Checks the reply's shape and sums; returns the score line's words.
    std::vector<std::string> evalChecked(int players) {
        const std::vector<std::string> before = state();
        std::vector<std::string> reply = ask("eval");
        EXPECT_EQ(state(), before) << "eval changed the state";
        // Without a race table (RacePath) it says so first, in one line.
        const bool saysNoTable =
            !reply.empty() && reply.front().starts_with("info string no race table");
        EXPECT_TRUE(saysNoTable) << joinLines(reply);
        if (saysNoTable) reply.erase(reply.begin());
        const size_t lines = size_t(players) + 1;
        EXPECT_EQ(reply.size(), lines) << joinLines(reply);
        if (reply.size() != lines) return {};
        std::vector<long> totals;
        for (int player = 0; player < players; ++player) {
            const std::vector<std::string> words = cctest::words(reply[size_t(player)]);
            EXPECT_EQ(words[0], "eval");
            EXPECT_EQ(valueAfter(words, "player"), player + 1);
            long sum = 0;
            for (const std::string term :
                 {"steps", "straggler", "king", "athome", "parked", "offaxis", "lagging", "hops",
                  "fillheld", "outside", "guard"})
                sum += valueAfter(words, term);
            EXPECT_EQ(sum, valueAfter(words, "total")) << reply[size_t(player)];
            totals.push_back(valueAfter(words, "total"));
        }
        std::vector<std::string> score = cctest::words(reply.back());
        EXPECT_EQ(score[0] + " " + score[1] + " " + score[2], "eval score cp") << reply.back();
        const long mover = valueAfter(score, "mover");
        const long leader = valueAfter(score, "leader");
        EXPECT_EQ(valueAfter(score, "cp"), totals[size_t(leader - 1)] - totals[size_t(mover - 1)] +
                                               valueAfter(score, "tempo"))
            << joinLines(reply);
        return score;
    }
};

TEST_F(Eval, TermsAddUpAndTheScoreIsTheLeadersTotalLessTheMovers) {
    ask("position startpos moves m3-k5");
    const std::vector<std::string> score = evalChecked(2);
    // Player 1 has moved a piece two steps (more than the tempo): player 2, to move, is
    // behind.
    EXPECT_EQ(valueAfter(score, "mover"), 2);
    EXPECT_LT(valueAfter(score, "cp"), 0);
    ask("setrules players=6");
    evalChecked(6);
    ask("setrules players=3 finish=all");
    evalChecked(3);
}

TEST_F(Eval, AFinishedGameGetsAClearAnswerAndNothingChanges) {
    ask("position startpos moves resign");
    const std::vector<std::string> before = state();
    EXPECT_EQ(askOne("eval"), "info string game over: no evaluation (see result)");
    EXPECT_EQ(state(), before);
    expectRejected("eval now");
}

// ShowWDL (protocol-spec/protocol.md, go, Win chances): announced by cci; every info line
// with a score then carries `wdl w d l` (2 players) or `first p1 .. pN`, summing to 1000.
class Chances : public cctest::EngineSession {
  protected:
    // The per mille after `word` on every info line of `go <args>`.
    std::vector<std::vector<long>> chancesOf(const std::string& args, const std::string& word,
                                             size_t count) {
        std::vector<std::vector<long>> result;
        for (const std::string& line : ask("go " + args, 0, std::chrono::milliseconds(60000))) {
            const std::vector<std::string> words = cctest::words(line);
            if (words[0] != "info" || words[1] == "string") continue;
            const auto at = std::find(words.begin(), words.end(), word);
            EXPECT_NE(at, words.end()) << line;
            if (at == words.end() || words.end() - at <= long(count)) continue;
            std::vector<long> values;
            for (size_t index = 1; index <= count; ++index)
                values.push_back(std::stol(*(at + long(index))));
            EXPECT_EQ(std::accumulate(values.begin(), values.end(), 0L), 1000) << line;
            result.push_back(values);
        }
        return result;
    }
};

TEST_F(Chances, AnnouncedAndOnEveryInfoLineOnlyWhenAsked) {
    const std::vector<std::string> cci = ask("cci");
    EXPECT_NE(std::find(cci.begin(), cci.end(), "option name ShowWDL type check default false"),
              cci.end())
        << joinLines(cci);
    for (const std::string& line : ask("go depth 3", 0, std::chrono::milliseconds(60000)))
        EXPECT_EQ(line.find(" wdl "), std::string::npos) << line;
    silent("setoption name ShowWDL value true");
    ask("position startpos moves m4-l5");
    const auto two = chancesOf("depth 4", "wdl", 3);
    ASSERT_FALSE(two.empty());
    EXPECT_EQ(two.back()[1], 0);  // the model has no draws
    ask("setrules players=6");
    EXPECT_FALSE(chancesOf("nodes 300", "first", 6).empty());
    ask("setrules players=3");
    EXPECT_FALSE(chancesOf("depth 2", "first", 3).empty());
}

TEST_F(Chances, TheOptionDuringASearchIsRefusedAndChangesNothing) {
    ASSERT_TRUE(engine.sendLine("go infinite"));
    // The search's info lines may come between the replies.
    std::vector<std::string> refused = ask("setoption name ShowWDL value true");
    std::erase_if(refused, [](const std::string& line) { return line.rfind("info ", 0) == 0; });
    ASSERT_EQ(refused.size(), 1u) << joinLines(refused);
    EXPECT_EQ(refused[0].rfind("error busy: ", 0), 0u) << refused[0];
    const std::vector<std::string> stopped = ask("stop");
    ASSERT_FALSE(stopped.empty());
    EXPECT_EQ(stopped.back().rfind("bestmove ", 0), 0u) << joinLines(stopped);
    // Still off: the next search's lines carry no chances.
    for (const std::string& line : ask("go depth 2"))
        EXPECT_EQ(line.find(" wdl "), std::string::npos) << line;
}

}  // namespace
}  // namespace cc
