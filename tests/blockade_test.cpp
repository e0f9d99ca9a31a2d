// Playing against a blocker (search/eval/blockade.h, protocol-spec/play.md): the guard
// is live only where a blocker keeps its home and progress decides places, and there
// the evaluation keeps the front rows of our home held instead of racing them away.

#include <gtest/gtest.h>

#include <string>

#include "core/game.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "layout_for.h"
#include "search/eval/eval.h"

namespace cc {
namespace {

using testutil::layoutFor;
using testutil::parsedPosition;

// Player 2 (seat 4) keeps nine pieces at home, the tip empty; its tenth piece is on
// its way. Player 1 holds the two front rows of its home (seven pieces) and has three
// pieces in front of player 2's home. Round `round`, player 1 to move.
std::string blockedBoard(int round) {
    return "./44/444/4444/....111....../............/.........../........../........./"
           "........../....4....../............/............./1111/111/../. 1 " +
           std::to_string(round) + " 0 0 - - playing";
}

constexpr Seat kBlockedSeat = 0;

TEST(Blockade, LiveOnlyWhereProgressDecidesAndNoSwapReachesPast) {
    for (const std::string words : {"preset=standard", "preset=standard limitresult=progress",
                                    "preset=standard stall=0 limitresult=progress", "preset=sec5",
                                    "preset=standard swap=final"}) {
        const auto layout = layoutFor(words);
        const Blockade blockade(*layout);
        EXPECT_TRUE(blockade.blocked(parsedPosition(*layout, blockedBoard(10)), kBlockedSeat))
            << words;
        // Player 1's own goal is not held by player 2's home pieces.
        EXPECT_FALSE(blockade.blocked(parsedPosition(*layout, blockedBoard(10)), Seat{3})) << words;
    }
    for (const std::string words :
         {"preset=standard stall=0", "preset=standard swap=any", "preset=masters",
          "preset=standard stall=0 movelimit=0 limitresult=progress"}) {
        const auto layout = layoutFor(words);
        EXPECT_FALSE(
            Blockade(*layout).blocked(parsedPosition(*layout, blockedBoard(10)), kBlockedSeat))
            << words;
    }
}

TEST(Blockade, NotInTheFirstRoundsNorAgainstAnArmyThatLeftItsHome) {
    const auto layout = layoutFor("preset=standard");
    const Blockade blockade(*layout);
    EXPECT_FALSE(blockade.blocked(parsedPosition(*layout, blockedBoard(4)), kBlockedSeat));
    EXPECT_TRUE(blockade.blocked(parsedPosition(*layout, blockedBoard(5)), kBlockedSeat));
    // One more piece of player 2 out of its home, in front of it: eight left, a race.
    const Position racing = parsedPosition(
        *layout,
        "./4./444/4444/...1141....../............/.........../........../........./"
        "........../....4....../............/............./1111/111/../. 1 10 0 0 - - playing");
    EXPECT_FALSE(blockade.blocked(racing, kBlockedSeat));
}

TEST(Blockade, GuardHolesAreTheTwoFrontRowsOfTheHome) {
    const auto layout = layoutFor("preset=standard");
    const Blockade blockade(*layout);
    EXPECT_EQ(blockade.guardHoles(kBlockedSeat).count(), 7);
    EXPECT_EQ((blockade.guardHoles(kBlockedSeat) & layout->start(kBlockedSeat)).count(), 7);
    EXPECT_EQ(blockade.openGuardHoles(parsedPosition(*layout, blockedBoard(10)), kBlockedSeat), 0);
}

// The position after player 1's first legal move that takes a guard out of its home.
Position afterAGuardLeaves(const Layout& layout, const Position& held) {
    const Blockade blockade(layout);
    MoveList moves;
    generateLegal(held, moves);
    Position left = held;
    for (const Move move : moves) {
        if (blockade.guardHoles(kBlockedSeat).test(move.from) &&
            !layout.start(kBlockedSeat).test(move.to)) {
            playMove(left, move);
            return left;
        }
    }
    ADD_FAILURE() << "no move takes a guard out of its home";
    return left;
}

// What player 1's remaining cost gains or loses when a guard piece steps out of its home.
int costOfLeaving(const std::string& words) {
    const auto layout = layoutFor(words);
    const Position held = parsedPosition(*layout, blockedBoard(10));
    const Evaluator evaluator(*layout, held);
    const Position left = afterAGuardLeaves(*layout, held);
    return evaluator.remainingCost(left, 0) - evaluator.remainingCost(held, 0);
}

TEST(Blockade, AGuardLeavingCostsWhereItIsLiveAndGainsTheRaceElsewhere) {
    EXPECT_GT(costOfLeaving("preset=standard limitresult=progress"), 0);
    EXPECT_GT(costOfLeaving("preset=standard"), 0);
    EXPECT_LT(costOfLeaving("preset=standard stall=0"), 0);
    EXPECT_LT(costOfLeaving("preset=standard swap=any"), 0);
}

TEST(Blockade, TheGuardIsDecidedAtTheRootNotInEachLine) {
    const auto layout = layoutFor("preset=standard");
    const Position held = parsedPosition(*layout, blockedBoard(10));
    EXPECT_TRUE(Evaluator(*layout, held).guarding());
    EXPECT_FALSE(Evaluator(*layout, Position::start(*layout)).guarding());
    EXPECT_FALSE(Evaluator(*layout).guarding());
    // Rooted at the start, a later position of a blockade costs no guard.
    const Position left = afterAGuardLeaves(*layout, held);
    EXPECT_EQ(Evaluator(*layout, Position::start(*layout)).terms(left, 0).guard, 0);
    EXPECT_GT(Evaluator(*layout, held).terms(left, 0).guard, 0);
}

TEST(Blockade, WhileTheGuardIsLiveEachPieceInItsGoalCounts) {
    const auto layout = layoutFor("preset=sec5");
    const Position held = parsedPosition(*layout, blockedBoard(10));
    // Player 2's tenth piece has got past the guard to the tip of its goal.
    const Position entered = parsedPosition(
        *layout,
        "./44/444/4444/....111....../............/.........../........../........./"
        "........../.........../............/............./1111/111/../4 1 10 0 0 - - playing");
    const Evaluator live(*layout, held);
    const Evaluator plain(*layout, Position::start(*layout));
    EXPECT_EQ(live.remainingCost(entered, 1) - plain.remainingCost(entered, 1),
              -live.weights().goalCount);
    EXPECT_EQ(live.remainingCost(held, 1), plain.remainingCost(held, 1));
}

// Whether player 2 can answer by moving a piece from outside player 1's home into it.
bool letsIn(const Position& root, Move move) {
    const Bitboard home = root.layout().start(kBlockedSeat);
    Position next = root;
    playMove(next, move);
    MoveList replies;
    generateLegal(next, replies);
    for (const Move reply : replies) {
        if (home.test(reply.to) && !home.test(reply.from)) return true;
    }
    return false;
}

struct RootChoice {
    int opening = 0;    // kept moves that take a piece out of the guard
    int lettingIn = 0;  // kept moves after which player 2 can enter player 1's home
};

RootChoice rootChoice(const std::string& words, const std::string& board) {
    const auto layout = layoutFor(words);
    const Position root = parsedPosition(*layout, board);
    const Blockade blockade(*layout);
    MoveList legal;
    generateLegal(root, legal);
    RootChoice choice;
    for (const Move move : blockade.keepingGuard(root, legal)) {
        const Bitboard guard = blockade.guardHoles(kBlockedSeat);
        choice.opening += guard.test(move.from) && !guard.test(move.to) ? 1 : 0;
        choice.lettingIn += letsIn(root, move) ? 1 : 0;
    }
    return choice;
}

TEST(Blockade, AtTheRootNoMoveOpensALiveGuard) {
    EXPECT_EQ(rootChoice("preset=sec5", blockedBoard(10)).opening, 0);
    EXPECT_GT(rootChoice("preset=standard stall=0", blockedBoard(10)).opening, 0);
}

TEST(Blockade, APieceBehindTheGuardMayComeOutWhereNoBlockerGetsIn) {
    // Player 1's eighth piece stands on l2, behind its guard; player 2's free piece on
    // k5, next to the front row.
    const std::string behind =
        "./44/444/4444/....11......./............/.........../........../........./"
        "........../.........../............/......4....../1111/111/1./. 1 10 0 0 - - playing";
    const RootChoice choice = rootChoice("preset=sec5", behind);
    EXPECT_GT(choice.opening, 0);
    EXPECT_EQ(choice.lettingIn, 0);
    // Without a piece behind, the guard stays shut even where it would be safe.
    EXPECT_EQ(rootChoice("preset=sec5", blockedBoard(10)).opening, 0);
}

TEST(Blockade, TheEvalCommandsGuardTermIsWhatTheSearchAdds) {
    const auto layout = layoutFor("preset=standard limitresult=progress");
    const Position held = parsedPosition(*layout, blockedBoard(10));
    const Evaluator evaluator(*layout, held);
    const Position position = afterAGuardLeaves(*layout, held);
    const EvalTerms terms = evaluator.terms(position, 0);
    EXPECT_EQ(terms.guard, evaluator.weights().guard);
    EXPECT_EQ(terms.total(), evaluator.remainingCost(position, 0));
}

}  // namespace
}  // namespace cc
