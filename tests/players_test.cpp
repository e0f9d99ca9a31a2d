// The built-in reference players (protocol-spec/protocol.md, option Player): the spoiler
// holds its home while any move lets it, and so keeps a greedy opponent out of a goal
// that only the opponent's own pieces fill.

#include "search/players.h"

#include <gtest/gtest.h>

#include "rules_test_util.h"

namespace cc {
namespace {

using rulestest::startGame;

int piecesIn(const Position& position, Seat seat, Bitboard holes) {
    return (position.army(seat) & holes).count();
}

// The spoiler (player 0, arm 1) against greedy (player 1, arm 4) for `plies` plies.
Game spoilerAgainstGreedy(const std::string& rules, int plies) {
    Game game = startGame(rules);
    for (int ply = 0; ply < plies && game.position().status() == GameStatus::Playing; ++ply) {
        MoveList moves;
        generateLegal(game.position(), moves);
        const Position& now = game.position();
        const uint64_t seed = uint64_t(ply) + 1;
        game.play(now.mover() == 0 ? spoilerMove(now, moves, seed) : greedyMove(now, moves, seed));
    }
    return game;
}

TEST(SpoilerPlayer, NeverLeavesTheOpponentsGoalWhileAnotherMoveIsLegal) {
    Game game = startGame("players=2 finish=all");
    const Bitboard home = game.layout().start(game.layout().armies(0)[0]);
    for (int ply = 0; ply < 160 && game.position().status() == GameStatus::Playing; ++ply) {
        const Position now = game.position();
        MoveList moves;
        generateLegal(now, moves);
        const Move chosen =
            now.mover() == 0 ? spoilerMove(now, moves, 7) : greedyMove(now, moves, 7);
        if (now.mover() == 0) {
            bool couldStay = false;
            for (const Move move : moves)
                couldStay =
                    couldStay || !move.isPieceMove() || !home.test(move.from) || home.test(move.to);
            if (couldStay)
                EXPECT_FALSE(chosen.isPieceMove() && home.test(chosen.from) &&
                             !home.test(chosen.to))
                    << "ply " << ply;
        }
        game.play(chosen);
    }
}

TEST(SpoilerPlayer, KeepsGreedyOutOfAGoalThatOnlyItsOwnPiecesFill) {
    // finish=all: the goal must hold all ten of greedy's own pieces, so pieces kept at
    // home stop it for good (rules.md, finish; the must-leave and swap rules exist for it).
    const Game game = spoilerAgainstGreedy("players=2 finish=all movelimit=0 stall=0", 300);
    EXPECT_EQ(game.position().status(), GameStatus::Playing);
    const Seat spoiler = game.layout().armies(0)[0];
    EXPECT_GE(piecesIn(game.position(), spoiler, game.layout().start(spoiler)), 5);
}

TEST(SpoilerPlayer, PlaysGreedilyWhenEveryMoveLeavesItsHome) {
    // At the start its home is full, so every move takes a piece out of it.
    const Game game = startGame("players=2 finish=all");
    MoveList moves;
    generateLegal(game.position(), moves);
    for (uint64_t seed = 1; seed <= 5; ++seed)
        EXPECT_EQ(spoilerMove(game.position(), moves, seed),
                  greedyMove(game.position(), moves, seed));
}

}  // namespace
}  // namespace cc
