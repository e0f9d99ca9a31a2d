// Against a blocker, what the search plays at its root and in its playouts
// (search/eval/blockade.h, protocol-spec/play.md, Against a blocker): the home
// kept shut, the guard refilled, the stall count left to run out, no placement of our
// pieces twice, and the playouts' guard kept in place.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/game.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "layout_for.h"
#include "search/eval/blockade.h"
#include "search/mcts/playout.h"
#include "util/random.h"

namespace cc {
namespace {

using testutil::layoutFor;
using testutil::parsedPosition;

constexpr Seat kSeat1 = 0;

// Player 2 (seat 4) keeps nine pieces at home; player 1 holds its guard (the two front
// rows of its home) and has three pieces in front of player 2's home. Round 10, player 1
// to move. `bottom` is player 1's home, `fifthRow` the row in front of it.
std::string board(const std::string& fifthRow, const std::string& bottom) {
    return "./44/444/4444/....111....../............/.........../........../........./"
           "........../.........../............/" +
           fifthRow + "/" + bottom + " 1 10 0 0 - - playing";
}

// The guard whole; player 2's free piece on i5.
const std::string kHeld = board("....4........", "1111/111/../.");
// The guard open on m4; player 1's tenth piece on m5 next to it, player 2's on n5.
const std::string kOpen = board("........14...", "111./111/../.");

MoveList legalMoves(const Position& position) {
    MoveList moves;
    generateLegal(position, moves);
    return moves;
}

bool contains(const MoveList& moves, const Position& position, const std::string& text) {
    const Expected<Move> move = parseMove(position, text);
    EXPECT_TRUE(move.ok()) << text;
    return std::find(moves.begin(), moves.end(), *move) != moves.end();
}

// Whether, after `move`, player 2 could bring a piece into player 1's home at once.
bool opensHome(const Position& root, Move move) {
    const Bitboard home = root.layout().start(kSeat1);
    Position next = root;
    playMove(next, move);
    for (const Move reply : legalMoves(next)) {
        if (home.test(reply.to) && !home.test(reply.from)) return true;
    }
    return false;
}

TEST(BlockadeRoot, NoMoveLetsTheBlockerIntoOurHome) {
    const auto layout = layoutFor("preset=standard");
    const Position root = parsedPosition(*layout, kOpen);
    const MoveList legal = legalMoves(root);
    const MoveList kept = Blockade(*layout).keepingHomeShut(root, legal);
    ASSERT_FALSE(kept.empty());
    EXPECT_LT(kept.size(), legal.size());
    for (const Move move : kept)
        EXPECT_FALSE(opensHome(root, move)) << int(move.from) << "-" << int(move.to);
    EXPECT_TRUE(contains(kept, root, "m5-m4"));
    // Without a blocker (no stall, the limit a draw) nothing is held back.
    const auto racing = layoutFor("preset=standard stall=0");
    EXPECT_EQ(Blockade(*racing).keepingHomeShut(root, legal).size(), legal.size());
}

TEST(BlockadeRoot, AnOpenGuardHoleIsRefilledFromOutside) {
    const auto layout = layoutFor("preset=sec5");
    const Position root = parsedPosition(*layout, kOpen);
    const MoveList kept = Blockade(*layout).refillingGuard(root, legalMoves(root));
    ASSERT_EQ(kept.size(), 1);
    EXPECT_TRUE(contains(kept, root, "m5-m4"));
    // A whole guard needs no refill.
    const Position held = parsedPosition(*layout, kHeld);
    EXPECT_EQ(Blockade(*layout).refillingGuard(held, legalMoves(held)).size(),
              legalMoves(held).size());
}

TEST(BlockadeRoot, AheadBehindAWholeGuardNoMoveRestartsTheStallCount) {
    const auto layout = layoutFor("preset=standard");
    const Position root = parsedPosition(*layout, kHeld);
    const MoveList legal = legalMoves(root);
    const MoveList kept = Blockade(*layout).keepingStall(root, legal);
    ASSERT_FALSE(kept.empty());
    EXPECT_LT(kept.size(), legal.size());
    for (const Move move : kept) {
        Position next = root;
        playMove(next, move);
        EXPECT_NE(next.quietMoves(), 0) << int(move.from) << "-" << int(move.to);
    }
    // No stall rule, or the guard not whole yet: every move stays.
    const auto noStall = layoutFor("preset=standard stall=0 limitresult=progress");
    EXPECT_EQ(Blockade(*noStall).keepingStall(root, legal).size(), legal.size());
    const Position open = parsedPosition(*layout, kOpen);
    EXPECT_EQ(Blockade(*layout).keepingStall(open, legalMoves(open)).size(),
              legalMoves(open).size());
}

Move moveOf(const Position& position, const std::string& text) {
    const Expected<Move> move = parseMove(position, text);
    EXPECT_TRUE(move.ok()) << text;
    return *move;
}

TEST(BlockadeRoot, OurPiecesNeverStandTwiceTheSameWay) {
    const auto layout = layoutFor("preset=sec5");
    Game game(layout, parsedPosition(*layout, kHeld));
    // Player 1 steps out and back, player 2's free piece too: the start comes back.
    for (const std::string text : {"e13-d13", "i5-h5", "d13-e13", "h5-i5"})
        game.play(moveOf(game.position(), text));
    const Position& root = game.position();
    const MoveList legal = legalMoves(root);
    const MoveList kept = Blockade(*layout).keepingFresh(game, legal);
    ASSERT_FALSE(kept.empty());
    EXPECT_FALSE(contains(kept, root, "e13-d13"));
    for (const Move move : kept) {
        Position next = root;
        playMove(next, move);
        EXPECT_EQ(game.armiesSeen().count(Game::armyKey(next, 0)), 0)
            << int(move.from) << "-" << int(move.to);
    }
    // Without the repetition rule the moves are all kept.
    const auto noRepetition = layoutFor("preset=sec5 repetition=0");
    EXPECT_EQ(Blockade(*noRepetition).keepingFresh(game, legal).size(), legal.size());
}

TEST(BlockadeRoot, TheGameCountsEachPlayersPlacementsAfterItsMoves) {
    const auto layout = layoutFor("preset=sec5");
    Game game(layout, parsedPosition(*layout, kHeld));
    game.play(moveOf(game.position(), "e13-d13"));
    const uint64_t stepped = Game::armyKey(game.position(), 0);
    EXPECT_EQ(game.armiesSeen().count(stepped), 1);
    EXPECT_NE(Game::armyKey(game.position(), 1), stepped);
    game.play(moveOf(game.position(), "i5-h5"));
    game.play(moveOf(game.position(), "d13-e13"));
    game.play(moveOf(game.position(), "h5-i5"));
    game.play(moveOf(game.position(), "e13-d13"));
    EXPECT_EQ(game.armiesSeen().count(stepped), 2);
}

// How many moves of player 1 in `playouts` random playouts take a piece out of its guard.
int guardsLeaving(const std::string& words, int playouts) {
    const auto layout = layoutFor(words);
    const Position root = parsedPosition(*layout, kHeld);
    PlayoutSettings settings;
    settings.randomPercent = 100;
    Playout playout(*layout, settings, root);
    const Bitboard guard = Blockade(*layout).guardHoles(kSeat1);
    int leaving = 0;
    for (int seed = 0; seed < playouts; ++seed) {
        Random random(splitMix(uint64_t(seed)));
        Position position = root;
        playout.run(position, 0, 0, random);
        for (const PlayoutMove& move : playout.moves()) {
            const bool out = guard.test(move.from) && !guard.test(move.to);
            leaving += move.player == 0 && out ? 1 : 0;
        }
    }
    return leaving;
}

TEST(BlockadeRoot, APlayoutKeepsALiveGuardInPlace) {
    EXPECT_EQ(guardsLeaving("preset=standard", 50), 0);
    EXPECT_GT(guardsLeaving("preset=standard stall=0", 50), 0);
}

}  // namespace
}  // namespace cc
