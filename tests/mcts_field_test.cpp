// How the Monte-Carlo search reads the other players from the game record
// (search/mcts/field.h): greedy racers are read as greedy and get today's playouts, players
// that do not race greedily get the playouts cut sooner at six players, and a record too
// short to tell leaves the playouts as they are.

#include <gtest/gtest.h>

#include <climits>

#include "core/movegen.h"
#include "rules_test_util.h"
#include "search/eval/eval.h"
#include "search/mcts/field.h"
#include "search/players.h"

namespace cc {
namespace {

using rulestest::startGame;

// The legal move that brings its piece least far towards its goal: never greedy while
// the moves differ.
Move slowestMove(const Position& position, const MoveList& moves) {
    const Layout& layout = position.layout();
    Move slowest = moves[0];
    int gain = INT_MAX;
    for (const Move move : moves) {
        if (!move.isPieceMove()) continue;
        const Seat seat = position.seatAt(move.from);
        const int moved =
            layout.distanceToGoal(seat, move.from) - layout.distanceToGoal(seat, move.to);
        if (moved < gain) {
            gain = moved;
            slowest = move;
        }
    }
    return slowest;
}

// A game of `plies` plies in which every player but the last to move plays greedily, or
// (greedyOthers false) the slowest move.
Game playedGame(const std::string& rules, int plies, bool greedyOthers) {
    Game game = startGame(rules);
    for (int ply = 0; ply < plies; ++ply) {
        MoveList moves;
        generateLegal(game.position(), moves);
        const Position& now = game.position();
        game.play(greedyOthers ? greedyMove(now, moves, uint64_t(ply) + 1)
                               : slowestMove(now, moves));
    }
    return game;
}

TEST(MctsField, GreedyRacersAreReadAsGreedyAndKeepTheLongPlayouts) {
    const Game game = playedGame("players=6", 30, true);
    mcts::FieldReading reading;
    const MctsSettings settings = mcts::fieldSettings(game, reading);
    EXPECT_EQ(reading.moves, 5);  // a round of the five others
    EXPECT_EQ(reading.greedy, 5);
    EXPECT_TRUE(mcts::greedyField(reading));
    EXPECT_EQ(settings.playout.cutRounds, MctsSettings{}.playout.cutRounds);
    // Against greedy racers the six-player cut is valued by the row fitted against them,
    // in which a piece behind costs only its steps.
    ASSERT_TRUE(settings.playout.weights.has_value());
    EXPECT_EQ(settings.playout.weights->lagging, 0);
    EXPECT_NE(evalWeightsFor(6).lagging, 0);
}

TEST(MctsField, GreedyRacersAtFourPlayersKeepTheirRow) {
    mcts::FieldReading reading;
    const MctsSettings settings = mcts::fieldSettings(playedGame("players=4", 20, true), reading);
    EXPECT_TRUE(mcts::greedyField(reading));
    EXPECT_FALSE(settings.playout.weights.has_value());
}

TEST(MctsField, PlayersThatDoNotRaceGreedilyGetShorterPlayoutsAtSixPlayers) {
    mcts::FieldReading reading;
    const MctsSettings six = mcts::fieldSettings(playedGame("players=6", 30, false), reading);
    EXPECT_EQ(reading.moves, 5);
    EXPECT_EQ(reading.greedy, 0);
    EXPECT_FALSE(mcts::greedyField(reading));
    EXPECT_EQ(six.playout.cutRounds, 2);
    EXPECT_FALSE(six.playout.weights.has_value());
    // Measured to gain only at six players: four keep their playouts.
    const MctsSettings four = mcts::fieldSettings(playedGame("players=4", 20, false), reading);
    EXPECT_FALSE(mcts::greedyField(reading));
    EXPECT_EQ(four.playout.cutRounds, MctsSettings{}.playout.cutRounds);
}

TEST(MctsField, ARecordTooShortToTellKeepsThePlayouts) {
    mcts::FieldReading reading;
    const MctsSettings settings = mcts::fieldSettings(playedGame("players=6", 2, false), reading);
    EXPECT_EQ(reading.moves, 2);
    EXPECT_TRUE(mcts::greedyField(reading));
    EXPECT_EQ(settings.playout.cutRounds, MctsSettings{}.playout.cutRounds);
    EXPECT_FALSE(settings.playout.weights.has_value());
}

TEST(MctsField, OnlyTheOtherPlayersMovesAreRead) {
    // The mover's own two slow moves of the last two rounds are not read.
    const Game game = playedGame("players=3", 12, false);
    const mcts::FieldReading reading = mcts::readField(game, game.position().mover(), 6);
    EXPECT_EQ(reading.moves, 4);
}

}  // namespace
}  // namespace cc
