// Bad input in protocol sessions: each refusal is one clear error line and leaves the
// engine's state as it was (protocol-spec/bad-input.md).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "protocol_session.h"

namespace {

using namespace cctest;

// ---------------------------------------------------------------- bad input

TEST_F(Session, RejectsUnknownCommands) {
    setUpNonDefaultState();
    for (const std::string input : {"foo", "CCI", "legals", "Isready", "goo", "Go", "moves m4-l5",
                                    "startpos", "pass", "m4-l5", "position_startpos"}) {
        expectRejected(input);
    }
}

TEST_F(Session, RejectsBadRuleKeys) {
    setUpNonDefaultState();
    for (const std::string input :
         {"setrules bogus=1", "setrules Preset=super", "setrules =", "setrules =3",
          "setrules players=2 hop=long", "setrules preset=super players=3 colour=red"}) {
        expectRejected(input);
    }
}

TEST_F(Session, RejectsBadRuleValues) {
    setUpNonDefaultState();
    for (const std::string input :
         {"setrules hops=medium", "setrules players=7", "setrules players=0",
          "setrules players=", "setrules players=two", "setrules preset=chess", "setrules king=yes",
          "setrules movelimit=-1", "setrules movelimit=100001", "setrules repetition=101",
          "setrules pieces=12", "setrules armies=", "setrules armies=1,7", "setrules armies=1,,4",
          "setrules armies=0,4", "setrules preset", "setrules", "setrules players=2 players=3",
          "setrules swap=any swap=off"}) {
        expectRejected(input);
    }
}

TEST_F(Session, RejectsConflictingRules) {
    setUpNonDefaultState();
    for (const std::string input :
         {"setrules preset=diamond players=4", "setrules preset=card players=3",
          "setrules armies=1,1", "setrules armies=1,4 players=3", "setrules first=3",
          "setrules players=3 armies=1+4,2+5", "setrules armies=1+2+3+4,4"}) {
        expectRejected(input);
    }
}

TEST_F(Session, RejectsBadHoles) {
    setUpNonDefaultState();
    for (const std::string input :
         {"legal z9", "legal a1", "legal i0", "legal i18", "legal 121", "legal -1", "legal 06",
          "legal M4", "legal m4 l5", "legal m", "legal 1.5", "legal m4x"}) {
        expectRejected(input);
    }
}

TEST_F(Session, IllegalMoveRejectsTheWholeMovesList) {
    setUpNonDefaultState();
    for (const std::string input :
         {"position startpos moves m4-l5 m3-m4",  // player 2 to move, player 1's move
          "position startpos moves k4-k5 e14-e13 k5-k6 e13-e12 e17-e16",
          "position startpos moves m4-l5 e14-e13 m4-m5",  // m4 is empty now
          "position startpos moves k4-k5 e14-e13 m4-l5 e13-e12 m2-k6 e12-e11 m1-k3-m3",
          "position startpos moves m4-l5 e14-e13 l5-l7",  // two steps
          "position startpos moves resign m4-l5"}) {      // the game is over
        expectRejected(input);
    }
}

TEST_F(Session, RejectsMalformedMoveText) {
    setUpNonDefaultState();
    for (const std::string input :
         {"position startpos moves m4--l5", "position startpos moves m4-",
          "position startpos moves -l5", "position startpos moves m4l5",
          "position startpos moves m4-l5**", "position startpos moves m4-l5-",
          "position startpos moves m4_l5", "position startpos moves M4-L5",
          "position startpos moves m4", "position startpos moves -",
          "position startpos moves m4-l5*",    // not a swap
          "position startpos moves k3-k5-i5",  // not a chain of hops
          "position startpos moves 6-15-", "position startpos moves m4-l5 e14-e13 passs"}) {
        expectRejected(input);
    }
}

TEST_F(Session, RejectsBadPositionText) {
    setUpNonDefaultState();
    const std::string& b = kStartBoard;
    const std::vector<std::string> inputs = {
        // field count
        "position " + b + " 1 1 0 0 - -",
        "position " + b + " 1 1 0 0 - - playing extra",
        "position " + b,
        "position",
        "position moves m4-l5",
        // row count and length
        "position " + replaced(b, "4/44/", "44/") + " 1 1 0 0 - - playing",
        "position " + b + "/1 1 1 0 0 - - playing",
        "position " + replaced(b, "/1111/", "/111/") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/1111/", "/11111/") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/............./", "/............/") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/............./", "/............../") + " 1 1 0 0 - - playing",
        // piece counts, unknown symbols, pieces of an unused seat, kings, bonus marks
        "position " + replaced(b, "/1111/", "/1.11/") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/........./", "/....1..../") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/........./", "/....2..../") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/........./", "/....7..../") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/........./", "/....x..../") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/1111/", "/1k111/") + " 1 1 0 0 - - playing",
        "position " + replaced(b, "/1111/", "/1'111/") + " 1 1 0 0 - - playing",
        // player to move
        "position " + b + " 3 1 0 0 - - playing",
        "position " + b + " 0 1 0 0 - - playing",
        "position " + b + " x 1 0 0 - - playing",
        "position " + b + " 1+ 1 0 0 - - playing",
        "position " + b + " - 1 0 0 - - playing",
        // counters
        "position " + b + " 1 0 0 0 - - playing",
        "position " + b + " 1 1 -1 0 - - playing",
        "position " + b + " 1 1 0 x - - playing",
        // finished armies, places
        "position " + b + " 1 1 0 0 2 - playing",
        "position " + b + " 1 1 0 0 41 - playing",
        "position " + b + " 1 1 0 0 - 1 playing",
        "position " + b + " 1 1 0 0 - 3,0 playing",
        "position " + b + " 1 1 0 0 - r0,0 playing",
        // status
        "position " + b + " 1 1 0 0 - - won",
        "position " + b + " 1 1 0 0 - - Playing",
        "position " + b + " 1 1 0 0 - - finish",  // over, but nobody has a place
        // good text, bad moves after it
        "position " + b + " 1 1 0 0 - - playing moves e14-e13",
    };
    for (const std::string& input : inputs) expectRejected(input);
}

