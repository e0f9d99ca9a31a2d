// Hand-checked positions for protocol-spec/rules.md §8 (goal-entry bonus, end first /
// all, fair finish, pass round, move limit, stall, repetition, resign, places) and the
// matching details of §9. Player 1 = seat 1 (goal arm 4: e17 / e16 f16 /
// e15 f15 g15 / e14 f14 g14 h14), player 2 = seat 4 (goal arm 1) unless said otherwise.
// A ' after a seat digit marks a piece that has already earned its bonus.

#include "rules_test_util.h"

namespace cc::rulestest {
namespace {

// ---------------------------------------------------------------- bonus ----

TEST(RulesTurns, GoalEntryBonusGivesAnExtraMove) {
    // Player 1 on h13 next to its empty goal; h13-h14 is that piece's first move ending
    // in the goal: with bonus=on player 1 moves again ("1+"), the piece is marked; the
    // bonus move i9-i10 (no goal entry) hands the turn to player 2.
    const Pieces pieces = {{"1", "h13 i9 l2 m2 k3 l3 m3 k4 l4 m4"},
                           {"4", "i7 j7 k7 l7 m7 i6 j6 k6 l6 m6"}};
    Game on = makeGame("bonus=on finish=all", pieces);
    ASSERT_TRUE(play(on, "h13-h14"));
    EXPECT_EQ(mover(on.position()), "1+");
    EXPECT_EQ(at(on.position(), "h14"), "1'");
    ASSERT_TRUE(play(on, "i9-i10"));
    EXPECT_EQ(mover(on.position()), "2");
    Game off = makeGame("bonus=off finish=all", pieces);
    ASSERT_TRUE(play(off, "h13-h14"));
    EXPECT_EQ(mover(off.position()), "2");
    EXPECT_EQ(at(off.position(), "h14"), "1");
}

TEST(RulesTurns, BonusOncePerPiece) {
    // The piece on h13 has already earned its bonus (it left the goal again): entering
    // h14 now gives nothing.
    Game game = makeGame("bonus=on finish=all", {{"1'", "h13"},
                                                 {"1", "i9 l2 m2 k3 l3 m3 k4 l4 m4"},
                                                 {"4", "i7 j7 k7 l7 m7 i6 j6 k6 l6 m6"}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(mover(game.position()), "2");
}

TEST(RulesTurns, BonusesCanFollowEachOther) {
    // h13-h14 (bonus), then in the bonus move g13-g14, another piece's first entry
    // (bonus again), then i9-i10 ends the turn.
    Game game = makeGame("bonus=on finish=all", {{"1", "h13 g13 i9 l2 m2 k3 l3 m3 k4 l4"},
                                                 {"4", "i7 j7 k7 l7 m7 i6 j6 k6 l6 m6"}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(mover(game.position()), "1+");
    ASSERT_TRUE(play(game, "g13-g14"));
    EXPECT_EQ(mover(game.position()), "1+");
    ASSERT_TRUE(play(game, "i9-i10"));
    EXPECT_EQ(mover(game.position()), "2");
}

TEST(RulesTurns, NoBonusForTheMoveThatFinishesThePlayer) {
    // 3 players, end=all: player 1's last piece enters (h13-h14) and finishes it: no
    // bonus, player 2 moves next.
    Game game = makeGame(
        "players=3 bonus=on finish=all end=all",
        {{"1'", armExcept(4, "h14")}, {"1", "h13"}, {"3", armExcept(3)}, {"5", armExcept(5)}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(places(game.position()), "1,0,0");
    EXPECT_EQ(mover(game.position()), "2");
}

TEST(RulesTurns, BonusWhenTheMoveFinishesOnlyOneOfSeveralArmies) {
    // armies=1+3,4+6: player 1's seat-1 army completes (h13-h14) but its seat-3 army
    // has not: the player has not finished, so the entering piece earns its bonus.
    Game game = makeGame("armies=1+3,4+6 bonus=on finish=all", {{"1'", armExcept(4, "h14")},
                                                                {"1", "h13"},
                                                                {"3", armExcept(3)},
                                                                {"4", armExcept(1, "m1") + " i9"},
                                                                {"6", armExcept(6)}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(done(game.position()), "1");
    EXPECT_EQ(mover(game.position()), "1+");
}

TEST(RulesTurns, BonusUsesTheFifteenHoleCampAsGoal) {
    // preset=diamond bonus=on: the goal is the 15-hole camp, so stepping i12-i13 onto its
    // hexagon corner is a goal entry: bonus. With 10 pieces i13 is outside the goal (arm
    // 4): no bonus.
    Game camp = makeGame("preset=diamond bonus=on",
                         {{"1", "i12 " + armExcept(1, "m1") + " i5 j5 k5 l5"},
                          {"1k", "m1"},
                          {"4", armExcept(4, "e17 h14") + " e13 f13 g13 e12 f12 g12"},
                          {"4k", "e17"}});
    ASSERT_TRUE(play(camp, "i12-i13"));
    EXPECT_EQ(mover(camp.position()), "1+");
    Game arm =
        makeGame("bonus=on finish=all", {{"1", "i12 " + armExcept(1, "j4")}, {"4", armExcept(4)}});
    ASSERT_TRUE(play(arm, "i12-i13"));
    EXPECT_EQ(mover(arm.position()), "2");
}

// The card position where neither player can move (see rules_moves_test.cpp): arm 4 full
// with player 1's nine and player 2's e17, arm 1 full with player 2's nine and player 1's
// m1; goal lock, swap=final: every piece is stuck.
Pieces stuckCardPlayers() {
    return {{"1", armExcept(4, "e17") + " m1"}, {"4", armExcept(1, "m1") + " e17"}};
}

TEST(RulesTurns, ForcedPassEndsABonusTurn) {
    // Player 1 is on a bonus move ("1+") but has no move: the pass ends its turn.
    Game game =
        makeGame("preset=card bonus=on passround=off", stuckCardPlayers(), "1+ 1 0 0 - - playing");
    EXPECT_EQ(legal(game.position()), S("pass"));
    ASSERT_TRUE(play(game, "pass"));
    EXPECT_EQ(mover(game.position()), "2");
}

TEST(RulesTurns, SwapDisplacedPieceEarnsNoBonusButCanLater) {
    // hops=long swap=any bonus=on. Player 1 on j4 with bridges j8 and i13; player 2's
    // piece on h14 (in player 1's goal):
    //   j4-j12: long hop up column j over j8 (j5 j6 j7, j9 j10 j11 empty);
    //   j12-h14: over i13 onto h14, held by player 2: swap.
    // Player 1's piece enters its goal for the first time: bonus ("1+", marked).
    // Player 2's piece goes to j4, inside its own goal, but it has not ended a move there:
    // no mark, no bonus. After player 1's bonus move (j8-j7), player 2 steps j4-k4 inside
    // its goal: that piece's first move ending in the goal earns a bonus ("2+").
    Game game = makeGame("hops=long swap=any bonus=on finish=all",
                         {{"1", "j4 j8 i13 m1 l2"},
                          {"1'", "e17 e16 f16 e15 f15"},
                          {"4", "h14 e9 f9 g9 e10 f10 g10 e11 f11 g11"}});
    ASSERT_TRUE(play(game, "j4-j12-h14*"));
    EXPECT_EQ(at(game.position(), "h14"), "1'");
    EXPECT_EQ(at(game.position(), "j4"), "4");
    EXPECT_EQ(mover(game.position()), "1+");
    ASSERT_TRUE(play(game, "j8-j7"));
    EXPECT_EQ(mover(game.position()), "2");
    ASSERT_TRUE(play(game, "j4-k4"));
    EXPECT_EQ(at(game.position(), "k4"), "4'");
    EXPECT_EQ(mover(game.position()), "2+");
}

// ------------------------------------------------------------ end rules ----

// 3 players (seats 1, 3, 5): player 1 on arm 4 but h14, last piece on h13.
Pieces almostHome3() {
    return {{"1", armExcept(4, "h14") + " h13"}, {"3", armExcept(3)}, {"5", armExcept(5)}};
}

TEST(RulesTurns, EndFirstStopsAtTheFirstFinish) {
    Game game = makeGame("players=3 finish=all end=first", almostHome3());
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(status(game.position()), "finish");
    EXPECT_EQ(game.position().place(0), 1);
    EXPECT_GT(game.position().place(1), 1);
    EXPECT_GT(game.position().place(2), 1);
}

TEST(RulesTurns, EndAllPlaysOnAndSkipsFinishedPlayers) {
    Game game = makeGame("players=3 finish=all end=all", almostHome3());
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(tail(game.position()), "2 1 0 0 1 1,0,0 playing");
    ASSERT_TRUE(play(game, "d10-e10"));
    EXPECT_EQ(mover(game.position()), "3");
    ASSERT_TRUE(play(game, "m10-m9"));
    EXPECT_EQ(mover(game.position()), "2");
    EXPECT_EQ(field(game.position(), 2), "2");
}

TEST(RulesTurns, EndAllStopsWhenOnePlayerIsLeft) {
    // Player 1 done (place 1). Player 2 (seat 3, goal arm 6) on arm 6 but n8, last piece
    // on m8: m8-n8 finishes it (place 2); only player 3 is left: place 3, game over.
    Game game =
        makeGame("players=3 finish=all end=all",
                 {{"1", armExcept(4)}, {"3", armExcept(6, "n8") + " m8"}, {"5", armExcept(5)}},
                 "2 1 0 0 1 1,0,0 playing");
    ASSERT_TRUE(play(game, "m8-n8"));
    EXPECT_EQ(done(game.position()), "13");
    EXPECT_EQ(places(game.position()), "1,2,3");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesTurns, TwoPlayerEndAllStopsAtTheFirstFinish) {
    Game game = makeGame("finish=all end=all",
                         {{"1", armExcept(4, "h14") + " h13"}, {"4", armExcept(1, "m1") + " i9"}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(places(game.position()), "1,2");
    EXPECT_EQ(status(game.position()), "finish");
}

// ---------------------------------------------------------- fair finish ----

// preset=super, 2 players: player 1 on arm 4 but h14 (last piece on h13), player 2 on
// arm 1 but j4 (last piece on j5). Pieces already home carry their bonus mark.
Pieces bothAlmostHome() {
    return {{"1'", armExcept(4, "h14")}, {"1", "h13"}, {"4'", armExcept(1, "j4")}, {"4", "j5"}};
}

TEST(RulesTurns, FairFinishSecondPlayerEqualisesAndShares) {
    Game game = makeGame("preset=super", bothAlmostHome());
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(tail(game.position()), "2 1 0 0 1 1,0 playing");
    ASSERT_TRUE(play(game, "j5-j4"));
    EXPECT_EQ(places(game.position()), "1,1");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesTurns, FairFinishEqualisingTurnIncludesItsBonusMoves) {
    // preset=super. Player 2 has two pieces out (j5, k5 next to j4, k4). After player 1
    // finishes, player 2's equalising turn: j5-j4 is a first goal entry (bonus, not
    // finishing), then k5-k4 in the bonus move finishes it: both share first place.
    Game game = makeGame(
        "preset=super",
        {{"1'", armExcept(4, "h14")}, {"1", "h13"}, {"4'", armExcept(1, "j4 k4")}, {"4", "j5 k5"}});
    ASSERT_TRUE(play(game, "h13-h14"));
    ASSERT_TRUE(play(game, "j5-j4"));
    EXPECT_EQ(mover(game.position()), "2+");
    EXPECT_EQ(status(game.position()), "playing");
    ASSERT_TRUE(play(game, "k5-k4"));
    EXPECT_EQ(places(game.position()), "1,1");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesTurns, FairFinishEqualisingTurnWithoutFinish) {
    Game game = makeGame("preset=super", bothAlmostHome());
    ASSERT_TRUE(play(game, "h13-h14"));
    ASSERT_TRUE(play(game, "j5-i6"));
    EXPECT_EQ(places(game.position()), "1,2");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesTurns, WithoutFairFinishTheFirstFinishEndsAtOnce) {
    Game game = makeGame("preset=super fairfinish=off", bothAlmostHome());
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(places(game.position()), "1,2");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesTurns, FairFinishLastPlayerInTheRoundEndsAtOnce) {
    // Player 1 has had its turn this round; player 2 finishes: both have had the same
    // number of turns, the game ends now.
    Game game = makeGame("preset=super", bothAlmostHome(), "2 1 0 0 - - playing");
    ASSERT_TRUE(play(game, "j5-j4"));
    EXPECT_EQ(places(game.position()), "2,1");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesTurns, FairFinishThreePlayers) {
    // preset=super players=3. Player 2 (seat 3, goal arm 6) finishes with m8-n8 in round
    // 1 after player 1 has moved: player 3 (one turn fewer) still moves, player 1 does
    // not; then the game ends with player 2 first.
    Game game = makeGame(
        "preset=super players=3",
        {{"1", armExcept(1)}, {"3'", armExcept(6, "n8")}, {"3", "m8"}, {"5", armExcept(5)}},
        "2 1 0 0 - - playing");
    ASSERT_TRUE(play(game, "m8-n8"));
    EXPECT_EQ(mover(game.position()), "3");
    EXPECT_EQ(status(game.position()), "playing");
    ASSERT_TRUE(play(game, "m10-m9"));
    EXPECT_EQ(status(game.position()), "finish");
    EXPECT_EQ(game.position().place(1), 1);
    EXPECT_GT(game.position().place(0), 1);
    EXPECT_GT(game.position().place(2), 1);
}

// ----------------------------------------------------------- pass round ----

TEST(RulesTurns, PassRoundIsADraw) {
    // Both players stuck: player 1 passes, player 2 passes -> a full round of passes,
    // no piece moved: draw, both place 1.
    Game game = makeGame("preset=card", stuckCardPlayers());
    ASSERT_TRUE(play(game, "pass"));
    EXPECT_EQ(status(game.position()), "playing");
    ASSERT_TRUE(play(game, "pass"));
    EXPECT_EQ(status(game.position()), "passround");
    EXPECT_EQ(places(game.position()), "1,1");
    // passround=off: the passes go on.
    Game off = makeGame("preset=card passround=off", stuckCardPlayers());
    ASSERT_TRUE(play(off, "pass"));
    ASSERT_TRUE(play(off, "pass"));
    EXPECT_EQ(status(off.position()), "playing");
    EXPECT_EQ(field(off.position(), 4), "2");
}

// ----------------------------------------------------------- move limit ----

TEST(RulesTurns, MoveLimitDrawOrProgress) {
    // From the start: player 1 hops k3-k5 (over k4; 11 -> 9 from arm 4), player 2 steps
    // h14-h13 (10 -> 9 from arm 1). The start is symmetric, so player 1 now has the
    // smaller total distance (start total - 2 against start total - 1); nobody has a
    // piece home. movelimit=1: after round 1 the game stops.
    for (const char* result : {"draw", "progress"}) {
        Game game = startGame(std::string("movelimit=1 stall=0 limitresult=") + result);
        ASSERT_TRUE(play(game, "k3-k5"));
        EXPECT_EQ(status(game.position()), "playing");
        ASSERT_TRUE(play(game, "h14-h13"));
        EXPECT_EQ(status(game.position()), "movelimit");
        EXPECT_EQ(places(game.position()), std::string(result) == "draw" ? "1,1" : "1,2");
    }
    // movelimit=2: still playing after round 1.
    Game two = startGame("movelimit=2 stall=0");
    ASSERT_TRUE(play(two, "k3-k5"));
    ASSERT_TRUE(play(two, "h14-h13"));
    EXPECT_EQ(status(two.position()), "playing");
    ASSERT_TRUE(play(two, "j4-j5"));
    ASSERT_TRUE(play(two, "g14-g13"));
    EXPECT_EQ(status(two.position()), "movelimit");
}

TEST(RulesTurns, ProgressCountsPiecesHomeBeforeDistance) {
    // Player 1: h14 home, nine pieces in arm 1 (each at least 10 from arm 4: total >= 90).
    // Player 2: nothing home, all ten next to arm 1 (i5..m5 at 1, j6..m6 at 2, and after
    // its move i6-h7 one at 3: total 16). Pieces home decide first: player 1 ranks first.
    const Pieces pieces = {{"1", "h14 " + armExcept(1, "j4")},
                           {"4", "i5 j5 k5 l5 m5 i6 j6 k6 l6 m6"}};
    Game progress =
        makeGame("movelimit=1 stall=0 limitresult=progress", pieces, "2 1 0 0 - - playing");
    ASSERT_TRUE(play(progress, "i6-h7"));
    EXPECT_EQ(status(progress.position()), "movelimit");
    EXPECT_EQ(places(progress.position()), "1,2");
    Game draw = makeGame("movelimit=1 stall=0 limitresult=draw", pieces, "2 1 0 0 - - playing");
    ASSERT_TRUE(play(draw, "i6-h7"));
    EXPECT_EQ(places(draw.position()), "1,1");
}

// ---------------------------------------------------------------- stall ----

// Player 1: i9 and h14 (home), eight in arm 1. Player 2: i7, nine in arm 4.
// i9-j9 keeps player 1's distance (both 5 rows below arm 4); i7-j7 keeps player 2's
// (both 3 rows above arm 1); i7-i6 brings player 2 one closer.
const Pieces kStall = {{"1", "i9 h14 " + armExcept(1, "j4 m1")},
                       {"4", "i7 " + armExcept(4, "h14")}};

TEST(RulesTurns, StallDecidesByProgress) {
    // stall=1: a full round (two moves) without progress ends the game; places by
    // progress: player 1 has a piece home, player 2 none.
    Game game = makeGame("stall=1 movelimit=0 finish=all", kStall);
    ASSERT_TRUE(play(game, "i9-j9"));
    EXPECT_EQ(status(game.position()), "playing");
    ASSERT_TRUE(play(game, "i7-j7"));
    EXPECT_EQ(status(game.position()), "stall");
    EXPECT_EQ(places(game.position()), "1,2");
    // stall=2: not yet.
    Game longer = makeGame("stall=2 movelimit=0 finish=all", kStall);
    ASSERT_TRUE(play(longer, "i9-j9"));
    ASSERT_TRUE(play(longer, "i7-j7"));
    EXPECT_EQ(status(longer.position()), "playing");
    // A move that reduces the distance resets the count.
    Game progress = makeGame("stall=1 movelimit=0 finish=all", kStall);
    ASSERT_TRUE(play(progress, "i9-j9"));
    ASSERT_TRUE(play(progress, "i7-i6"));
    EXPECT_EQ(status(progress.position()), "playing");
}

// ------------------------------------------------------------ repetition ----

TEST(RulesTurns, RepetitionDraws) {
    // j4-j5, h14-h13, j5-j4, h13-h14 brings back the start position (player 1 to move):
    // its 2nd occurrence; doing it again gives the 3rd.
    const std::vector<std::string> cycle = {"j4-j5", "h14-h13", "j5-j4", "h13-h14"};
    for (const char* rules : {"repetition=3", "preset=sec5"}) {
        Game game = startGame(rules);
        for (int i = 0; i < 8; ++i) {
            EXPECT_EQ(status(game.position()), "playing") << rules << " move " << i;
            ASSERT_TRUE(play(game, cycle[i % 4]));
        }
        EXPECT_EQ(status(game.position()), "repetition") << rules;
        EXPECT_EQ(places(game.position()), "1,1") << rules;
    }
    Game two = startGame("repetition=2");
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(play(two, cycle[i]));
    EXPECT_EQ(status(two.position()), "repetition");
    Game off = startGame("repetition=0");
    for (int i = 0; i < 8; ++i) ASSERT_TRUE(play(off, cycle[i % 4]));
    EXPECT_EQ(status(off.position()), "playing");
}

// ---------------------------------------------------------------- resign ----

TEST(RulesTurns, ResignWithTwoPlayers) {
    Game game = startGame("");
    EXPECT_EQ(places(game.position()), "-");
    ASSERT_TRUE(play(game, "resign"));
    EXPECT_EQ(places(game.position()), "r2,1");
    EXPECT_EQ(status(game.position()), "resign");
}

TEST(RulesTurns, ResignWithMorePlayers) {
    // 3 players: player 1 resigns (last place, 3), the game goes on without it.
    Game game = startGame("players=3");
    ASSERT_TRUE(play(game, "resign"));
    EXPECT_EQ(tail(game.position()), "2 1 0 0 - r3,0,0 playing");
    ASSERT_TRUE(play(game, "d10-e10"));
    ASSERT_TRUE(play(game, "m10-m9"));
    EXPECT_EQ(mover(game.position()), "2");  // player 1 skipped
    // Player 2 resigns too: place 2 (the last free place); player 3 wins.
    ASSERT_TRUE(play(game, "resign"));
    EXPECT_EQ(places(game.position()), "r3,r2,1");
    EXPECT_EQ(status(game.position()), "resign");
}

TEST(RulesTurns, ResignAfterSomeoneFinished) {
    // 3 players, end=all, player 1 finished (place 1). Player 2 resigns: last place (3);
    // player 3 alone is left and takes place 2.
    Game game = makeGame("players=3 finish=all end=all",
                         {{"1", armExcept(4)}, {"3", armExcept(3)}, {"5", armExcept(5)}},
                         "2 1 0 0 1 1,0,0 playing");
    ASSERT_TRUE(play(game, "resign"));
    EXPECT_EQ(places(game.position()), "1,r3,2");
    EXPECT_NE(status(game.position()), "playing");
}

}  // namespace
}  // namespace cc::rulestest
