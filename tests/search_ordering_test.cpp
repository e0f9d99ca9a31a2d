// Alpha-beta's small parts: the move picker's order (the table's move, the killers,
// then gain and history), the threads' vote and the skill noise.

#include <gtest/gtest.h>

#include <vector>

#include "search/alphabeta/busy_children.h"
#include "search/alphabeta/move_picker.h"
#include "search/alphabeta/skill_noise.h"
#include "search/alphabeta/thread_vote.h"
#include "search/score.h"

namespace cc {
namespace {

constexpr Move kA = Move::normal(1, 2);
constexpr Move kB = Move::normal(3, 4);
constexpr Move kC = Move::normal(5, 6);

std::vector<Move> pickAll(std::vector<ScoredMove> moves) {
    MovePicker picker(moves);
    std::vector<Move> order;
    while (const std::optional<ScoredMove> next = picker.next()) order.push_back(next->move);
    EXPECT_FALSE(picker.next().has_value()) << "an exhausted picker stays exhausted";
    return order;
}

TEST(MovePicker, HandsOutTheMovesBestFirst) {
    const std::vector<Move> order = pickAll({{kA, 0, 5}, {kB, 0, 90}, {kC, 0, -3}});
    EXPECT_EQ(order, (std::vector<Move>{kB, kA, kC}));
}

TEST(Killers, TheNewerKillerComesFirstAndBothBeatAnyGainOrHistory) {
    Killers killers;
    killers.remember(7, kA);
    killers.remember(7, kB);
    EXPECT_EQ(killers.bonus(7, kB), kFirstKillerScore);
    EXPECT_EQ(killers.bonus(7, kA), kSecondKillerScore);
    EXPECT_EQ(killers.bonus(7, kC), 0);
    EXPECT_EQ(killers.bonus(6, kB), 0) << "killers are kept per ply";
    killers.remember(7, kB);
    EXPECT_EQ(killers.bonus(7, kA), kSecondKillerScore)
        << "remembering the first again keeps the second";

    // The largest plain score: a move across the board (at most 32 steps) with full history.
    const int bestPlain = plainOrderScore(32, INT16_MAX);
    EXPECT_GT(kSecondKillerScore + plainOrderScore(-32, INT16_MIN), bestPlain);
    EXPECT_GT(kFirstKillerScore + plainOrderScore(-32, INT16_MIN), kSecondKillerScore + bestPlain);
    EXPECT_GT(kTableMoveScore, kFirstKillerScore + bestPlain);
    EXPECT_GE(kSecondKillerScore + plainOrderScore(-32, INT16_MIN), kUnreducedScore)
        << "a killer is never reduced";
    EXPECT_LT(bestPlain, kUnreducedScore) << "a plain move may be reduced";
}

TEST(RewardHistory, GrowsWithDepthAndStaysBounded) {
    int16_t shallow = 0;
    int16_t deep = 0;
    rewardHistory(shallow, 2);
    rewardHistory(deep, 10);
    EXPECT_GT(deep, shallow);
    EXPECT_GT(shallow, 0);
    int16_t entry = 0;
    for (int time = 0; time < 1000; ++time) rewardHistory(entry, 30);
    EXPECT_GT(entry, 0);
    EXPECT_LE(entry, 16384);
}

// The children 1, 2, 3, 4 in the order `visit` is called for them, put-off ones again.
template <typename Visitor>
std::vector<int> visitOrder(Visitor visit) {
    const std::vector<int> fresh{1, 2, 3, 4};
    size_t next = 0;
    std::vector<int> putOff;
    std::vector<int> visited;
    visitPuttingOffBusy(
        putOff,
        [&]() -> std::optional<int> {
            if (next == fresh.size()) return std::nullopt;
            return fresh[next++];
        },
        [&](int child, bool mayPutOff) {
            const Visit result = visit(child, mayPutOff);
            if (result != Visit::PutOff) visited.push_back(child);
            return result;
        });
    return visited;
}

TEST(VisitPuttingOffBusy, BusyChildrenComeLastAndTheFirstIsNeverPutOff) {
    EXPECT_EQ(
        visitOrder([](int, bool mayPutOff) { return mayPutOff ? Visit::PutOff : Visit::Searched; }),
        (std::vector<int>{1, 2, 3, 4}))
        << "only the first is searched at once, the others are put off once, then searched";
    EXPECT_EQ(visitOrder([](int child, bool mayPutOff) {
                  return child == 2 && mayPutOff ? Visit::PutOff : Visit::Searched;
              }),
              (std::vector<int>{1, 3, 4, 2}))
        << "a put-off child is searched last";
    EXPECT_EQ(visitOrder([](int child, bool mayPutOff) {
                  if (child == 2 && mayPutOff) return Visit::PutOff;
                  return child == 4 ? Visit::Stop : Visit::Searched;
              }),
              (std::vector<int>{1, 3, 4}))
        << "a stop ends the visit, put-off children too";
}

TEST(ThreadVote, TheMainThreadAnswersAloneOrWhenItsMoveHasTheMostVotes) {
    EXPECT_EQ(chooseAnswer({{kA, 50, 6}}), 0U);
    // Two threads at the main thread's parity agreeing on kB outvote it.
    EXPECT_EQ(chooseAnswer({{kA, 50, 6}, {kB, 60, 8}, {kB, 55, 6}}), 1U);
    // A helper at the other parity does not vote.
    EXPECT_EQ(chooseAnswer({{kA, 50, 6}, {kB, 900, 7}}), 0U);
    // A helper with no completed depth does not vote.
    EXPECT_EQ(chooseAnswer({{kA, 50, 6}, {kB, 900, 0}}), 0U);
    // A proven win beats any vote.
    EXPECT_EQ(chooseAnswer({{kA, 50, 6}, {kA, 50, 6}, {kC, kMate - 9, 4}}), 2U);
    // The main thread's proven win is kept against more votes.
    EXPECT_EQ(chooseAnswer({{kA, kMate - 9, 6}, {kB, 60, 8}, {kB, 60, 8}}), 0U);
}

TEST(SkillNoise, SkipsUnsearchedLinesAndRepeatsForASeed) {
    const std::vector<LineScore> lines{{kA, 100}, {kB, -kInfinity}, {kC, 90}};
    for (uint64_t seed = 0; seed < 50; ++seed) {
        const std::optional<Move> choice = noisyBest(lines, 200, seed);
        ASSERT_TRUE(choice.has_value());
        EXPECT_NE(*choice, kB);
        EXPECT_EQ(*choice, *noisyBest(lines, 200, seed));
    }
    EXPECT_EQ(noisyBest(lines, 1, 7), kA) << "noise below a centi-step changes nothing";
    EXPECT_FALSE(noisyBest({{kB, -kInfinity}}, 10, 1).has_value());
    int picksOfC = 0;
    for (uint64_t seed = 0; seed < 200; ++seed)
        picksOfC += noisyBest(lines, 200, seed) == kC ? 1 : 0;
    EXPECT_GT(picksOfC, 0) << "enough noise sometimes picks the worse line";
}

}  // namespace
}  // namespace cc