TEST_F(Session, RejectsPassWhenOtherMovesExist) {
    setUpNonDefaultState();
    expectRejected("position startpos moves pass");
    expectRejected("position startpos moves m4-l5 pass");
    expectRejected("pass");
}

TEST_F(Session, RejectsBadPerftDepth) {
    setUpNonDefaultState();
    for (const std::string input :
         {"perft", "perft -1", "perft x", "perft 31", "perft 99999999999", "perft 2 divid",
          "perft 1 divide extra", "perft divide", "perft 1.0", "perft +2", "perft 2x", "perft 0x2",
          "perft 4294967298"}) {
        expectRejected(input);
    }
}

TEST_F(Session, RejectsExtraArgumentsAndBadOptions) {
    setUpNonDefaultState();
    for (const std::string input : {"isready now",
                                    "cci x",
                                    "newgame 2",
                                    "rules all",
                                    "getposition now",
                                    "d x",
                                    "result x",
                                    "quit now",
                                    "help me",
                                    "setoption",
                                    "setoption name Notation",
                                    "setoption name Notation value",
                                    "setoption name Notation value indexes",
                                    "setoption name Hash value 0",
                                    "setoption name Hash value 16384000",
                                    "setoption name Threads value x",
                                    "setoption name Clear Hash value 1",
                                    "setoption name Skill Level value 21",
                                    "setoption name UCI_Elo value 2001",
                                    "setoption name UCI_Elo value -1",
                                    "setoption name UCI_Elo value strong",
                                    "setoption name UCI_Elo",
                                    "setoption name UCI_LimitStrength value yes",
                                    "setoption name Method value maxn",
                                    "setoption name value 3",
                                    "setoption name Notation value index extra",
                                    "setoption Notation index"}) {
        expectRejected(input);
    }
    // `quit now` was rejected: the engine must still be running.
    EXPECT_EQ(ask("isready", 1), std::vector<std::string>{"readyok"});
}

// protocol.md, Conventions: echoed words are cut after 40 characters, messages after
// 300, and anything unprintable is shown as '?'.
TEST_F(Session, ErrorLinesCutAndCleanEchoedInput) {
    EXPECT_EQ(askOne(std::string(1000, 'x')),
              "error unknown command '" + std::string(40, 'x') + "...' (try 'help')");
    EXPECT_EQ(askOne("bogus\x01\x7f\xc3\xa9"),
              "error unknown command 'bogus" + std::string(4, '?') + "' (try 'help')");
    const std::string hole = askOne("legal " + std::string(1000, 'm'));
    EXPECT_TRUE(startsWith(hole, "error legal: '" + std::string(40, 'm') + "...' ")) << hole;
    EXPECT_EQ(askOne("setoption name " + std::string(100, 'N') + " value index"),
              "error unknown option '" + std::string(40, 'N') + "...'");
    // Rule values, moves and position fields are cut like every echoed word, so the
    // explanation after them is kept.
    EXPECT_EQ(askOne("setrules movelimit=" + std::string(1000, '9')),
              "error setrules: bad value '" + std::string(40, '9') +
                  "...' for movelimit: expected a whole number 0..100000");
    EXPECT_EQ(askOne("position startpos moves " + std::string(1000, 'z')),
              "error position: move 1: move '" + std::string(40, 'z') + "...': '" +
                  std::string(40, 'z') + "...' is not a hole (a name like i9, or an index 0..120)");
}

}  // namespace
