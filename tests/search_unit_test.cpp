// The search's ground: the hash key tells apart what changes moves or outcome, the
// table keeps what it is given, and the time budget stays within the clock.

#include <gtest/gtest.h>

#include "rules_test_util.h"
#include "search/score.h"
#include "search/time/timeman.h"
#include "search/tt.h"

namespace cc {
namespace {

using rulestest::startGame;

TEST(SearchKey, PlacesResignationsAndFinishedArmiesChangeTheKeyNotTheRepetitionKey) {
    const Game game = startGame("players=3");
    const Position start = game.position();
    Position placed = start;
    placed.setPlace(1, 3, true);
    EXPECT_NE(placed.key(), start.key());
    EXPECT_EQ(placed.repetitionKey(), start.repetitionKey());
    Position finishedArmy = start;
    finishedArmy.setArmyDone(2);
    EXPECT_NE(finishedArmy.key(), start.key());
    EXPECT_NE(finishedArmy.key(), placed.key());
    Position undone = placed;
    undone.setPlace(1, 0, false);
    EXPECT_EQ(undone.key(), start.key()) << "the key follows the state, not its history";
    Position ended = start;
    ended.setStatus(GameStatus::Stall);
    EXPECT_NE(ended.key(), start.key());
}

TEST(SearchKey, TheRulesAreInTheKey) {
    EXPECT_NE(startGame("players=2").position().key(),
              startGame("players=2 stall=10").position().key());
}

TEST(TranspositionTable, StoresAndFindsAndClears) {
    TranspositionTable table(1);
    const uint64_t key = 0x123456789abcdefULL;
    EXPECT_FALSE(table.probe(key).has_value());
    table.newSearch();
    table.store(key, -1234, 7, Bound::Lower, Move::normal(5, 17));
    const std::optional<TableEntry> entry = table.probe(key);
    ASSERT_TRUE(entry.has_value());
    EXPECT_EQ(entry->score, -1234);
    EXPECT_EQ(entry->depth, 7);
    EXPECT_EQ(entry->bound, Bound::Lower);
    EXPECT_EQ(entry->move, std::optional<Move>(Move::normal(5, 17)));
    EXPECT_FALSE(table.probe(key ^ 1).has_value());
    EXPECT_GT(table.hashfull(), -1);
    table.clear();
    EXPECT_FALSE(table.probe(key).has_value());
    // Stored again after a clear, the entry is found, and a second clear drops it too.
    table.newSearch();
    table.store(key, 5, 3, Bound::Exact, std::nullopt);
    EXPECT_TRUE(table.probe(key).has_value());
    table.clear();
    EXPECT_FALSE(table.probe(key).has_value());
}

// The memory is taken by the first search, and a resize gives it back until the next.
TEST(TranspositionTable, TakesItsMemoryAtTheFirstSearch) {
    TranspositionTable table(1);
    EXPECT_EQ(table.memoryBytes(), 0U);
    EXPECT_EQ(table.hashfull(), 0);
    table.clear();
    EXPECT_EQ(table.memoryBytes(), 0U);
    table.newSearch();
    EXPECT_EQ(table.memoryBytes(), size_t{1} << 20);
    table.store(42, 1, 1, Bound::Exact, std::nullopt);
    table.resize(2);
    EXPECT_EQ(table.memoryBytes(), 0U);
    EXPECT_FALSE(table.probe(42).has_value());
    table.newSearch();
    EXPECT_EQ(table.memoryBytes(), size_t{2} << 20);
    EXPECT_FALSE(table.probe(42).has_value());
}

TEST(TimeManagement, BudgetsStayWithinTheClockAndFollowTheLimits) {
    SearchLimits limits;
    limits.time[0] = 10000;
    limits.increment[0] = 100;
    const TimeBudget budget = planTime(limits, 0, Millis(30), 40);
    ASSERT_TRUE(budget.soft && budget.hard);
    EXPECT_LE(*budget.soft, *budget.hard);
    EXPECT_LT(budget.hard->count(), 10000 - 30);
    EXPECT_GT(budget.soft->count(), 100);
    // Another player's clock does not matter; movetime is all used (less the reply
    // margin), with no soft limit to stop early.
    SearchLimits other;
    other.time[1] = 10;
    EXPECT_FALSE(planTime(other, 0, Millis(30), 40).hard.has_value());
    SearchLimits fixed;
    fixed.moveTime = 500;
    EXPECT_EQ(planTime(fixed, 0, Millis(30), 40).hard, std::optional<Millis>(Millis(495)));
    EXPECT_FALSE(planTime(fixed, 0, Millis(30), 40).soft.has_value());
    EXPECT_EQ(planTime(fixed, 0, Millis(2), 40).hard, std::optional<Millis>(Millis(498)));
    // With a clock as well, the clock's soft limit stays, never beyond the hard one.
    fixed.time[0] = 600000;
    const TimeBudget both = planTime(fixed, 0, Millis(30), 40);
    EXPECT_EQ(both.hard, std::optional<Millis>(Millis(495)));
    ASSERT_TRUE(both.soft.has_value());
    EXPECT_LE(*both.soft, *both.hard);
    // Almost no time left: still at least a millisecond, never more than the clock.
    SearchLimits flagging;
    flagging.time[0] = 5;
    const TimeBudget tiny = planTime(flagging, 0, Millis(30), 40);
    EXPECT_GE(tiny.hard->count(), 1);
    EXPECT_LE(tiny.hard->count(), 5);
    // A fast game living on its increment: below three overheads (plus the overhead
    // itself) the engine answers at once, so the clock climbs back instead of sinking.
    SearchLimits living;
    living.time[0] = 100;
    living.increment[0] = 10;
    EXPECT_EQ(planTime(living, 0, Millis(30), 40).hard, std::optional<Millis>(Millis(1)));
    living.time[0] = 130;
    EXPECT_EQ(planTime(living, 0, Millis(30), 40).hard, std::optional<Millis>(Millis(5)));
}

TEST(ShownScore, TheMeanOfTwoDepthsForHeuristicValuesOnly) {
    EXPECT_EQ(shownValue(566, 19), 292);
    EXPECT_EQ(shownValue(-120, 300), 90);
    EXPECT_EQ(shownValue(kMate - 5, 400), kMate - 5) << "a proven finish is shown as it is";
    EXPECT_EQ(shownValue(400, -(kMate - 7)), 400) << "and does not pull a value";
    EXPECT_EQ(shownValue(kSharedWin, 300), kSharedWin);
    EXPECT_EQ(shownValue(kLikelySoleWin, 300), kLikelySoleWin);
}

}  // namespace
}  // namespace cc
