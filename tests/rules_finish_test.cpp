// Hand-checked positions for protocol-spec/rules.md §7 (finishing: all / fill / king on
// tip, the anti-spoiling swap any / final, adjacent entry, several armies) and the
// matching details of §9 (finishing checked for everyone, mover first; swaps; adjacent
// entry). Player 1 = seat 1 (goal arm 4: e17 / e16 f16 / e15 f15 g15 / e14 f14 g14 h14),
// player 2 = seat 4 (goal arm 1) unless said otherwise. "Rows 7-8" fillers are player 2
// pieces parked on i7 j7 k7 l7 m7 i8 j8 k8 l8, far from the holes that matter.

#include "rules_test_util.h"

namespace cc::rulestest {
namespace {

const std::string kRows78 = "i7 j7 k7 l7 m7 i8 j8 k8 l8";

// --------------------------------------------------------- all and fill ----

TEST(RulesFinish, FillFinishesWithAnOpponentInTheGoalAllDoesNot) {
    // Arm 4: player 1 on eight holes, player 2 on e17, h14 empty; player 1's ninth piece
    // on h13 (next to h14), its tenth far away on m1.
    //   row 14: (e14)(f14)(g14) h14      row 13: ... [h13]
    // h13-h14 fills the goal: with finish=fill player 1 has finished (two players: the
    // game ends, places 1, 2); with finish=all it has not (m1 is outside).
    const Pieces pieces = {{"1", armExcept(4, "e17 h14") + " h13 m1"}, {"4", "e17 " + kRows78}};
    Game fill = makeGame("finish=fill", pieces);
    ASSERT_TRUE(play(fill, "h13-h14"));
    EXPECT_EQ(done(fill.position()), "1");
    EXPECT_EQ(places(fill.position()), "1,2");
    EXPECT_EQ(status(fill.position()), "finish");
    Game all = makeGame("finish=all", pieces);
    ASSERT_TRUE(play(all, "h13-h14"));
    EXPECT_EQ(tail(all.position()), "2 1 0 0 - - playing");
}

TEST(RulesFinish, FillNeedsOneOwnPieceAndCanFinishOnTheOpponentsMove) {
    // (a) Arm 4 holds nine pieces of player 2 (its own start), h14 empty; player 2 steps
    //     h13-h14 back into it. Player 1's goal is now full but holds none of its pieces:
    //     not finished.
    Game none = makeGame("finish=fill", {{"1", armExcept(1)}, {"4", armExcept(4, "h14") + " h13"}},
                         "2 1 0 0 - - playing");
    ASSERT_TRUE(play(none, "h13-h14"));
    EXPECT_EQ(status(none.position()), "playing");
    EXPECT_EQ(done(none.position()), "-");
    // (b) The same with player 1 on e17 instead of one of player 2's pieces: player 2's
    //     move fills player 1's goal, player 1 finishes on player 2's move.
    Game one =
        makeGame("finish=fill",
                 {{"1", "e17 " + armExcept(1, "m1")}, {"4", armExcept(4, "e17 h14") + " h13 m9"}},
                 "2 1 0 0 - - playing");
    ASSERT_TRUE(play(one, "h13-h14"));
    EXPECT_EQ(done(one.position()), "1");
    EXPECT_EQ(places(one.position()), "1,2");
    EXPECT_EQ(status(one.position()), "finish");
}

TEST(RulesFinish, FinishingOnAnotherPlayersMoveThenSkipped) {
    // 3 players (seats 1, 3, 5), finish=fill, end=all. Arm 4 (player 1's goal): player 1
    // on all but h14; player 2's piece on h13 steps into h14 (another player's goal arm,
    // free). Player 1 finishes (place 1) on player 2's move; the game goes on with
    // players 2 and 3, and player 1 takes no more turns.
    const Pieces pieces = {{"1", armExcept(4, "h14") + " k9"},
                           {"3", "h13 " + armExcept(3, "a13")},
                           {"5", armExcept(5)}};
    Game fill = makeGame("players=3 finish=fill end=all", pieces, "2 1 0 0 - - playing");
    ASSERT_TRUE(play(fill, "h13-h14"));
    EXPECT_EQ(mover(fill.position()), "3");
    EXPECT_EQ(done(fill.position()), "1");
    EXPECT_EQ(places(fill.position()), "1,0,0");
    EXPECT_EQ(status(fill.position()), "playing");
    ASSERT_TRUE(play(fill, "m10-m9"));
    EXPECT_EQ(mover(fill.position()), "2");  // player 1 skipped
    EXPECT_EQ(field(fill.position(), 2), "2");
    // finish=all: player 1 still has k9 outside, nothing finishes.
    Game all = makeGame("players=3 finish=all end=all", pieces, "2 1 0 0 - - playing");
    ASSERT_TRUE(play(all, "h13-h14"));
    EXPECT_EQ(done(all.position()), "-");
    EXPECT_EQ(places(all.position()), "-");
}

TEST(RulesFinish, EveryPlayerIsCheckedMoverFirst) {
    // armies=3,1,4 hops=long swap=any finish=all end=all: player 1 on seat 3, player 2 on
    // seat 1 (goal arm 4), player 3 on seat 4 (goal arm 1). Turn order (clockwise by
    // lowest seat from player 1): 1, 3, 2.
    //   seat 1 (player 2): j4, and arm 4 except h14.
    //   seat 4 (player 3): h14, and arm 1 except j4.
    //   seat 3 (player 1): bridges j8 and i13, the rest in arm 3.
    // Player 2 plays j4-j12-h14*: a long hop up column j over j8 (j5 j6 j7 and j9 j10 j11
    // empty, landing j12 four holes beyond), then over i13 onto h14, held by player 3 in
    // player 2's goal: swap. Player 3's piece goes to j4, the move's start, in its own
    // goal. Now both seat 1 (all ten in arm 4) and seat 4 (all ten in arm 1) have
    // finished. The mover first: player 2 place 1, then player 3 place 2; player 1 is
    // the only one left: place 3, game over.
    Game game = makeGame("armies=3,1,4 hops=long swap=any finish=all end=all",
                         {{"1", "j4 " + armExcept(4, "h14")},
                          {"4", "h14 " + armExcept(1, "j4")},
                          {"3", "j8 i13 " + armExcept(3, "c11 d11")}},
                         "2 1 0 0 - - playing");
    ASSERT_TRUE(play(game, "j4-j12-h14*"));
    EXPECT_EQ(at(game.position(), "h14"), "1");
    EXPECT_EQ(at(game.position(), "j4"), "4");
    EXPECT_EQ(done(game.position()), "14");
    EXPECT_EQ(places(game.position()), "3,1,2");
    EXPECT_EQ(status(game.position()), "finish");
}

// ------------------------------------------------------------ king on tip ----

TEST(RulesFinish, DiamondKingMustStandOnTheTip) {
    // preset=diamond (15 pieces, king, closed arms, finish all + king on tip). Player 1's
    // goal is the 15-hole camp: arm 4 plus e13 f13 g13 h13 i13.
    // (a) Fourteen plain pieces on the camp except e17; the king on e12 below the column
    //     e13 e14 e15 e16 (all taken, no king among them): the king hops the row and
    //     lands on e17, the first empty hole. All 15 in the camp, king on the tip:
    //     finished, the game (2 players) ends.
    const std::string p2 = armExcept(1) + " i5 j5 k5 l5";
    Game tip = makeGame("preset=diamond", {{"1k", "e12"},
                                           {"1", armExcept(4, "e17") + " e13 f13 g13 h13 i13"},
                                           {"4k", "h9"},
                                           {"4", p2}});
    ASSERT_TRUE(play(tip, "e12-e17"));
    EXPECT_EQ(at(tip.position(), "e17"), "1k");
    EXPECT_EQ(places(tip.position()), "1,2");
    EXPECT_EQ(status(tip.position()), "finish");
    // (b) King on i13, plain pieces on the rest of the camp but e13, one more on e12:
    //     e12-e13 puts all 15 in the camp, but the king is not on the tip: not finished.
    //     The same placement without kings (king=off) finishes.
    Game kingAway = makeGame(
        "preset=diamond",
        {{"1k", "i13"}, {"1", armExcept(4) + " f13 g13 h13 e12"}, {"4k", "h9"}, {"4", p2}});
    ASSERT_TRUE(play(kingAway, "e12-e13"));
    EXPECT_EQ(status(kingAway.position()), "playing");
    EXPECT_EQ(done(kingAway.position()), "-");
    Game noKings = makeGame("preset=diamond king=off",
                            {{"1", armExcept(4) + " f13 g13 h13 e12 i13"}, {"4", p2 + " h9"}});
    ASSERT_TRUE(play(noKings, "e12-e13"));
    EXPECT_EQ(status(noKings.position()), "finish");
}

// ------------------------------------------------------------------ swaps ----

TEST(RulesFinish, SwapAnyByAStep) {
    // Player 2's piece on h14, in player 1's goal; player 1 on h13 next to it.
    //   row 14: e14 f14 g14 (H14=2)       row 13: g13 [h13] i13
    // h13: steps i12, g14, i13, g13, h12; the hop over h14 would leave the board.
    // swap=any adds h13-h14*: player 1 takes h14, player 2's piece goes to h13.
    const Pieces pieces = {{"1", "h13 e17 e16 f16 e15 f15 g15 m1 l2 m2"}, {"4", "h14 " + kRows78}};
    EXPECT_EQ(targets(makeGame("swap=off finish=all", pieces).position(), "h13"),
              S("i12 g14 i13 g13 h12"));
    Game game = makeGame("swap=any finish=all", pieces);
    EXPECT_EQ(targets(game.position(), "h13"), S("i12 g14 i13 g13 h12 h14*"));
    Expected<Move> unmarked = parseMove(game.position(), "h13-h14");
    ASSERT_TRUE(unmarked.ok());
    EXPECT_EQ(unmarked->kind, MoveKind::Swap);
    EXPECT_FALSE(isLegal(game.position(), "h13-g14*"));  // g14 is empty: not a swap
    ASSERT_TRUE(play(game, "h13-h14*"));
    EXPECT_EQ(at(game.position(), "h14"), "1");
    EXPECT_EQ(at(game.position(), "h13"), "4");
    EXPECT_EQ(mover(game.position()), "2");
}

TEST(RulesFinish, SwapAnyMidChainEndsTheMoveAndSendsThePieceToTheStart) {
    // Player 1 on i11 with bridges i12 (own), h14 (own, in the goal); player 2 on g15 (in
    // player 1's goal); player 1 on f15, e15 empty:
    //
    //   row 15: e15 (f15)(G15=2)
    //   row 14:          (h14)
    //   row 13:               i13
    //   row 12:              (i12)
    //   row 11:              [i11]
    //
    // i11 hops over i12 to i13, then over h14 towards g15, held by player 2: swap. The
    // swap ends the move: e15 (one more hop from g15 over f15) is not reachable.
    // i11: steps j10 h12 j11 h11 i10; hop i13; swap g15 (path i11-i13-g15*).
    // Player 2's piece goes to i11, where the move started (not to i13).
    const Pieces pieces = {{"1", "i11 i12 h14 f15 m1 l2 m2 k3 l3 m3"}, {"4", "g15 " + kRows78}};
    EXPECT_EQ(targets(makeGame("swap=off finish=all", pieces).position(), "i11"),
              S("j10 h12 j11 h11 i10 i13"));
    Game game = makeGame("swap=any finish=all", pieces);
    EXPECT_EQ(targets(game.position(), "i11"), S("j10 h12 j11 h11 i10 i13 g15*"));
    EXPECT_TRUE(legal(game.position()).count("i11-i13-g15*"));
    ASSERT_TRUE(play(game, "i11-i13-g15*"));
    EXPECT_EQ(at(game.position(), "g15"), "1");
    EXPECT_EQ(at(game.position(), "i11"), "4");
    EXPECT_EQ(at(game.position(), "i13"), ".");
    EXPECT_EQ(at(game.position(), "i12"), "1");
}

TEST(RulesFinish, SwapInsideTheGoalUnderGoalLock) {
    // preset=masters (goal lock, swap=any). Player 1 on h14 (in its goal), player 2 on
    // g14 next to it, g15 empty, the rest of arm 4 player 1's:
    //   row 15: (e15)(f15) g15
    //   row 14: (e14)(f14)(G14=2)[h14]
    //   row 13:                 h13 i13
    // Goal lock: h14 may only land inside arm 4: the step to g15, and the swap with g14
    // (the hop over g14 lands on f14, player 1's own: no swap). Without goal lock also
    // the steps to h13 and i13.
    const Pieces pieces = {{"1", "h14 e17 e16 f16 e15 f15 e14 f14 m1 l2"}, {"4", "g14 " + kRows78}};
    Game masters = makeGame("preset=masters", pieces);
    EXPECT_EQ(targets(masters.position(), "h14"), S("g15 g14*"));
    EXPECT_EQ(targets(makeGame("swap=any finish=all", pieces).position(), "h14"),
              S("g15 h13 i13 g14*"));
    ASSERT_TRUE(play(masters, "h14-g14*"));
    EXPECT_EQ(at(masters.position(), "g14"), "1");
    EXPECT_EQ(at(masters.position(), "h14"), "4");
}

TEST(RulesFinish, SwapFinalOnlyWhenItCompletesTheArmy) {
    // (a) Player 1 on all of arm 4 but h14 (player 2's), its tenth piece on h13. h13:
    //     steps i12 i13 g13 h12 (g14 taken; the hops over g14 and h14 land on f15, taken,
    //     and off the board). The swap h13-h14* puts all ten home: legal under
    //     swap=final (preset card) and it ends the game.
    const Pieces completing = {{"1", armExcept(4, "h14") + " h13"}, {"4", "h14 " + kRows78}};
    Game card = makeGame("preset=card", completing);
    EXPECT_EQ(targets(card.position(), "h13"), S("i12 i13 g13 h12 h14*"));
    ASSERT_TRUE(play(card, "h13-h14*"));
    EXPECT_EQ(places(card.position()), "1,2");
    EXPECT_EQ(status(card.position()), "finish");
    // (b) e17 empty and the tenth piece on m1: the swap leaves the army unfinished, so
    //     swap=final forbids it; swap=any (masters) allows it.
    const Pieces notCompleting = {{"1", armExcept(4, "h14 e17") + " h13 m1"},
                                  {"4", "h14 " + kRows78}};
    EXPECT_EQ(targets(makeGame("preset=card", notCompleting).position(), "h13"),
              S("i12 i13 g13 h12"));
    EXPECT_EQ(targets(makeGame("preset=masters", notCompleting).position(), "h13"),
              S("i12 i13 g13 h12 h14*"));
}

// Arm 4 with two of player 2's pieces: X on h14, Y on e14. Player 1 on the other eight
// goal holes and on h13 (next to X) and e13 (next to Y). Y is walled in: its neighbours
// f13 (player 2), e13 (player 1), f14, e15 (player 1); its hops over f13, e13, f14, e15
// land on g12, e12 (player 2) and g14, e16 (player 1), all taken.
//
//   row 15: (e15) ...
//   row 14: (Y e14)(f14)(g14)(X h14)
//   row 13: [e13] (f13)  g13  [h13]
//   row 12: (e12)  f12  (g12)
const Pieces kTwoBlockers = {{"1", "e17 e16 f16 e15 f15 g15 f14 g14 h13 e13"},
                             {"4", "h14 e14 f13 g12 e12 i7 j7 k7 l7 m7"}};

TEST(RulesFinish, SwapFinalDoesNotCountAdjacentEntry) {
    // After h13-h14*, player 1 would have nine at home and e13 next to the walled-in Y:
    // adjacent entry would count it finished, but swap=final asks for the finishing
    // rule itself, so the swap is not allowed. swap=any allows it.
    EXPECT_EQ(
        targets(makeGame("swap=final finish=all adjacent=on", kTwoBlockers).position(), "h13"),
        S("i12 i13 g13 h12"));
    EXPECT_EQ(targets(makeGame("swap=any finish=all adjacent=on", kTwoBlockers).position(), "h13"),
              S("i12 i13 g13 h12 h14*"));
}

TEST(RulesFinish, AdjacentEntryCanFollowASwap) {
    // The same with swap=any: after h13-h14* the army has nine at home and the last
    // piece (e13) next to the walled-in blocker: finished by adjacent entry.
    Game any = makeGame("swap=any finish=all adjacent=on", kTwoBlockers);
    ASSERT_TRUE(play(any, "h13-h14*"));
    EXPECT_EQ(at(any.position(), "h13"), "4");
    EXPECT_EQ(done(any.position()), "1");
    EXPECT_EQ(status(any.position()), "finish");
    Game off = makeGame("swap=any finish=all adjacent=off", kTwoBlockers);
    ASSERT_TRUE(play(off, "h13-h14*"));
    EXPECT_EQ(status(off.position()), "playing");
}

// -------------------------------------------------------- adjacent entry ----

TEST(RulesFinish, AdjacentEntryPastAnImmovableBlocker) {
    // preset=sec5 (finish all, adjacent entry, must-leave, end first). Player 1 on arm 4
    // but e14, which holds player 2's Y; player 1's last piece on f12. Player 2 on f13,
    // e12, g12 around it:
    //
    //   row 15: (e15)(f15)
    //   row 14: (Y e14)(f14)(g14)(h14)
    //   row 13:   e13  (f13)
    //   row 12: (e12) [f12] (g12)
    //
    // f12-e13 puts the last piece next to e14. Y then has no move at all: steps f13,
    // e13, f14, e15 taken; hops over them land on g12, e12, g14, e16, taken. Player 1
    // counts as finished: the game ends (end=first).
    const Pieces walled = {{"1", armExcept(4, "e14") + " f12"},
                           {"4", "e14 f13 e12 g12 i7 j7 k7 l7 m7 i8"}};
    Game game = makeGame("preset=sec5", walled);
    ASSERT_TRUE(play(game, "f12-e13"));
    EXPECT_EQ(done(game.position()), "1");
    EXPECT_EQ(places(game.position()), "1,2");
    EXPECT_EQ(status(game.position()), "finish");
    // adjacent=off: not finished.
    Game off = makeGame("preset=sec5 adjacent=off", walled);
    ASSERT_TRUE(play(off, "f12-e13"));
    EXPECT_EQ(status(off.position()), "playing");
    EXPECT_EQ(done(off.position()), "-");
}

TEST(RulesFinish, AdjacentEntryNeedsTheBlockerToBeStuck) {
    // As above with g12 empty (that piece parked on h8): Y can hop over f13 to g12 and
    // out of the goal, so player 1 has not finished.
    Game game = makeGame("preset=sec5", {{"1", armExcept(4, "e14") + " f12"},
                                         {"4", "e14 f13 e12 h8 i7 j7 k7 l7 m7 i8"}});
    ASSERT_TRUE(play(game, "f12-e13"));
    EXPECT_EQ(status(game.position()), "playing");
    EXPECT_EQ(done(game.position()), "-");
}

TEST(RulesFinish, AdjacentEntryOnAnotherPlayersMove) {
    // Player 1's last piece already waits on e13 next to e14 (player 2's Y). Y can still
    // hop over f13 to the empty g12, so player 1 has not finished yet. Player 2 to move,
    // with a piece on h12 next to g12:
    //   row 13:  [e13] (f13)
    //   row 12:  (e12)  f12   g12  (h12)
    // (a) finish=all adjacent=on (no must-leave): player 2 plays h12-g12, walling Y in:
    //     player 1 finishes on player 2's move (mover first: player 2 has not finished),
    //     the game ends.
    const Pieces pieces = {{"1", armExcept(4, "e14") + " e13"},
                           {"4", "e14 f13 e12 h12 i7 j7 k7 l7 m7 i8"}};
    Game game = makeGame("finish=all adjacent=on end=first", pieces, "2 1 0 0 - - playing");
    ASSERT_TRUE(play(game, "h12-g12"));
    EXPECT_EQ(done(game.position()), "1");
    EXPECT_EQ(places(game.position()), "1,2");
    EXPECT_EQ(status(game.position()), "finish");
    // (b) preset=sec5 adds must-leave: player 1's goal is full (nine of its pieces and Y),
    //     not all player 1's, and Y can leave (e14-g12 over f13, and on from g12 over h12
    //     to i12): those are player 2's only legal moves.
    EXPECT_EQ(legal(makeGame("preset=sec5", pieces, "2 1 0 0 - - playing").position()),
              S("e14-g12 e14-g12-i12"));
}

TEST(RulesFinish, AdjacentEntryBlockerOfAPlayerWhoHasLeftCannotMove) {
    // 3 players (seats 1, 3, 5), finish=all, adjacent=on, end=all. Player 2's piece on
    // e14 in player 1's goal could step out to f13. Player 1 steps f12-e13, next to it.
    // (a) Player 2 is still playing: the blocker can leave, player 1 has not finished.
    // (b) Player 2 has resigned (place r3): its pieces never move again, so the blocker
    //     counts as unable to move and player 1 finishes (place 1); player 3 is the only
    //     one left and takes place 2.
    const Pieces pieces = {{"1", armExcept(4, "e14") + " f12"},
                           {"3", "e14 " + armExcept(3, "a13")},
                           {"5", armExcept(5)}};
    const std::string rules = "players=3 finish=all adjacent=on end=all";
    Game playing = makeGame(rules, pieces);
    ASSERT_TRUE(play(playing, "f12-e13"));
    EXPECT_EQ(done(playing.position()), "-");
    EXPECT_EQ(status(playing.position()), "playing");
    Game resigned = makeGame(rules, pieces, "1 1 0 0 - 0,r3,0 playing");
    ASSERT_TRUE(play(resigned, "f12-e13"));
    EXPECT_EQ(done(resigned.position()), "1");
    EXPECT_EQ(places(resigned.position()), "1,r3,2");
    EXPECT_EQ(status(resigned.position()), "finish");
}

// ------------------------------------------------------- several armies ----

TEST(RulesFinish, PlayerWithSeveralArmiesFinishesWhenAllHave) {
    // armies=1+3,4+6 finish=all: player 1 owns seats 1 (goal arm 4) and 3 (goal arm 6).
    // (a) Seat 1's army: arm 4 but h14, tenth piece on h13; seat 3's army at home in arm 3.
    //     h13-h14 finishes seat 1's army only: done "1", no place, play goes on. That
    //     army no longer moves: next turn player 1 may move only seat 3's pieces (h14
    //     could otherwise step back to h13 or i13).
    Game game = makeGame("armies=1+3,4+6 finish=all", {{"1", armExcept(4, "h14") + " h13"},
                                                       {"3", armExcept(3)},
                                                       {"4", armExcept(1, "m1") + " i9"},
                                                       {"6", armExcept(6)}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(tail(game.position()), "2 1 0 0 1 - playing");
    ASSERT_TRUE(play(game, "i9-i8"));
    EXPECT_FALSE(isLegal(game.position(), "h14-h13"));
    EXPECT_FALSE(movers(game.position()).empty());
    for (const std::string& hole : movers(game.position()))
        EXPECT_EQ(at(game.position(), hole), "3") << hole;
    // (b) Seat 1 done; seat 3's army on arm 6 but n8, tenth piece on m8: m8-n8 finishes
    //     player 1 (both armies), place 1, the game ends.
    Game last = makeGame("armies=1+3,4+6 finish=all",
                         {{"1", armExcept(4)},
                          {"3", armExcept(6, "n8") + " m8"},
                          {"4", armExcept(1, "m1") + " i9"},
                          {"6", armExcept(3, "a13") + " g9"}},
                         "1 1 0 0 1 - playing");
    ASSERT_TRUE(play(last, "m8-n8"));
    EXPECT_EQ(done(last.position()), "13");
    EXPECT_EQ(places(last.position()), "1,2");
    EXPECT_EQ(status(last.position()), "finish");
}

}  // namespace
}  // namespace cc::rulestest
