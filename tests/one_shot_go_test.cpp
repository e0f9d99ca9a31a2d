// A one-shot `ccengine go ...` reads no stdin, so it must either bound the search for
// the player to move or be refused (protocol-spec/command-line.md). Each
// run has a deadline: a search without a bound shows up as a timed-out run.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine_process.h"

namespace {

using namespace cctest;
using namespace std::chrono_literals;

std::string refusal(int player) {
    const std::string number = std::to_string(player);
    return "error go: a one-shot go needs a bound for player " + number +
           " (to move): depth, nodes, movetime or p" + number + "time, without infinite or ponder";
}

std::vector<std::string> withCommand(std::vector<std::string> setup,
                                     const std::vector<std::string>& command) {
    setup.insert(setup.end(), command.begin(), command.end());
    return setup;
}

TEST(OneShotGo, WithoutABoundForTheMoverIsRefused) {
    const std::vector<std::vector<std::string>> unbounded = {
        {"go"},
        {"go", "infinite"},
        {"go", "p1inc", "100"},
        {"go", "searchmoves", "m4-l5"},
        {"go", "movestogo", "5"},
        {"go", "p2time", "1000"},
        {"go", "wtime", "1000", "infinite"},
        {"go", "depth", "3", "infinite"},
        {"go", "ponder", "movetime", "100"},
        {"go", "p2time", "1000", "p1inc", "100", "movestogo", "5", "searchmoves", "m4-l5"},
    };
    for (const auto& command : unbounded) {
        SCOPED_TRACE(command.back());
        const RunResult run = runEngine(command, {}, 5000ms);
        ASSERT_FALSE(run.status.timedOut) << "a one-shot go searched without end";
        EXPECT_TRUE(run.status.cleanExit(1)) << run.status.describe();
        EXPECT_EQ(run.lines, std::vector<std::string>{refusal(1)});
        EXPECT_EQ(run.errors, "");
    }
}

TEST(OneShotGo, TheMoverDecidesWhoseClockBounds) {
    // Player 2 to move: its clock bounds the search, player 1's does not.
    const std::vector<std::string> setup = {"--position", "startpos moves m4-l5"};
    const RunResult refused = runEngine(withCommand(setup, {"go", "p1time", "1000"}), {}, 5000ms);
    ASSERT_FALSE(refused.status.timedOut) << "a one-shot go searched without end";
    EXPECT_TRUE(refused.status.cleanExit(1)) << refused.status.describe();
    EXPECT_EQ(refused.lines, std::vector<std::string>{refusal(2)});

    const RunResult bounded = runEngine(withCommand(setup, {"go", "p2time", "1000"}), {}, 5000ms);
    ASSERT_FALSE(bounded.status.timedOut) << "a one-shot go searched without end";
    EXPECT_TRUE(bounded.status.cleanExit(0)) << bounded.status.describe();
    ASSERT_FALSE(bounded.lines.empty());
    EXPECT_EQ(bounded.lines.back().rfind("bestmove ", 0), 0U) << bounded.lines.back();
}

TEST(OneShotGo, EveryBoundingWordEndsTheSearch) {
    const std::vector<std::vector<std::string>> bounded = {
        {"go", "depth", "2"},
        {"go", "nodes", "5000"},
        {"go", "movetime", "50"},
        {"go", "p1time", "500"},
        {"go", "wtime", "500", "winc", "10", "movestogo", "5"},
        {"go", "depth", "2", "searchmoves", "m4-l5"},
    };
    for (const auto& command : bounded) {
        SCOPED_TRACE(command[1]);
        const RunResult run = runEngine(command, {}, 5000ms);
        ASSERT_FALSE(run.status.timedOut) << "a bounded one-shot go did not end";
        EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe();
        ASSERT_FALSE(run.lines.empty());
        EXPECT_EQ(run.lines.back().rfind("bestmove ", 0), 0U) << run.lines.back();
    }
}

TEST(OneShotGo, WordsGoCannotReadGetGosOwnError) {
    const RunResult run = runEngine({"go", "depth", "0"}, {}, 5000ms);
    ASSERT_FALSE(run.status.timedOut);
    EXPECT_TRUE(run.status.cleanExit(1)) << run.status.describe();
    ASSERT_EQ(run.lines.size(), 1U);
    EXPECT_EQ(run.lines[0], "error go: bad value '0' for depth: expected 1..120");
}

}  // namespace
