// Hostile input against the real engine binary (the fixture: hostile_session.h), the
// second part: positions with thousands of moves, deeply nested and repeated words,
// many commands in one write, and input or output that ends abruptly.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hostile_session.h"

namespace {

using namespace cctest;

// ---------------------------------------------------------------- long games

TEST_F(Hostile, PositionWithThousandsOfMoves) {
    std::string cycle;
    for (int i = 0; i < 1000; ++i) cycle += " m4-m5 e14-e13 m5-m4 e13-e14";  // 4000 moves
    silent("setrules movelimit=0 stall=0");
    silent("position startpos moves" + cycle);
    EXPECT_EQ(askOne("getposition"), "position " + kStartBoard + " 1 2001 2 0 - - playing");
    // Same game in indices.
    std::string indexCycle;
    for (int i = 0; i < 1000; ++i) indexCycle += " 6-14 114-105 14-6 105-114";
    silent("position startpos moves m4-l5");
    silent("position startpos moves" + indexCycle);
    EXPECT_EQ(askOne("getposition"), "position " + kStartBoard + " 1 2001 2 0 - - playing");

    // One bad move at the very end rejects all of it.
    silent("position startpos moves m4-l5");
    expectRejected("position startpos moves" + cycle + " m4-m6");
    expectRejected("position startpos moves" + cycle + cycle + cycle + " e14");

    // Under the default rules the game ends at the move limit (200 rounds): the
    // 401st move is refused and the old position kept.
    silent("setrules preset=standard");
    silent("position startpos moves m4-l5");
    expectRejected("position startpos moves" + cycle);
    expectRejected("position startpos moves" + cycle + cycle + cycle + cycle + cycle);
}

TEST_F(Hostile, ResignsAndPassesInLongLists) {
    // Three players: after one resigns the other two play on; a second resignation ends it.
    silent("setrules preset=standard players=3 movelimit=0 stall=0");
    std::string moves = " resign";
    for (int i = 0; i < 500; ++i) moves += " d10-e10 m10-l10 e10-d10 l10-m10";  // seats 3, 5
    silent("position startpos moves" + moves);
    const std::string result = askOne("result");
    EXPECT_EQ(result, "result ongoing places 3,0,0");
    expectRejected("position startpos moves" + moves + " resign resign m4-m5");
    EXPECT_EQ(askOne("result"), result);
}

// ---------------------------------------------------------------- nesting, repetition of words

TEST_F(Hostile, DeeplyNestedAndRepeatedWords) {
    setUpNonDefaultState();
    auto repeat = [](std::string_view unit, int times) {
        std::string out;
        out.reserve(unit.size() * size_t(times));
        for (int i = 0; i < times; ++i) out += unit;
        return out;
    };
    for (const std::string& input : std::vector<std::string>{
             repeat("(", 100000) + repeat(")", 100000),
             repeat("[", 50000) + "legal" + repeat("]", 50000),
             repeat("{\"a\":", 30000) + "1" + repeat("}", 30000), repeat("position ", 20000),
             repeat("legal ", 20000), "setrules " + repeat("preset=", 20000) + "super",
             "setrules " + repeat("a=", 50000), "setrules " + repeat("players=2 ", 10000),
             "setoption name name name value value value",
             "setoption " + repeat("name value ", 10000),
             "position startpos moves " + repeat("moves ", 20000),
             "position " + repeat("startpos ", 8), "position " + repeat("startpos ", 9),
             "position startpos moves " + repeat("m4-", 30000) + "l5",
             "position startpos moves " + repeat("-", 100000),
             "position startpos moves " + repeat("*", 100000),
             "position startpos moves m4-l5" + repeat("*", 1000),
             "perft " + repeat("divide ", 10000), "legal " + repeat("m4", 10000)}) {
        expectRejected(input);
    }
}

// A chain of hops may revisit holes (protocol-spec/rules.md §5.1 Steps and hops): a
// 20000-hop chain that ends on a legal landing is one legal move.
TEST_F(Hostile, VeryLongHopChain) {
    silent("position startpos moves k3-k5");
    const std::string expected = askOne("getposition");
    std::string chain = "k3";
    for (int i = 0; i < 10000; ++i) chain += "-k5-k3";
    chain += "-k5";
    silent("position startpos moves " + chain);
    EXPECT_EQ(askOne("getposition"), expected);
}

// ---------------------------------------------------------------- pipelining

TEST_F(Hostile, ManyCommandsInOneWrite) {
    std::string batch;
    for (int i = 0; i < 5000; ++i) batch += "isready\n";
    for (int i = 0; i < 2000; ++i) batch += i % 2 == 0 ? "legal\n" : "bogus\n";
    ASSERT_TRUE(engine.write(batch));
    for (int i = 0; i < 5000; ++i) {
        const std::optional<std::string> line = engine.readLine();
        ASSERT_EQ(line, "readyok") << "reply " << i;
    }
    for (int i = 0; i < 2000; ++i) {
        const std::optional<std::string> line = engine.readLine();
        ASSERT_TRUE(line.has_value()) << "reply " << i;
        EXPECT_TRUE(startsWith(*line, i % 2 == 0 ? "legal " : "error ")) << *line;
    }
    EXPECT_TRUE(survive("").empty());
}

// ---------------------------------------------------------------- abrupt ends

TEST(HostileEnd, InputEndsInsideALine) {
    using namespace std::string_literals;
    for (const std::string& input :
         std::vector<std::string>{"getposition", "position startpos moves m4-", "\0"s, "\r",
                                  "bogus\r", "setrules preset=super players="}) {
        SCOPED_TRACE(visible(input));
        EngineProcess engine;
        ASSERT_TRUE(engine.started());
        engine.write(input);
        engine.closeStdin();
        const ExitStatus status = engine.waitExit(5000ms);
        EXPECT_TRUE(status.cleanExit(0)) << status.describe();
        std::vector<std::string> lines;
        while (auto line = engine.readLine(100ms)) lines.push_back(*line);
        EXPECT_LE(lines.size(), 1u) << joinLines(lines);
        for (const std::string& line : lines) EXPECT_TRUE(isProtocolLine(line));
    }
}

TEST(HostileEnd, StdoutClosedByTheReader) {
    // A GUI that goes away: the engine must not hang or crash loudly on a closed pipe.
    EngineProcess engine;
    ASSERT_TRUE(engine.started());
    ASSERT_TRUE(engine.write("isready\n"));
    EXPECT_EQ(engine.readLine(), "readyok");
    engine.closeStdout();
    std::string batch;
    for (int i = 0; i < 1000; ++i) batch += "legal\n";
    engine.write(batch + "quit\n", 5000ms);
    const ExitStatus status = engine.waitExit(5000ms);
    EXPECT_FALSE(status.timedOut);
    EXPECT_FALSE(status.signaled && status.signal != SIGPIPE) << status.describe();
}

}  // namespace
