// The Monte-Carlo sums stay exact over a long analysis: a node or a history entry given
// more than 2^24 values (past where a float sum stops growing) keeps their mean. The
// history entry's count is halved on the way (at 2^22), which must keep the mean too.

#include <gtest/gtest.h>

#include <cstdint>

#include "search/mcts/mcts_tree.h"

namespace cc {
namespace {

// More values than a float sum of them can take in: 0.6 each, so the sum passes 2^23
// (where a float rounds each to a whole 1) and nears 2^24.
constexpr uint32_t kManyValues = (uint32_t{1} << 24) + (uint32_t{1} << 22);
constexpr float kValue = 0.6F;

TEST(MctsSums, ANodeKeepsItsMeanPastTwoToTheTwentyFourValues) {
    MctsNode node;
    for (uint32_t visit = 0; visit < kManyValues; ++visit) {
        node.visits.fetch_add(1, std::memory_order_relaxed);
        node.addValue(kValue);
    }
    EXPECT_EQ(node.visitCount(), kManyValues);
    // The node's sum is in steps of 2^-31: its mean is within 2^-32 of the values'.
    EXPECT_NEAR(node.values() / double(node.visitCount()), double(kValue), 1e-9);
}

TEST(MctsSums, AHistoryEntryKeepsItsMeanPastTwoToTheTwentyFourValues) {
    MctsHistoryEntry entry;
    for (uint32_t playout = 0; playout < kManyValues; ++playout) entry.add(kValue);
    // The entry's sum is in steps of 2^-20: its mean is within 2^-21 (5e-7) of the values'.
    EXPECT_NEAR(entry.mean(), double(kValue), 1e-6);
}

}  // namespace
}  // namespace cc
