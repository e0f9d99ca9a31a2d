// Perft tables: every preset at every player count it allows, multi-army layouts and
// midgame positions. The figures come from the independent Python reference
// (scripts/reference/ccref.py, written from the rules of protocol-spec/rules.md without
// reading this engine; regenerate with scripts/reference/make_perft_table.py), and the
// standard start agrees with four independent public generators.

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "util/text.h"

namespace cc {
namespace {

struct PerftCase {
    std::string rules;
    std::string position;
    std::vector<uint64_t> counts;  // perft 1, 2, ...
};

std::ostream& operator<<(std::ostream& out, const PerftCase& c) {
    return out << c.rules << " | " << c.position;
}

const std::vector<PerftCase>& cases() {
    static const std::vector<PerftCase> table = {
        {"preset=standard players=1",
         "./../.../..../............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 340, 9378}},
        {"preset=standard players=2",
         "4/44/444/4444/............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 4760}},
        {"preset=standard players=3",
         "./../.../..../3333.....5555/333......555/33.......55/3........5/........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 2744}},
        {"preset=standard players=4",
         "4/44/444/4444/.........5555/.........555/.........55/.........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 199, 2786}},
        {"preset=standard players=5",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 199, 2828}},
        {"preset=standard players=6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {14, 199, 2828}},
        {"preset=masters players=1",
         "./../.../..../............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 340, 9378}},
        {"preset=masters players=2",
         "4/44/444/4444/............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 4760}},
        {"preset=masters players=3",
         "./../.../..../3333.....5555/333......555/33.......55/3........5/........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 2744}},
        {"preset=masters players=4",
         "4/44/444/4444/.........5555/.........555/.........55/.........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 197, 2758}},
        {"preset=masters players=5",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 197, 2772}},
        {"preset=masters players=6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {14, 197, 2772}},
        {"preset=super players=1",
         "./../.../..../............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 348, 9990}},
        {"preset=super players=2",
         "4/44/444/4444/............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 4872}},
        {"preset=super players=3",
         "./../.../..../3333.....5555/333......555/33.......55/3........5/........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 2744}},
        {"preset=super players=4",
         "4/44/444/4444/.........5555/.........555/.........55/.........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 204, 2856}},
        {"preset=super players=5",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 204, 3012}},
        {"preset=super players=6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {14, 204, 2992}},
        {"preset=sec5 players=1",
         "./../.../..../............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 340, 9378}},
        {"preset=sec5 players=2",
         "4/44/444/4444/............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 4760}},
        {"preset=sec5 players=3",
         "./../.../..../3333.....5555/333......555/33.......55/3........5/........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 2744}},
        {"preset=sec5 players=4",
         "4/44/444/4444/.........5555/.........555/.........55/.........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 199, 2786}},
        {"preset=sec5 players=5",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........./"
         "22........./222........./2222........./1111/111/11/1 1 1 0 0 - - playing",
         {14, 199, 2828}},
        {"preset=sec5 players=6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {14, 199, 2828}},
        {"preset=card players=2",
         "4/44/444/4444/............./............/.........../........../........./........../"
         ".........../............/............./1111/111/11/1 1 1 0 0 - - playing",
         {14, 196, 4760}},
        {"preset=diamond players=2",
         "4k/44/444/4444/....44444..../............/.........../........../........./........../"
         ".........../............/....11111..../1111/111/11/1k 1 1 0 0 - - playing",
         {20, 400, 12560}},
        {"preset=diamond players=3",
         "./../.../..../3k3333...55555k/3333....5555/333.....555/33......55/3.......5/........../"
         ".........../............/....11111..../1111/111/11/1k 1 1 0 0 - - playing",
         {20, 400, 8000}},
        {"preset=standard armies=1+4,2+5,3+6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {28, 790, 22456}},
        {"preset=masters armies=1+3+5,2+4+6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {42, 1782, 92904}},
        {"preset=super armies=1+4,2+5,3+6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {28, 800, 23404}},
        {"preset=sec5 armies=1+3+5,2+4+6",
         "4/44/444/4444/3333.....5555/333......555/33.......55/3........5/........./2........6/"
         "22.......66/222......666/2222.....6666/1111/111/11/1 1 1 0 0 - - playing",
         {42, 1782, 50532}},
        {"preset=standard players=2",
         "./4./.../4.4./.......1...../.......1..../.........../...11.4.../....1.4../......1.../"
         "..1.1.4..../...1...4..../.....4..1..../4.../.4./../. 1 21 0 0 - - playing",
         {90, 4996, 410688}},
        {"preset=masters players=2",
         "./11/.4./.4../.....1.1...../.....4.4..../...1......./........../4.....4../........../"
         ".1..1....../...4.1.1..../........4..../4.../.1./../4 1 31 0 0 - - playing",
         {57, 2935, 168051}},
        {"preset=card players=2",
         "./../114/..1./....1.4....../....14.1..../.........../.4..4...../4....4.../........../"
         ".....1...../.....4....1./.....4......./1..4/.../../1 1 33 0 0 - - playing",
         {48, 2478, 116068}},
        {"preset=super players=2",
         "./../.../4.4./....4...1..../....4.44..../......44.../........1./........./........../"
         ".......1.../...114..1.../....1...1..../11../..4'/../. 2 12 0 0 - - playing",
         {63, 3785, 264752}},
        {"preset=super players=3",
         "1'/../1'../.1'../.....31....../...5...5..../........5../.3....55.5/.....5.../.....5..../"
         "...5.1.3..3'/.......3'.3'../...5'...13.3'3'3'/111./.1./../. 1 11 2 0 - - playing",
         {89, 8440, 842957}},
        {"preset=diamond players=2",
         "./1./44./..../....1...4..../....1k......./..1.1.1..../....4...../14.4...../..414.11../"
         "..41.144.../...44.4...../.......4k...../..../111/../. 1 31 0 0 - - playing",
         {85, 6845, 572784}},
        {"preset=diamond players=3",
         "./../.../.1k.1/..3..3.51..5./..3...53.5.5/..515..13../..1..5.335/5.315k.535/..3.3....3/"
         ".5311....../...5..1.1.../....1...133k../..../.1./.1/. 2 24 0 0 - - playing",
         {94, 10136, 999888}},
        {"preset=sec5 players=2",
         "1/.4/.../..41/....11...4.../.......1..../....4...1../........../..1....4./...4.4.4../"
         "...4......./...1...14.../............./..../..1/../. 1 33 0 0 - - playing",
         {62, 3697, 226014}},
        {"preset=masters players=4",
         "./.1/14./.1.1/.....1155...5/........2.../....14..2../.2.4.5.4.2/...2.4..5/.1.42...../"
         ".2...5...../55..2..21.../5..2.4.5...../4..4/4../.1/. 1 26 0 0 - - playing",
         {56, 4159, 231783}},
        {"preset=standard players=6",
         "./1./44./..../...63.4...6../3.6.....2.55/355.4.6.6../3.11...645/3165.5231/.1....2..6/"
         "2215...2..3/....4..2.33./52.5.2.3..66./4142/11./44/. 1 16 1 0 - - playing",
         {74, 4199, 161088}},
        {"preset=standard players=2 unused=filled hops=long",
         "1/.4/1.1/..44/xxxx.4...xxxx/xxx4.....xxx/xx..4....xx/x.1......x/.4......./x14......x/"
         "xx..4....xx/xxx......xxx/xxxx.....xxxx/11.1/.1./.1/4 1 11 0 0 - - playing",
         {82, 5685, 419512}},
        {"preset=masters armies=1+4,2+5,3+6",
         "./.4/..4/.111/3.3.1.43.5..5/666.22.3.52./3.2...6.12./36..5..345/.416.2..1/.54.4..41./"
         "..6..262.../5...4.3.2.63/552.5..64..3./1.../.../1./. 1 31 1 0 - - playing",
         {134, 13264, 1259575}},
        {"preset=masters players=2 swap=final",
         "./1./11./1.../............./....1..41.../...4.1...../......4.../....4..../.4......../"
         "...4..4..../....4..14.../....4......../..../..1/../1 1 34 1 0 - - playing",
         {45, 2910, 131370}},
        {"preset=sec5 players=3 bonus=on goallock=on",
         "./.1'/..1'/1'.../.3...1......1/...........5/35.5....1../.5.......5/..511..../........3./"
         "5'.1..3..5../5'5'........3'3'/..3....3.3'.../...3/.../1./. 1 28 0 0 - - playing",
         {45, 2263, 107453}},
    };
    return table;
}

class PerftTable : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTable, MatchesReference) {
    const PerftCase& c = GetParam();
    Engine engine;
    ASSERT_TRUE(engine.setRules(splitWords(c.rules)).ok());
    ASSERT_TRUE(engine.setPosition(c.position, {}).ok());
    for (size_t depth = 1; depth <= c.counts.size(); ++depth) {
        EXPECT_EQ(engine.perft(int(depth), nullptr, HoleNotation::Name).value(),
                  c.counts[depth - 1])
            << "depth " << depth;
    }
}

INSTANTIATE_TEST_SUITE_P(Reference, PerftTable, ::testing::ValuesIn(cases()));

TEST(Perft, StandardStartAgreesWithPublicGenerators) {
    // Standard start, 2 players, classic hops, free arms, no goal lock, one move per
    // distinct (from, to).
    Engine engine;
    const std::vector<uint64_t> expected = {14, 196, 4760, 115600, 3188520};
    for (size_t depth = 1; depth <= expected.size(); ++depth) {
        EXPECT_EQ(engine.perft(int(depth), nullptr, HoleNotation::Name).value(),
                  expected[depth - 1])
            << "depth " << depth;
    }
}

TEST(Perft, DivideAddsUpAndDepthZeroIsOne) {
    Engine engine;
    EXPECT_EQ(engine.perft(0, nullptr, HoleNotation::Name).value(), 1u);
    uint64_t sum = 0;
    int moves = 0;
    const uint64_t total = engine
                               .perft(
                                   3,
                                   [&](std::string_view, uint64_t nodes) {
                                       sum += nodes;
                                       ++moves;
                                   },
                                   HoleNotation::Name)
                               .value();
    EXPECT_EQ(total, 4760u);
    EXPECT_EQ(sum, total);
    EXPECT_EQ(moves, 14);
}

TEST(Perft, FinishedGameIsOneLeaf) {
    Engine engine;
    ASSERT_TRUE(engine.setPosition(std::nullopt, {"resign"}).ok());
    EXPECT_TRUE(engine.position().over());
    EXPECT_EQ(engine.perft(4, nullptr, HoleNotation::Name).value(), 1u);
}

}  // namespace
}  // namespace cc

namespace cc {
namespace {

TEST(Perft, StopGivesNoCountAndAFinishedCountSurvivesALateStop) {
    Engine engine;
    std::atomic<bool> stop = true;
    EXPECT_FALSE(engine.perft(5, nullptr, HoleNotation::Name, &stop).has_value());
    // Depth 1 is counted in bulk before any stop is looked at: complete.
    EXPECT_EQ(engine.perft(1, nullptr, HoleNotation::Name, &stop), std::optional<uint64_t>(14));
    stop = false;
    EXPECT_EQ(engine.perft(3, nullptr, HoleNotation::Name, &stop), std::optional<uint64_t>(4760));
}

}  // namespace
}  // namespace cc

namespace cc {
namespace {

using Divide = std::vector<std::pair<std::string, uint64_t>>;

Divide divideOf(Engine& engine, int depth) {
    Divide lines;
    engine.perft(
        depth,
        [&](std::string_view move, uint64_t nodes) {
            lines.emplace_back(std::string(move), nodes);
        },
        HoleNotation::Name);
    return lines;
}

void setThreads(Engine& engine, int threads) {
    EngineOptions options = engine.options();
    options.search.threads = threads;
    engine.setOptions(options);
}

// Threads share out the first two plies; the counts, and the divide lines in their
// order, must not depend on how many count them. Three threads, so the shares are
// uneven; the multi-army, repetition and bonus cases take the other paths.
TEST_P(PerftTable, SameCountsOnSeveralThreads) {
    const PerftCase& c = GetParam();
    Engine engine;
    ASSERT_TRUE(engine.setRules(splitWords(c.rules)).ok());
    ASSERT_TRUE(engine.setPosition(c.position, {}).ok());
    const int depth = int(c.counts.size());
    const Divide single = divideOf(engine, depth);
    setThreads(engine, 3);
    EXPECT_EQ(engine.perft(depth, nullptr, HoleNotation::Name).value(), c.counts.back());
    EXPECT_EQ(divideOf(engine, depth), single);
}

// With repetition on, each thread keeps its own history of the line: a game that has
// already seen its current position twice ends the lines that return to it, on any
// thread count.
TEST(Perft, ThreadedCountKeepsRepetitionHistory) {
    Engine engine;
    ASSERT_TRUE(engine.setRules({"players=2", "repetition=3"}).ok());
    ASSERT_TRUE(engine.setPosition(std::nullopt, {"m4-l5", "e14-e13", "l5-m4", "e13-e14"}).ok());
    const Divide single = divideOf(engine, 5);
    Engine without;
    ASSERT_TRUE(without.setPosition(std::nullopt, {"m4-l5", "e14-e13", "l5-m4", "e13-e14"}).ok());
    ASSERT_NE(divideOf(without, 5), single) << "the history must end some lines";
    setThreads(engine, 2);
    EXPECT_EQ(divideOf(engine, 5), single);
    uint64_t sum = 0;
    for (const auto& line : single) sum += line.second;
    EXPECT_EQ(engine.perft(5, nullptr, HoleNotation::Name).value(), sum);
}

TEST(Perft, ThreadedCountIsStoppedAndRepeatable) {
    Engine engine;
    setThreads(engine, 2);
    std::atomic<bool> stop = true;
    EXPECT_FALSE(engine.perft(5, nullptr, HoleNotation::Name, &stop).has_value());
    stop = false;
    EXPECT_EQ(engine.perft(5, nullptr, HoleNotation::Name, &stop),
              std::optional<uint64_t>(3188520));
}

}  // namespace
}  // namespace cc
