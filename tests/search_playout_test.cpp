// The values a Monte-Carlo playout ends with (search/mcts/playout.h): the share of opponents
// beaten when places go on after the first finish, the chance of first place when only
// first place counts.

#include <gtest/gtest.h>

#include "rules_test_util.h"
#include "search/mcts/playout.h"

namespace cc {
namespace {

using rulestest::makeGame;
using rulestest::Pieces;

// Three players (seats 1, 3, 5): player 1 with three pieces in the middle row, player 2
// at home, player 3 at home or with one piece on its way.
Game race(const std::string& end, bool thirdAdvanced) {
    const std::string third = thirdAdvanced ? "j13 k13 l13 m13 k12 l12 m12 l11 m11 e9"
                                            : "j13 k13 l13 m13 k12 l12 m12 l11 m11 m10";
    const Pieces pieces = {
        {"1", "m1 l2 m2 k3 l3 m3 m4 h9 i9 j9"}, {"3", rulestest::kArm[3]}, {"5", third}};
    return makeGame("players=3 " + end, pieces);
}

PlayerValues valuesOf(const Game& game) {
    const Playout playout(game.layout(), PlayoutSettings{}, game.position());
    return playout.values(game.position());
}

TEST(PlayoutValues, UnderEndFirstOnlyTheLeadOverTheBestOpponentCounts) {
    const PlayerValues home = valuesOf(race("end=first", false));
    const PlayerValues advanced = valuesOf(race("end=first", true));
    EXPECT_GT(home[0], 0.5F) << "the leader";
    EXPECT_LT(home[1], 0.5F);
    EXPECT_LT(advanced[2], 0.5F) << "player 3 is still behind the leader";
    // Player 3's progress does not change player 2's race against the leader...
    EXPECT_FLOAT_EQ(advanced[1], home[1]);
    // ...but changes its own and the leader's.
    EXPECT_GT(advanced[2], home[2]);
    EXPECT_LT(advanced[0], home[0]);
}

TEST(PlayoutValues, UnderEndAllEveryOpponentBeatenCounts) {
    const PlayerValues home = valuesOf(race("end=all", false));
    const PlayerValues advanced = valuesOf(race("end=all", true));
    EXPECT_LT(advanced[1], home[1]) << "player 3 now beats player 2 more often";
    EXPECT_GT(advanced[2], home[2]);
    float sum = 0;
    for (int player = 0; player < 3; ++player) sum += home[size_t(player)];
    EXPECT_NEAR(sum, 1.5F, 1e-5F) << "each pair shares one win";
}

TEST(PlayoutValues, UnderEndFirstAFinishedGameIsWonOrLost) {
    for (const int sharing : {1, 2}) {
        SCOPED_TRACE(sharing);
        Game game = race("end=first", false);
        Position over = game.position();
        over.setPlace(0, 1, false);
        if (sharing == 2) over.setPlace(2, 1, false);
        over.setStatus(GameStatus::Finish);
        const Playout playout(game.layout(), PlayoutSettings{}, game.position());
        const PlayerValues values = playout.values(over);
        EXPECT_FLOAT_EQ(values[0], 1.0F / float(sharing));
        EXPECT_FLOAT_EQ(values[1], 0.0F) << "second place is worth nothing";
        EXPECT_FLOAT_EQ(values[2], sharing == 2 ? 0.5F : 0.0F);
    }
}

TEST(PlayoutValues, UnderEndFirstAPlayerFirstInTheLastRoundHasNothingLeftToGo) {
    // Fair finish: player 1 has finished, the round goes on for players 2 and 3.
    Game game = race("end=first fairfinish=on", true);
    Position lastRound = game.position();
    lastRound.setPlace(0, 1, false);
    const Playout playout(game.layout(), PlayoutSettings{}, game.position());
    const PlayerValues values = playout.values(lastRound);
    const PlayerValues racing = valuesOf(race("end=first fairfinish=on", true));
    EXPECT_GT(values[0], racing[0]);
    EXPECT_LT(values[1], racing[1]);
    EXPECT_LT(values[2], racing[2]);
}

}  // namespace
}  // namespace cc
