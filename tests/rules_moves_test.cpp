// Hand-checked positions for protocol-spec/rules.md §5 (moves) and the hop-chain details
// of §9. Every expected set below was worked out by hand from the geometry:
// a hole's six neighbours are (column+1,row-1) (column-1,row+1) (column+1,same row)
// (column-1,same row) (same column,row+1) (same column,row-1).
//
// Unless said otherwise: standard rules, 2 players (seat 1 = player 1 moving north
// into arm 4, seat 4 = player 2), and the pieces not named in a test sit in their
// start arms, far from the holes that matter.

#include "rules_test_util.h"

namespace cc::rulestest {
namespace {

// ---------------------------------------------------------------- steps ----

TEST(RulesMoves, StepGoesToEveryEmptyNeighbour) {
    // Player 1 alone at i9 in the centre, nothing next to it:
    //
    //        h10 i10            row 10
    //      h9  [i9]  j9         row 9
    //          i8  j8           row 8
    //
    // Six steps, no hop (a hop needs a neighbouring piece).
    Game game = makeGame("", {{"1", "i9 " + armExcept(1, "j4")}, {"4", armExcept(4)}});
    EXPECT_EQ(targets(game.position(), "i9"), S("j8 h10 j9 h9 i10 i8"));
}

TEST(RulesMoves, AStepOrHopsButNeverBoth) {
    // i10 holds a piece of player 2. From i9: steps to the five empty neighbours, and one
    // hop over i10 to i11. From i11 nothing more can be hopped (its only neighbouring
    // piece is i10, and hopping back lands on the start), and a step after the hop
    // (i11-i12, i11-h12, i11-j11, ...) is not allowed: i12, h12, j11, h11, j10 are not
    // destinations.
    Game game =
        makeGame("", {{"1", "i9 " + armExcept(1, "j4")}, {"4", "i10 " + armExcept(4, "e17")}});
    EXPECT_EQ(targets(game.position(), "i9"), S("j8 h10 j9 h9 i8 i11"));
    EXPECT_FALSE(isLegal(game.position(), "i9-i11-i12"));
    // Nothing is captured: the bridge stays.
    ASSERT_TRUE(play(game, "i9-i11"));
    EXPECT_EQ(at(game.position(), "i10"), "4");
    EXPECT_EQ(at(game.position(), "i11"), "1");
    EXPECT_EQ(at(game.position(), "i9"), ".");
}

TEST(RulesMoves, HopOverAPieceOfAnyColour) {
    // Same as above, the bridge at i10 now one of player 1's own pieces.
    Game game = makeGame("", {{"1", "i9 i10 " + armExcept(1, "j4 k4")}, {"4", armExcept(4)}});
    EXPECT_EQ(targets(game.position(), "i9"), S("j8 h10 j9 h9 i8 i11"));
}

// ----------------------------------------------------------- short hops ----

TEST(RulesMoves, ShortHopNeedsAnAdjacentBridge) {
    // e9 with a lone piece at h9, three holes to the right:
    //
    //   [e9] f9 g9 (h9) i9 j9 k9
    //
    // Classic hops only go over a neighbour, so e9 has just its steps: f8, f9, e10 and,
    // since unused arms are free in standard rules, d10 (arm 3) and e8 (arm 2).
    // (d9 is off the board.)
    Game game =
        makeGame("", {{"1", "e9 " + armExcept(1, "j4")}, {"4", "h9 " + armExcept(4, "e17")}});
    EXPECT_EQ(targets(game.position(), "e9"), S("f8 d10 f9 e10 e8"));
}

TEST(RulesMoves, ChainChangesDirectionAndMayStopAfterAnyHop) {
    // Bridges i10 and j11 (player 2):
    //
    //          i11 (j11) k11      row 11
    //          (i10)              row 10
    //         [i9]                row 9
    //
    // i9 hops north over i10 to i11, then turns east and hops over j11 to k11. It may
    // stop at i11 or at k11. From k11 no further hop (j11 leads back to i11).
    Game game = makeGame(
        "", {{"1", "i9 " + armExcept(1, "j4")}, {"4", "i10 j11 " + armExcept(4, "e17 f16")}});
    EXPECT_EQ(targets(game.position(), "i9"), S("j8 h10 j9 h9 i8 i11 k11"));
    const std::set<std::string> moves = legal(game.position());
    EXPECT_TRUE(moves.count("i9-i11"));
    EXPECT_TRUE(moves.count("i9-i11-k11"));
}

TEST(RulesMoves, ChainMayRevisitItsStartButNotEndThere) {
    // Bridges (player 2) at j9, j10, i10, h9 around i9:
    //
    //          i11                 row 11
    //       (i10) (j10)            row 10
    //   g9 (h9) [i9] (j9) k9       row 9
    //
    // First hops from i9: over j9 to k9, over h9 to g9, over i10 to i11.
    // From k9: over j10 (direction column-1,row+1) to i11 (already reached), over j9
    // back to i9. From i11: over i10 back to i9, over j10 to k9. From g9: over h9 back
    // to i9. So the loop i9-k9-i11-i9 exists, but i9 itself is never a destination.
    // Steps: j8, h10, i8. Destinations: j8 h10 i8 k9 g9 i11.
    Game game = makeGame("", {{"1", "i9 " + armExcept(1, "j4")},
                              {"4", "j9 j10 i10 h9 " + armExcept(4, "e17 e16 f16 e15")}});
    const Position& position = game.position();
    EXPECT_EQ(targets(position, "i9"), S("j8 h10 i8 k9 g9 i11"));

    // Any valid path is accepted as input, also one passing through the start again;
    // it names the same move as the direct hop.
    Expected<Move> viaStart = parseMove(position, "i9-k9-i11-i9-g9");
    ASSERT_TRUE(viaStart.ok()) << viaStart.error();
    EXPECT_EQ(*viaStart, Move::normal(H("i9"), H("g9")));
    Expected<Move> twoHops = parseMove(position, "i9-i11-k9");
    ASSERT_TRUE(twoHops.ok()) << twoHops.error();
    EXPECT_EQ(*twoHops, Move::normal(H("i9"), H("k9")));

    // Ending on the start is not a move.
    EXPECT_FALSE(isLegal(position, "i9-k9-i11-i9"));
    EXPECT_FALSE(isLegal(position, "i9-i9"));

    // One move per (from, to), printed with the fewest hops.
    MoveList moves;
    generateLegal(position, moves);
    int toK9 = 0;
    for (const Move move : moves) toK9 += move.from == H("i9") && move.to == H("k9") ? 1 : 0;
    EXPECT_EQ(toK9, 1);
    const std::set<std::string> printed = legal(position);
    EXPECT_TRUE(printed.count("i9-k9"));
    EXPECT_TRUE(printed.count("i9-g9"));
    EXPECT_FALSE(printed.count("i9-i11-k9"));
}

// ------------------------------------------------------------ long hops ----

TEST(RulesMoves, LongHopOverABridgeAtAnyDistance) {
    // Row 9, bridge h9 three holes from e9:
    //
    //   [e9] f9 g9 (h9) i9 j9 k9 l9 m9
    //
    // hops=long: e9 jumps over h9 and lands three holes beyond it on k9 (f9, g9, i9, j9
    // empty). Other lines from e9 hold no bridge that leaves room on the board for the
    // landing (e14 is 5 away up column e, k3 is 6 away down the f8-g7 diagonal: their
    // landings would be 10 and 12 away, off the board). From k9 the only bridge with a
    // landing is h9 again, back onto e9. hops=short: only the steps.
    const Pieces pieces = {{"1", "e9 " + armExcept(1, "j4")}, {"4", "h9 " + armExcept(4, "e17")}};
    EXPECT_EQ(targets(makeGame("hops=short", pieces).position(), "e9"), S("f8 d10 f9 e10 e8"));
    EXPECT_EQ(targets(makeGame("hops=long", pieces).position(), "e9"), S("f8 d10 f9 e10 e8 k9"));
    EXPECT_TRUE(legal(makeGame("hops=long", pieces).position()).count("e9-k9"));
}

TEST(RulesMoves, LongHopNeedsEqualEmptySpacing) {
    // As above, plus a piece on j9, between the bridge and the landing:
    //   [e9] f9 g9 (h9) i9 (j9) k9   - the far side is not empty: no hop.
    // Or a piece on k9 itself: the landing is not empty: no hop.
    Game blockedBeyond = makeGame("hops=long", {{"1", "e9 " + armExcept(1, "j4")},
                                                {"4", "h9 j9 " + armExcept(4, "e17 e16")}});
    EXPECT_EQ(targets(blockedBeyond.position(), "e9"), S("f8 d10 f9 e10 e8"));
    Game landingTaken = makeGame("hops=long", {{"1", "e9 " + armExcept(1, "j4")},
                                               {"4", "h9 k9 " + armExcept(4, "e17 e16")}});
    EXPECT_EQ(targets(landingTaken.position(), "e9"), S("f8 d10 f9 e10 e8"));
}

TEST(RulesMoves, HopChainTreatsItsOwnStartHoleAsEmpty) {
    // hops=long. Bridges (player 2) j9, j10, i8:
    //
    //          i11            row 11
    //          i10 (j10)      row 10
    //         [i9] (j9) k9    row 9
    //         (i8)            row 8
    //          i7 i6 i5       rows 7, 6, 5
    //
    // i9 hops over j9 to k9, over j10 to i11, then down column i: i10 empty, i9 (the
    // moving piece's own start) empty, bridge i8 three holes away, i7 and i6 empty,
    // landing i5 three holes beyond. i5 is reached only this way: were the start hole
    // counted as occupied, the last hop would see i9 as its bridge and need i8 empty.
    // Full list: steps j8 h10 h9 i10; hops k9 (over j9), i7 (over i8), i11, i5.
    Game game = makeGame("hops=long", {{"1", "i9 " + armExcept(1, "j4")},
                                       {"4", "j9 j10 i8 " + armExcept(4, "e17 e16 f16")}});
    EXPECT_EQ(targets(game.position(), "i9"), S("j8 h10 h9 i10 k9 i7 i11 i5"));
    EXPECT_TRUE(legal(game.position()).count("i9-k9-i11-i5"));
}

// ----------------------------------------------------------------- kings ----

TEST(RulesMoves, KingHopsAWholeRowAndLandsJustPastIt) {
    // king=on. Player 1's king on e9, player 2's pieces on f9 g9 h9:
    //
    //   [E9] (f9)(g9)(h9) i9 j9
    //
    // The king hops the row of three and lands on i9, the first empty hole after it
    // (never further). From i9 the only row next to it leads back onto e9. Steps: f8,
    // d10, e10, e8 (f9 is taken). A plain piece on e9 cannot hop: over f9 it would land
    // on g9, which is taken.
    const std::string p2 = "f9 g9 h9 " + armExcept(4, "e17 e16 f16 e15");
    Game king =
        makeGame("king=on", {{"1k", "e9"}, {"1", armExcept(1, "j4")}, {"4", p2}, {"4k", "e15"}});
    EXPECT_EQ(targets(king.position(), "e9"), S("f8 d10 e10 e8 i9"));
    Game plain = makeGame(
        "king=on", {{"1", "e9 " + armExcept(1, "j4 m1")}, {"1k", "m1"}, {"4", p2}, {"4k", "e15"}});
    EXPECT_EQ(targets(plain.position(), "e9"), S("f8 d10 e10 e8"));
}

TEST(RulesMoves, KingRowEndsAtTheFirstEmptyHole) {
    // king=on. Row f9 g9, then h9 empty: the king lands on h9, not on i9.
    //   [E9] (f9)(g9) h9 i9
    Game king = makeGame("king=on", {{"1k", "e9"},
                                     {"1", armExcept(1, "j4")},
                                     {"4", "f9 g9 " + armExcept(4, "e17 e16 e15")},
                                     {"4k", "e15"}});
    EXPECT_EQ(targets(king.position(), "e9"), S("f8 d10 e10 e8 h9"));
}

TEST(RulesMoves, KingChainsRowHopsAndTurns) {
    // king=on. Row f9 g9 east of the king, then h9 empty; from h9 the row h10 h11 north,
    // then h12 empty:
    //          h12      row 12
    //         (h11)     row 11
    //         (h10)     row 10
    //   [E9](f9)(g9) h9 row 9
    // The king reaches h9 and, turning, h12 (path e9-h9-h12).
    Game king = makeGame("king=on", {{"1k", "e9"},
                                     {"1", armExcept(1, "j4")},
                                     {"4", "f9 g9 h10 h11 " + armExcept(4, "e17 e16 f16 e15 e14")},
                                     {"4k", "e15"}});
    EXPECT_EQ(targets(king.position(), "e9"), S("f8 d10 e10 e8 h9 h12"));
    EXPECT_TRUE(legal(king.position()).count("e9-h9-h12"));
}

TEST(RulesMoves, NoPieceHopsOverAKing) {
    // king=on. A row f9 (g9 king) h9: the king on e9 may not hop it (the row holds a
    // king); a plain piece on e9 cannot either (over f9 it lands on g9, taken).
    {
        Game king = makeGame("king=on", {{"1k", "e9"},
                                         {"1", armExcept(1, "j4")},
                                         {"4", "f9 h9 " + armExcept(4, "e17 e16 f16")},
                                         {"4k", "g9"}});
        EXPECT_EQ(targets(king.position(), "e9"), S("f8 d10 e10 e8"));
    }
    // A king on f9 with g9 empty: a plain piece on e9 may not hop it (short hop over a
    // king), nor may the king on e9.
    //   [e9] (F9) g9
    const Pieces overKing = {{"1", "e9 " + armExcept(1, "j4 m1")},
                             {"1k", "m1"},
                             {"4", armExcept(4, "e17")},
                             {"4k", "f9"}};
    EXPECT_EQ(targets(makeGame("king=on", overKing).position(), "e9"), S("f8 d10 e10 e8"));
    const Pieces kingOverKing = {
        {"1k", "e9"}, {"1", armExcept(1, "j4")}, {"4", armExcept(4, "e17")}, {"4k", "f9"}};
    EXPECT_EQ(targets(makeGame("king=on", kingOverKing).position(), "e9"), S("f8 d10 e10 e8"));
    // The same with a plain piece on f9 (player 2's king on e16): the hop to g9 is legal.
    const Pieces overPlain = {{"1", "e9 " + armExcept(1, "j4 m1")},
                              {"1k", "m1"},
                              {"4", "f9 " + armExcept(4, "e17 e16")},
                              {"4k", "e16"}};
    EXPECT_EQ(targets(makeGame("king=on", overPlain).position(), "e9"), S("f8 d10 e10 e8 g9"));
}

TEST(RulesMoves, NoLongHopOverAKing) {
    // king=on hops=long, the long-hop position of LongHopOverABridgeAtAnyDistance with the
    // bridge on h9 made player 2's king: no hop to k9. With a plain bridge: k9 is legal.
    //   [e9] f9 g9 (H9) i9 j9 k9
    const Pieces kingBridge = {{"1", "e9 " + armExcept(1, "j4 m1")},
                               {"1k", "m1"},
                               {"4", armExcept(4, "e17")},
                               {"4k", "h9"}};
    EXPECT_EQ(targets(makeGame("king=on hops=long", kingBridge).position(), "e9"),
              S("f8 d10 f9 e10 e8"));
    const Pieces plainBridge = {{"1", "e9 " + armExcept(1, "j4 m1")},
                                {"1k", "m1"},
                                {"4", "h9 " + armExcept(4, "e17 e16")},
                                {"4k", "e16"}};
    EXPECT_EQ(targets(makeGame("king=on hops=long", plainBridge).position(), "e9"),
              S("f8 d10 f9 e10 e8 k9"));
}

TEST(RulesMoves, KingHopsRowsOnlyEvenWithLongHops) {
    // king=on hops=long, one piece on g9 with f9 empty:
    //   [e9] f9 (g9) h9 i9
    // A plain piece on e9 makes the long hop over g9 to i9 (f9 and h9 empty; from i9 the
    // only bridge is g9 again, back to e9). The king on e9 may not: its row must start
    // next to it.
    const Pieces plain = {{"1", "e9 " + armExcept(1, "j4 m1")},
                          {"1k", "m1"},
                          {"4", "g9 " + armExcept(4, "e17 e16")},
                          {"4k", "e16"}};
    EXPECT_EQ(targets(makeGame("king=on hops=long", plain).position(), "e9"),
              S("f8 d10 f9 e10 e8 i9"));
    const Pieces king = {{"1k", "e9"},
                         {"1", armExcept(1, "j4")},
                         {"4", "g9 " + armExcept(4, "e17 e16")},
                         {"4k", "e16"}};
    EXPECT_EQ(targets(makeGame("king=on hops=long", king).position(), "e9"), S("f8 d10 f9 e10 e8"));
}

// ------------------------------------------------------------------ pass ----

// Both players stuck (the card preset: goal lock, swap=final, finish=all):
//   arm 4 (player 1's goal): player 1 on every hole but e17, player 2 on e17;
//   arm 1 (player 2's goal): player 2 on every hole but m1, player 1 on m1.
// Player 1's nine goal pieces must stay in the full goal (goal lock): no step, no hop
// (every landing in the goal is taken). Swapping onto e17 (by a step from e16 or f16,
// or a hop from e15 over e16 or from g15 over f16) leaves the army at 9 of 10 in the
// goal, so swap=final forbids it. The piece on m1 (the tip) has neighbours l2 and m2
// only, both taken; the hops over them land on k3 and m3, taken. Player 2 is in the
// mirror-image situation.
Pieces lockedBoth() {
    return {{"1", armExcept(4, "e17") + " m1"}, {"2", ""}, {"4", armExcept(1, "m1") + " e17"}};
}

TEST(RulesMoves, PassIsAutomaticAndTheOnlyMoveWhenNothingElseIsLegal) {
    Game game = makeGame("preset=card", lockedBoth());
    EXPECT_EQ(legal(game.position()), S("pass"));
    ASSERT_TRUE(play(game, "pass"));
    EXPECT_EQ(mover(game.position()), "2");
    EXPECT_EQ(legal(game.position()), S("pass"));
}

TEST(RulesMoves, PassIsNotAChoice) {
    Game game = startGame("");
    EXPECT_FALSE(isLegal(game.position(), "pass"));
    EXPECT_FALSE(legal(game.position()).count("pass"));
    EXPECT_FALSE(legal(game.position()).count("resign"));
}

TEST(RulesMoves, SwapAnyGivesTheLockedPositionMoves) {
    // The same locked position under masters (swap=any): player 1 may now swap onto
    // e17 by a step from e16 or f16, or by a hop from e15 over e16 or from g15 over f16.
    Game game = makeGame("preset=masters", lockedBoth());
    EXPECT_EQ(legal(game.position()), S("e16-e17* f16-e17* e15-e17* g15-e17*"));
}

}  // namespace
}  // namespace cc::rulestest
