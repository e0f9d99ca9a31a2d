// Hand-checked positions for protocol-spec/rules.md §6 (where a piece may stand: other
// arms, unused arms, own arms, goal lock, must-leave) and the matching details of §9.
// Neighbours: (column+1,row-1) (column-1,row+1) (column+-1, same row) (same column, row+-1).

#include "rules_test_util.h"

namespace cc::rulestest {
namespace {

// The piece on h6, next to arm 2 (e5 f5 g5 h5 / e6 f6 g6 / e7 f7 / e8), with bridges on
// g6 and f7 (both in arm 2):
//
//   row 8:  e8  f8                     f8 = hexagon
//   row 7:  e7 (f7) g7  h7             g7, h7 = hexagon
//   row 6:  e6  f6 (g6)[h6] i6         h6, i6 = hexagon
//   row 5:  e5  f5  g5  h5  i5         i5 = hexagon
//
// Steps from h6: i5, g7, i6, h7 (hexagon) and h5 (arm 2); g6 is taken.
// Hops: over g6 to f6 (arm 2). From f6: over f7 to f8 (hexagon), over g6 back to h6.
// From f8: over f7 back to f6. Nothing else is next to a piece.
//   free:   i5 g7 i6 h7 h5 f6 f8
//   pass:   i5 g7 i6 h7 f8    (h5, f6 may not end the move; f6 may be landed on mid-chain)
//   closed: i5 g7 i6 h7       (f6 may not be landed on at all, so f8 is out of reach)
const char* const kFree = "i5 g7 i6 h7 h5 f6 f8";
const char* const kPass = "i5 g7 i6 h7 f8";
const char* const kClosed = "i5 g7 i6 h7";

TEST(RulesArms, OtherPlayersArmFreePassClosed) {
    // 3 players (seats 1, 3, 5): arm 2 is player 3's goal, "another player's arm" for
    // player 1. The bridges are player 2's pieces.
    const Pieces pieces = {{"1", "h6 " + armExcept(1, "j4")},
                           {"3", "g6 f7 " + armExcept(3, "c11 d11")},
                           {"5", armExcept(5)}};
    EXPECT_EQ(targets(makeGame("players=3 other=free", pieces).position(), "h6"), S(kFree));
    EXPECT_EQ(targets(makeGame("players=3 other=pass", pieces).position(), "h6"), S(kPass));
    EXPECT_EQ(targets(makeGame("players=3 other=closed", pieces).position(), "h6"), S(kClosed));
    // The unused-arm setting does not apply to it (no arm is unused with 3 players).
    EXPECT_EQ(targets(makeGame("players=3 other=free unused=closed", pieces).position(), "h6"),
              S(kFree));
}

TEST(RulesArms, UnusedArmFreePassClosed) {
    // 2 players (seats 1, 4): arm 2 is unused. The bridges are player 2's pieces.
    const Pieces pieces = {{"1", "h6 " + armExcept(1, "j4")},
                           {"4", "g6 f7 " + armExcept(4, "e17 e16")}};
    EXPECT_EQ(targets(makeGame("unused=free", pieces).position(), "h6"), S(kFree));
    EXPECT_EQ(targets(makeGame("unused=pass", pieces).position(), "h6"), S(kPass));
    EXPECT_EQ(targets(makeGame("unused=closed", pieces).position(), "h6"), S(kClosed));
    // The other-arm setting does not apply to it.
    EXPECT_EQ(targets(makeGame("unused=free other=closed", pieces).position(), "h6"), S(kFree));
}

TEST(RulesArms, FilledUnusedArmsHoldSparesThatNeverMove) {
    // unused=filled, 2 players: arms 2, 3, 5, 6 hold spares (x) from the start.
    const Game start = startGame("unused=filled");
    for (int seat : {2, 3, 5, 6}) {
        for (const std::string& hole : words(kArm[seat]))
            EXPECT_EQ(at(start.position(), hole), "x") << hole;
    }
    // 4 players (seats 1, 2, 4, 5): only arms 3 and 6 are unused.
    const Game four = startGame("players=4 unused=filled");
    for (const std::string& hole : words(kArm[3])) EXPECT_EQ(at(four.position(), hole), "x");
    for (const std::string& hole : words(kArm[6])) EXPECT_EQ(at(four.position(), hole), "x");
    for (const std::string& hole : words(kArm[2])) EXPECT_EQ(at(four.position(), hole), "2");

    // The h6 position with arm 2 full of spares (g6 and f7 are spares now): h5 and g6 are
    // taken, the hop over the spare on g6 would land on the spare on f6, the hop over h5
    // would leave the board. Left: the four hexagon steps. No move ever starts on a spare.
    Game game =
        makeGame("unused=filled",
                 {{"1", "h6 " + armExcept(1, "j4")},
                  {"4", armExcept(4)},
                  {"x", std::string(kArm[2]) + " " + kArm[3] + " " + kArm[5] + " " + kArm[6]}});
    EXPECT_EQ(targets(game.position(), "h6"), S(kClosed));
    for (const std::string& hole : movers(game.position()))
        EXPECT_EQ(at(game.position(), hole), "1") << hole;
    // A spare next to the hexagon always has a spare or the board's edge behind it, so a
    // hop over a spare never finds an empty landing; spares block like any piece.
}

TEST(RulesArms, OwnStartAndGoalArmsAreAlwaysFree) {
    // 3 players, other=closed. Player 1 (seat 1) on i5 and i13:
    //   i5: neighbours j4 (arm 1, own start, empty), h6, j5, i6 (hexagon), h5 (arm 2,
    //       player 3's goal: closed). i4 is off the board.
    //   i13: neighbours h14 (arm 4, own goal, empty), j12, h13, i12 (hexagon), j13 (arm 5,
    //       player 3's start, emptied for the test: closed). i14 is off the board.
    // No neighbouring pieces, so no hops.
    const Pieces pieces = {{"1", "i5 i13 " + armExcept(1, "j4 m1")},
                           {"3", armExcept(3)},
                           {"5", armExcept(5, "j13") + " m9"}};
    Game closed = makeGame("players=3 other=closed", pieces);
    EXPECT_EQ(targets(closed.position(), "i5"), S("j4 h6 j5 i6"));
    EXPECT_EQ(targets(closed.position(), "i13"), S("h14 j12 h13 i12"));
    Game free = makeGame("players=3 other=free", pieces);
    EXPECT_EQ(targets(free.position(), "i5"), S("j4 h6 j5 i6 h5"));
    EXPECT_EQ(targets(free.position(), "i13"), S("h14 j12 h13 i12 j13"));
}

TEST(RulesArms, OwnArmsIncludeEveryArmyOfThePlayer) {
    // armies=1+2,4 other=closed unused=closed: player 1 owns seats 1 and 2 (own arms 1, 4,
    // 2, 5), player 2 owns seat 4 (own arms 4, 1). Arms 3 and 6 are unused.
    // A seat-1 piece of player 1 on i5 may step into h5 (arm 2, start of player 1's other
    // army): targets j4 h6 j5 i6 h5.
    Game p1 =
        makeGame("armies=1+2,4 other=closed unused=closed", {{"1", "i5 " + armExcept(1, "j4")},
                                                             {"2", armExcept(2, "h5") + " k9"},
                                                             {"4", armExcept(4)}});
    EXPECT_EQ(targets(p1.position(), "i5"), S("j4 h6 j5 i6 h5"));
    // A piece of player 2 on i5: arm 2 is another player's start, closed: j4 h6 j5 i6.
    Game p2 = makeGame("armies=1+2,4 other=closed unused=closed",
                       {{"1", armExcept(1, "j4") + " k9"},
                        {"2", armExcept(2, "h5") + " l9"},
                        {"4", "i5 " + armExcept(4, "e17")}},
                       "2 1 0 0 - - playing");
    EXPECT_EQ(targets(p2.position(), "i5"), S("j4 h6 j5 i6"));
}

TEST(RulesArms, HopMayGoOverAPieceInAClosedArm) {
    // 3 players; player 3 (seat 5) has a piece on k3, inside arm 1 (player 1's start:
    // closed for player 3 when other=closed). Arm 1 otherwise holds player 1's j4 and l3:
    //
    //   row 4:  (j4) k4  l4  m4
    //   row 3:     [k3](l3) m3
    //   row 2:         l2  m2
    //   row 5: i5 (hexagon), beyond j4 on the line k3-j4-i5
    //
    // k3's moves: steps l2, k4 (arm 1); hops over j4 to i5 (hexagon) and over l3 to m3
    // (arm 1); from m3 only the hop back over l3; from i5 only back over j4.
    //   free:   l2 k4 i5 m3
    //   pass:   i5          (m3 is only a mid-chain landing and leads nowhere)
    //   closed: i5          (the bridge j4 stands in the closed arm: only landings count)
    const Pieces pieces = {{"1", "j4 l3 " + armExcept(4, "e17 e16")},
                           {"3", armExcept(3)},
                           {"5", "k3 " + armExcept(5, "m13")}};
    const std::string tail3 = "3 1 0 0 - - playing";
    EXPECT_EQ(targets(makeGame("players=3 other=free", pieces, tail3).position(), "k3"),
              S("l2 k4 i5 m3"));
    EXPECT_EQ(targets(makeGame("players=3 other=pass", pieces, tail3).position(), "k3"), S("i5"));
    EXPECT_EQ(targets(makeGame("players=3 other=closed", pieces, tail3).position(), "k3"), S("i5"));
}

TEST(RulesArms, HexagonAndDiamondCampEdgeAreAlwaysFree) {
    // preset=diamond players=3 (seats 1, 3, 5; 15 pieces; other and unused arms closed).
    // Player 1's piece on e10, on the hexagon edge that belongs to seat 3's 15-hole camp
    // (column e, rows 9-13). Neighbours: f9, f10, e11, e9 (hexagon, e11 and e9 also in
    // that camp edge) and d10, d11 (arm 3, player 2's start arm: closed). Arm 3 is emptied
    // for the test. So: f9 f10 e11 e9; with other=free also d10 d11.
    //   player 1: king m1, 13 more pieces in its camp (arm 1 and j5..m5), and e10.
    //   player 2: arm 3 emptied, its 15 pieces (king k10) in rows 10-12, none next to e10.
    //   player 3: its arm 5 (king m13) and j9 k9 l9 m9 l8.
    const Pieces pieces = {
        {"1k", "m1"},  {"1", armExcept(1, "m1") + " j5 k5 l5 m5 e10"},
        {"3k", "k10"}, {"3", "g11 h11 i11 j11 k11 g12 h12 i12 j12 g10 h10 i10 j10 l10"},
        {"5k", "m13"}, {"5", armExcept(5, "m13") + " j9 k9 l9 m9 l8"}};
    EXPECT_EQ(targets(makeGame("preset=diamond players=3", pieces).position(), "e10"),
              S("f9 f10 e11 e9"));
    EXPECT_EQ(targets(makeGame("preset=diamond players=3 other=free", pieces).position(), "e10"),
              S("f9 f10 e11 e9 d10 d11"));
}

TEST(RulesArms, AGoalOnlyArmIsAnotherPlayersArmNotAnUnusedOne) {
    // 5 players (seats 1-5): nobody starts on arm 6, but it is seat 3's goal, so for
    // player 1 it is "another player's arm" (the other= setting), not an unused one.
    // Player 1 on m6: neighbours l7, l6, m7, m5 (hexagon) and n5, n6 (arm 6); no
    // neighbouring piece, so no hop.
    const Pieces pieces = {{"1", "m6 " + armExcept(1, "j4")},
                           {"2", armExcept(2)},
                           {"3", armExcept(3)},
                           {"4", armExcept(4)},
                           {"5", armExcept(5)}};
    EXPECT_EQ(targets(makeGame("players=5 other=closed unused=free", pieces).position(), "m6"),
              S("l7 l6 m7 m5"));
    EXPECT_EQ(targets(makeGame("players=5 other=free unused=closed", pieces).position(), "m6"),
              S("l7 l6 m7 m5 n5 n6"));
}

// ------------------------------------------------------------ goal lock ----

TEST(RulesArms, GoalLockKeepsEveryLandingInsideTheGoal) {
    // Player 1's goal is arm 4. Player 1 on g15 (moving), h14, f14 (goal) and h13:
    //
    //   row 17: e17
    //   row 16: e16  f16
    //   row 15: e15  f15 [g15]
    //   row 14: e14 (f14) g14 (h14)
    //   row 13: e13  f13  g13 (h13) i13  j13
    //
    // g15: steps f15, g14, f16 (inside the goal). Hop over h14 to i13 (outside), from
    // i13 over h13 to g13 (outside), from g13 over f14 to e15 (back inside). (From i13
    // over h14 leads back to g15; from e15 over f14 back to g13.)
    //   goallock=off: f15 g14 f16 i13 g13 e15
    //   goallock=on:  f15 g14 f16  - e15 is out too: its only path lands outside.
    // h14: steps g14 (inside) and i13 (outside; h13 and g15 taken); hops over g15 to f16
    // (inside) and over h13 to h12 (outside).
    //   off: g14 i13 f16 h12        on: g14 f16
    const Pieces pieces = {{"1", "g15 h14 f14 h13 m1 l2 m2 k3 l3 m3"},
                           {"4", "i7 j7 k7 l7 m7 i8 j8 k8 l8 m8"}};
    Game off = makeGame("goallock=off", pieces);
    Game on = makeGame("goallock=on", pieces);
    EXPECT_EQ(targets(off.position(), "g15"), S("f15 g14 f16 i13 g13 e15"));
    EXPECT_EQ(targets(on.position(), "g15"), S("f15 g14 f16"));
    EXPECT_EQ(targets(off.position(), "h14"), S("g14 i13 f16 h12"));
    EXPECT_EQ(targets(on.position(), "h14"), S("g14 f16"));
    // A piece outside its goal is not affected: h13 moves the same either way.
    EXPECT_EQ(targets(off.position(), "h13"), targets(on.position(), "h13"));
}

TEST(RulesArms, GoalLockUsesTheFifteenHoleCamp) {
    // preset=diamond (15 pieces): player 1's goal is arm 4 plus e13 f13 g13 h13 i13.
    // Player 1 on i13, the camp's corner: neighbours h14 (arm 4) and h13 (camp edge)
    // inside the goal, j12 and i12 (hexagon) outside it, j13 (arm 5, unused: closed).
    // goallock=on keeps it in the camp: h14 h13. Off: also j12 i12.
    // Player 2 (king e17) on the rest of arm 4, e13 f13 g13 and e12 f12 g12.
    const Pieces pieces = {{"1", "i13 " + armExcept(1, "m1") + " i5 j5 k5 l5"},
                           {"1k", "m1"},
                           {"4", armExcept(4, "e17 h14") + " e13 f13 g13 e12 f12 g12"},
                           {"4k", "e17"}};
    EXPECT_EQ(targets(makeGame("preset=diamond goallock=on", pieces).position(), "i13"),
              S("h14 h13"));
    EXPECT_EQ(targets(makeGame("preset=diamond goallock=off", pieces).position(), "i13"),
              S("h14 h13 j12 i12"));
}

// ----------------------------------------------------------- must-leave ----

// Arm 1 is player 2's goal. Player 1's piece on j4 in it:
//
//   row 5:  i5  j5              (hexagon, empty)
//   row 4: [j4](k4)(l4)(m4)
//   row 3:     (k3)(l3)(m3)
//   row 2:         (l2)(m2)
//   row 1:             (m1)
//
// j4 leaves by the steps j4-i5, j4-j5; its hops over k4 and k3 land on l4 and l2, taken.
// Player 1's nine other pieces stand in rows 10-11 and have many moves.
const char* const kP1Free = "e11 f11 g11 h11 i11 e10 f10 g10 h10";

TEST(RulesArms, MustLeaveABlockedGoal) {
    // Arm 1 full: player 2 on nine holes, player 1 on j4 -> blocked (full, not all
    // player 2's). Player 2's tenth piece on m9. finish=all (under fill player 2 would
    // have finished).
    const Pieces pieces = {{"1", std::string("j4 ") + kP1Free}, {"4", armExcept(1, "j4") + " m9"}};
    EXPECT_EQ(legal(makeGame("mustleave=on finish=all", pieces).position()), S("j4-i5 j4-j5"));
    const std::set<std::string> free =
        legal(makeGame("mustleave=off finish=all", pieces).position());
    EXPECT_TRUE(free.count("j4-i5"));
    EXPECT_TRUE(free.count("e11-e12"));
}

TEST(RulesArms, MustLeaveDoesNotBindInAGoalThatIsNotFull) {
    // m1 empty (player 2's piece moved to l9): not blocked, any move.
    const Pieces pieces = {{"1", std::string("j4 ") + kP1Free},
                           {"4", armExcept(1, "j4 m1") + " m9 l9"}};
    const std::set<std::string> moves =
        legal(makeGame("mustleave=on finish=all", pieces).position());
    EXPECT_TRUE(moves.count("j4-i5"));
    EXPECT_TRUE(moves.count("e11-e12"));
}

TEST(RulesArms, MustLeaveDoesNotBindWhenThePieceCannotLeave) {
    // Player 1's piece on the tip m1 instead (neighbours l2, m2 taken; hops land on k3,
    // m3, taken): no move takes it out, so every other move stays legal.
    const Pieces pieces = {{"1", std::string("m1 ") + kP1Free}, {"4", armExcept(1, "m1") + " m9"}};
    const std::set<std::string> moves =
        legal(makeGame("mustleave=on finish=all", pieces).position());
    EXPECT_TRUE(moves.count("e11-e12"));
    EXPECT_FALSE(moves.count("pass"));
    EXPECT_TRUE(targets(makeGame("mustleave=on finish=all", pieces).position(), "m1").empty());
}

TEST(RulesArms, MustLeaveDoesNotBindInAFinishedArmysGoal) {
    // 3 players (seats 1, 3, 5), finish=fill, end=all. Arm 6 (n5 o5 p5 q5 / n6 o6 p6 /
    // n7 o7 / n8) is player 2's goal. Player 1's piece on n8:
    //   n8's neighbours: m9, m8 (hexagon, empty), o7 and n7 (taken); o8, n9 are off the
    //   board. Hops over o7 and n7 land on p6 and n6, taken. So n8 leaves by n8-m9, n8-m8.
    // (a) Arm 6 = nine pieces of player 2 + n8: player 2 has finished (fill) and takes
    //     no more turns: must-leave does not bind, player 1's other pieces may move.
    const Pieces finished = {
        {"1", "n8 " + armExcept(1, "j4")}, {"3", armExcept(6, "n8") + " d10"}, {"5", armExcept(5)}};
    const std::set<std::string> free = legal(
        makeGame("players=3 finish=fill end=all mustleave=on", finished, "1 1 0 0 3 0,1,0 playing")
            .position());
    EXPECT_TRUE(free.count("n8-m9"));
    EXPECT_TRUE(free.count("k4-j5"));
    // (b) Arm 6 = nine pieces of player 3 + n8: player 2 has not finished (no piece of its
    //     own there), the goal is blocked, player 1 must take n8 out.
    const Pieces blocked = {
        {"1", "n8 " + armExcept(1, "j4")}, {"3", armExcept(3)}, {"5", armExcept(6, "n8") + " m10"}};
    EXPECT_EQ(legal(makeGame("players=3 finish=fill end=all mustleave=on", blocked).position()),
              S("n8-m9 n8-m8"));
}

}  // namespace
}  // namespace cc::rulestest
