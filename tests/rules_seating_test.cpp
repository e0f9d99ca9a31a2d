// Hand-checked tests for protocol-spec/rules.md §4 (seating, several armies, turn order)
// and the turn-order detail of §9.

#include "rules_test_util.h"

namespace cc::rulestest {
namespace {

// The seats (1-based) whose arm is full of that seat's pieces in the start position,
// checked hole by hole against the arm lists of rules_test_util.h.
std::string filledSeats(const Position& position) {
    std::string out;
    for (int seat = 1; seat <= 6; ++seat) {
        int own = 0;
        int empty = 0;
        for (const std::string& hole : words(kArm[seat])) {
            const std::string symbol = at(position, hole);
            own += symbol == std::string(1, char('0' + seat)) ? 1 : 0;
            empty += symbol == "." ? 1 : 0;
        }
        if (own == 10) {
            out += char('0' + seat);
        } else {
            EXPECT_EQ(empty, 10) << "arm " << seat << " neither full of its own pieces nor empty";
        }
    }
    return out;
}

TEST(RulesSeating, ArmListsMatchTheBoard) {
    // The helper's arm lists are the triangles of protocol-spec/rules.md §1.
    for (int seat = 1; seat <= 6; ++seat) {
        Bitboard listed;
        for (const std::string& hole : words(kArm[seat])) listed.set(H(hole));
        EXPECT_EQ(listed, Geometry::get().arm(seat - 1)) << "arm " << seat;
    }
}

TEST(RulesSeating, TwoPlayerStartIsTheNotationExample) {
    // protocol-spec/notation.md gives this exact text for the standard two-player start.
    const std::string expected =
        "4/44/444/4444/............./............/.........../........../........./"
        "........../.........../............/............./1111/111/11/1 1 1 0 0 - - playing";
    EXPECT_EQ(formatPosition(startGame("").position()), expected);
    // And the helper writes the same board.
    EXPECT_EQ(boardText({{"1", kArm[1]}, {"4", kArm[4]}}) + " 1 1 0 0 - - playing", expected);
}

TEST(RulesSeating, DefaultSeatsForOneToSixPlayers) {
    // protocol-spec/rules.md §4: 1 player: seat 1; 2: 1 and 4; 3: 1, 3, 5; 4: 1, 2, 4, 5;
    // 5: 1-5; 6: all.
    EXPECT_EQ(filledSeats(startGame("players=1").position()), "1");
    EXPECT_EQ(filledSeats(startGame("players=2").position()), "14");
    EXPECT_EQ(filledSeats(startGame("players=3").position()), "135");
    EXPECT_EQ(filledSeats(startGame("players=4").position()), "1245");
    EXPECT_EQ(filledSeats(startGame("players=5").position()), "12345");
    EXPECT_EQ(filledSeats(startGame("players=6").position()), "123456");
    // Players are numbered in seat order: in the 4-player game player 3 sits on seat 4.
    const Game four = startGame("players=4");
    EXPECT_EQ(four.layout().owner(0), 0);
    EXPECT_EQ(four.layout().owner(1), 1);
    EXPECT_EQ(four.layout().owner(3), 2);
    EXPECT_EQ(four.layout().owner(4), 3);
    EXPECT_FALSE(four.layout().seatUsed(2));
    EXPECT_FALSE(four.layout().seatUsed(5));
}

TEST(RulesSeating, EveryArmyAimsAtTheOppositeArm) {
    // 5 players: seat 3 aims at arm 6, which nobody starts on (empty at the start).
    const Game five = startGame("players=5");
    for (Seat seat = 0; seat < 5; ++seat) {
        EXPECT_EQ(five.layout().goal(seat), Geometry::get().arm((seat + 3) % 6))
            << "seat " << seat + 1;
    }
    for (const std::string& hole : words(kArm[6])) EXPECT_EQ(at(five.position(), hole), ".");
}

TEST(RulesSeating, DiamondThreePlayerCampsShareACorner) {
    // preset=diamond players=3 (seats 1, 3, 5): player 1's goal camp (arm 4 + e13..i13)
    // and player 3's start camp (arm 5 + i13 j12 k11 l10 m9) share the corner i13, where
    // a piece of seat 5 stands at the start.
    const Game game = startGame("preset=diamond players=3");
    EXPECT_EQ(at(game.position(), "i13"), "5");
    EXPECT_TRUE(game.layout().goal(0).test(H("i13")));
    EXPECT_TRUE(game.layout().start(4).test(H("i13")));
    EXPECT_EQ(at(game.position(), "m13"), "5k");
    EXPECT_EQ(at(game.position(), "m1"), "1k");
}

TEST(RulesSeating, PresetPlayerLimits) {
    // protocol-spec/rules.md §3.1: card is for 2 players only, diamond for 2-3 (refused
    // with 4+).
    auto accepts = [](const std::vector<std::string_view>& words) {
        return applyRuleWords(Rules{}, words).ok();
    };
    EXPECT_TRUE(accepts({"preset=card"}));
    EXPECT_FALSE(accepts({"preset=card", "players=3"}));
    EXPECT_TRUE(accepts({"preset=diamond", "players=3"}));
    EXPECT_FALSE(accepts({"preset=diamond", "players=4"}));
}

TEST(RulesSeating, SoloPlayerMovesEveryTurn) {
    // players=1: seat 1 alone; after a move it is again player 1's turn, next round.
    Game game = startGame("players=1");
    EXPECT_EQ(filledSeats(game.position()), "1");
    ASSERT_TRUE(play(game, "j4-j5"));
    EXPECT_EQ(tail(game.position()), "1 2 0 0 - - playing");
}

TEST(RulesSeating, SoloGameEndsWhenThePlayerFinishes) {
    // players=1 (standard: fill). Nine pieces in arm 4, the tenth on h13 next to the empty
    // h14: the step fills the goal, the solo game ends with place 1.
    Game game = makeGame("players=1", {{"1", armExcept(4, "h14") + " h13"}});
    ASSERT_TRUE(play(game, "h13-h14"));
    EXPECT_EQ(done(game.position()), "1");
    EXPECT_EQ(places(game.position()), "1");
    EXPECT_EQ(status(game.position()), "finish");
}

TEST(RulesSeating, ThreePlayersWithTwoArmiesEach) {
    // armies=1+4,2+5,3+6: every arm starts full. Player 1 moves the pieces of seats 1
    // and 4 and no others: its front rows j4..m4 (stepping into row 5) and e14..h14
    // (stepping into row 13) both have moves; nothing in arms 2, 3, 5, 6 moves.
    Game game = startGame("armies=1+4,2+5,3+6");
    EXPECT_EQ(filledSeats(game.position()), "123456");
    auto arms = [](const std::set<std::string>& holes) {
        std::string out;
        for (int seat = 1; seat <= 6; ++seat) {
            for (const std::string& hole : words(kArm[seat])) {
                if (holes.count(hole) != 0) {
                    out += char('0' + seat);
                    break;
                }
            }
        }
        return out;
    };
    EXPECT_EQ(arms(movers(game.position())), "14");
    EXPECT_TRUE(isLegal(game.position(), "h14-h13"));  // a seat-4 piece of player 1
    EXPECT_TRUE(isLegal(game.position(), "j4-j5"));    // a seat-1 piece of player 1
    ASSERT_TRUE(play(game, "h14-h13"));
    EXPECT_EQ(mover(game.position()), "2");
    EXPECT_EQ(arms(movers(game.position())), "25");
    EXPECT_FALSE(isLegal(game.position(), "j4-j5"));
    ASSERT_TRUE(play(game, "h5-h6"));
    EXPECT_EQ(mover(game.position()), "3");
    EXPECT_EQ(arms(movers(game.position())), "36");
    // Seat 1's army aims at arm 4 and seat 4's at arm 1, both player 1's.
    EXPECT_EQ(game.layout().goal(0), Geometry::get().arm(3));
    EXPECT_EQ(game.layout().goal(3), Geometry::get().arm(0));
}

TEST(RulesSeating, TwoPlayersWithThreeArmiesEach) {
    // armies=1+3+5,2+4+6: player 1 moves seats 1, 3 and 5, player 2 seats 2, 4 and 6.
    Game game = startGame("armies=1+3+5,2+4+6");
    EXPECT_EQ(filledSeats(game.position()), "123456");
    std::set<int> seats;
    for (const std::string& hole : movers(game.position()))
        seats.insert(game.position().seatAt(H(hole)) + 1);
    EXPECT_EQ(seats, (std::set<int>{1, 3, 5}));
    ASSERT_TRUE(play(game, "j4-j5"));
    seats.clear();
    for (const std::string& hole : movers(game.position()))
        seats.insert(game.position().seatAt(H(hole)) + 1);
    EXPECT_EQ(seats, (std::set<int>{2, 4, 6}));
}

TEST(RulesSeating, AnySeatAssignment) {
    // armies=2,6: player 1 on seat 2 (goal arm 5), player 2 on seat 6 (goal arm 3).
    Game game = startGame("armies=2,6");
    EXPECT_EQ(filledSeats(game.position()), "26");
    EXPECT_EQ(game.layout().owner(1), 0);
    EXPECT_EQ(game.layout().owner(5), 1);
    EXPECT_EQ(game.layout().goal(1), Geometry::get().arm(4));
    EXPECT_EQ(game.layout().goal(5), Geometry::get().arm(2));
    // Player 1 moves first: h5 (seat 2's front) may step to i5 or h6, o5 (seat 6) may not.
    EXPECT_TRUE(isLegal(game.position(), "h5-h6"));
    EXPECT_FALSE(isLegal(game.position(), "n5-m6"));
}

TEST(RulesSeating, TurnsGoClockwiseByLowestSeat) {
    // armies=5,3,1: player 1 on seat 5, player 2 on seat 3, player 3 on seat 1.
    // Clockwise from player 1 (seat 5): seat 6 (nobody), seat 1 (player 3), seat 3
    // (player 2). So: 1, 3, 2, then round 2 with player 1 again.
    Game game = startGame("armies=5,3,1");
    EXPECT_EQ(mover(game.position()), "1");
    ASSERT_TRUE(play(game, "m10-m9"));  // seat 5's front piece
    EXPECT_EQ(mover(game.position()), "3");
    ASSERT_TRUE(play(game, "j4-j5"));  // seat 1
    EXPECT_EQ(mover(game.position()), "2");
    EXPECT_EQ(field(game.position(), 2), "1");
    ASSERT_TRUE(play(game, "d10-e10"));  // seat 3
    EXPECT_EQ(mover(game.position()), "1");
    EXPECT_EQ(field(game.position(), 2), "2");
}

TEST(RulesSeating, FirstChoosesWhoStarts) {
    // players=3 first=2: order 2, 3, 1; the round grows when the turn comes back to 2.
    Game game = startGame("players=3 first=2");
    EXPECT_EQ(tail(game.position()), "2 1 0 0 - - playing");
    ASSERT_TRUE(play(game, "d10-e10"));  // player 2, seat 3
    EXPECT_EQ(mover(game.position()), "3");
    ASSERT_TRUE(play(game, "m10-m9"));  // player 3, seat 5
    EXPECT_EQ(mover(game.position()), "1");
    EXPECT_EQ(field(game.position(), 2), "1");
    ASSERT_TRUE(play(game, "j4-j5"));  // player 1, seat 1
    EXPECT_EQ(mover(game.position()), "2");
    EXPECT_EQ(field(game.position(), 2), "2");

    // Two players, first=2: player 2 (seat 4) opens.
    Game two = startGame("first=2");
    EXPECT_EQ(mover(two.position()), "2");
    EXPECT_FALSE(isLegal(two.position(), "j4-j5"));
    ASSERT_TRUE(play(two, "h14-h13"));
    EXPECT_EQ(tail(two.position()), "1 1 0 0 - - playing");
}

}  // namespace
}  // namespace cc::rulestest
