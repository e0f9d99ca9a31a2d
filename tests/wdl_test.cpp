// The win-chance model (search/wdl.h): whole per mille summing to 1000, the mover's
// chance rising with its score, proven results and a first place already taken.

#include "search/wdl.h"

#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "core/game.h"
#include "layout_for.h"

namespace cc {
namespace {

using testutil::layoutFor;

TEST(WinChances, SumTo1000AndRiseWithTheMoversScore) {
    for (int players = 2; players <= 6; ++players) {
        const auto layout = layoutFor("players=" + std::to_string(players));
        const Position start = Position::start(*layout);
        const WinChances chances(start, Evaluator(*layout));
        int previous = -1;
        for (int score = -3000; score <= 3000; score += 250) {
            const std::vector<int> first = chances.firstPlace(Score{false, score});
            ASSERT_EQ(first.size(), size_t(players));
            EXPECT_EQ(std::accumulate(first.begin(), first.end(), 0), 1000) << players;
            const int mover = first[size_t(start.mover())];
            EXPECT_GE(mover, previous) << players << " players, score " << score;
            previous = mover;
        }
        EXPECT_GT(previous, 1000 / players);
    }
}

TEST(WinChances, LevelAtTwoPlayersIsAnEvenChance) {
    const auto layout = layoutFor("players=2");
    const WinChances chances(Position::start(*layout), Evaluator(*layout));
    EXPECT_EQ(chances.firstPlace(Score{false, 0}), (std::vector<int>{500, 500}));
    const std::vector<int> ahead = chances.firstPlace(Score{false, 400});
    EXPECT_GT(ahead[0], 500);
    EXPECT_EQ(chances.firstPlace(Score{false, -400}), (std::vector<int>{ahead[1], ahead[0]}));
}

TEST(WinChances, ProvenResultsAndATakenFirstPlace) {
    const auto layout = layoutFor("players=3");
    const Position start = Position::start(*layout);
    const WinChances chances(start, Evaluator(*layout));
    const auto mover = size_t(start.mover());
    EXPECT_EQ(chances.firstPlace(Score{true, 2})[mover], 1000);
    const std::vector<int> lost = chances.firstPlace(Score{true, -2});
    EXPECT_EQ(lost[mover], 0);
    EXPECT_EQ(std::accumulate(lost.begin(), lost.end(), 0), 1000);
    // Two players, player 1 resigns: player 2 is first, whatever the score.
    const auto two = layoutFor("players=2");
    Position resigned = Position::start(*two);
    playMove(resigned, Move::resign());
    const WinChances over(resigned, Evaluator(*two));
    EXPECT_EQ(over.firstPlace(Score{false, 5000}), (std::vector<int>{0, 1000}));
}

}  // namespace
}  // namespace cc
