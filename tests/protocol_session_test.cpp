// Protocol sessions against the real engine binary: commands in on stdin, replies
// out on stdout (see src/protocol/protocol.cpp and protocol-spec/notation.md).

#include "protocol_session.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace {

using namespace cctest;

// ---------------------------------------------------------------- handshake, basics

TEST_F(Session, HandshakeEndsWithCciok) {
    ASSERT_TRUE(engine.sendLine("cci"));
    const std::optional<std::vector<std::string>> lines = engine.readUntil("cciok");
    ASSERT_TRUE(lines.has_value()) << "no cciok; got:" << joinLines(engine.transcript());
    ASSERT_GE(lines->size(), 3u);
    EXPECT_TRUE(startsWith((*lines)[0], "id name ccengine")) << (*lines)[0];
    EXPECT_TRUE(std::any_of(lines->begin(), lines->end(),
                            [](const std::string& l) { return startsWith(l, "id author "); }));
    EXPECT_TRUE(std::any_of(lines->begin(), lines->end(), [](const std::string& l) {
        return startsWith(l, "option name Notation ");
    })) << joinLines(*lines);
    for (size_t i = 0; i + 1 < lines->size(); ++i) {
        const std::string& line = (*lines)[i];
        EXPECT_TRUE(startsWith(line, "id ") || startsWith(line, "option ") ||
                    startsWith(line, "rule "))
            << line;
    }
    EXPECT_TRUE(ask("").empty());
}

TEST_F(Session, IsReadyAnswersReadyokOncePerRequest) {
    ASSERT_TRUE(engine.write("isready\nisready\nisready\n"));
    for (int i = 0; i < 3; ++i) EXPECT_EQ(engine.readLine(), "readyok");
    // Nothing more: the next reply is the next command's.
    EXPECT_EQ(ask("getposition"), std::vector<std::string>{"position " + kStartText});
}

TEST_F(Session, NewgameResetsThePositionAndKeepsTheRules) {
    silent("setrules preset=super players=3");
    const std::string rules = askOne("rules");
    const std::string start = positionText();
    silent("position startpos moves m4-l5");
    EXPECT_NE(positionText(), start);
    silent("newgame");
    EXPECT_EQ(positionText(), start);
    EXPECT_EQ(askOne("rules"), rules);
}

TEST_F(Session, NotationIndexPrintsIndicesAndInputAcceptsBoth) {
    silent("setoption name Notation value index");
    EXPECT_EQ(askOne("legal"),
              "legal 3-14 3-16 4-15 4-17 5-16 5-18 6-14 6-15 7-15 7-16 8-16 "
              "8-17 9-17 9-18");
    EXPECT_EQ(askOne("legal m4"), "legal 6-14 6-15");
    EXPECT_EQ(askOne("legal 6"), "legal 6-14 6-15");
    // Input: names and indices, also mixed within one move.
    silent("position startpos moves m4-l5");
    const std::string byName = positionText();
    silent("position startpos moves 6-15");
    EXPECT_EQ(positionText(), byName);
    silent("position startpos moves m4-15");
    EXPECT_EQ(positionText(), byName);
    // A hop chain and its from-to shorthand, printed in indices.
    silent("position startpos moves k4-k5 e14-e13 m4-l5 e13-e12");
    // m2 hops to m4 and k4, and on to k6 through either (which path is printed is free).
    expectOneOf(askOne("legal m2"), {"legal 1-6 1-8 1-6-28", "legal 1-6 1-8 1-8-28"});
    const std::vector<std::string> divide = ask("perft 1 divide");
    ASSERT_FALSE(divide.empty());
    EXPECT_EQ(divide.front(), "1-6 1");
    // The option name is case-insensitive; the value switches back to names.
    silent("setoption name NOTATION value name");
    expectOneOf(askOne("legal m2"), {"legal m2-m4 m2-k4 m2-m4-k6", "legal m2-m4 m2-k4 m2-k4-k6"});
}

TEST_F(Session, HopChainsAcceptFullPathsShorthandAndIndices) {
    const std::string setup = "position startpos moves k4-k5 e14-e13 m4-l5 e13-e12 ";
    silent(setup + "m2-k4-k6");
    const std::string chained = positionText();
    EXPECT_EQ(chained,
              "4/44/444/.444/............./...4......../.........../........../........./"
              "........../.........../......1...../......11...../1.1./111/1./1 2 3 0 0 - - "
              "playing");
    silent(setup + "m2-k6");
    EXPECT_EQ(positionText(), chained);
    silent(setup + "1-8-28");
    EXPECT_EQ(positionText(), chained);
}

// ---------------------------------------------------------------- rules

TEST_F(Session, RulesShowsEveryKeyInOrder) {
    const std::string line = askOne("rules");
    ASSERT_TRUE(startsWith(line, "rules ")) << line;
    const std::vector<std::string> parts = words(line);
    ASSERT_EQ(parts.size(), kRuleKeys.size() + 1) << line;
    for (size_t i = 0; i < kRuleKeys.size(); ++i) {
        EXPECT_TRUE(startsWith(parts[i + 1], kRuleKeys[i] + "=")) << parts[i + 1];
    }
    const auto rules = ruleMap(line);
    EXPECT_EQ(rules.at("preset"), "standard");
    EXPECT_EQ(rules.at("players"), "2");
    EXPECT_EQ(rules.at("armies"), "1,4");
    EXPECT_EQ(rules.at("finish"), "fill");
}

TEST_F(Session, SetrulesThenRules) {
    silent("setrules preset=super players=3");
    const auto rules = ruleMap(askOne("rules"));
    EXPECT_EQ(rules.at("preset"), "super");
    EXPECT_EQ(rules.at("players"), "3");
    EXPECT_EQ(rules.at("armies"), "1,3,5");
    EXPECT_EQ(rules.at("hops"), "long");
    EXPECT_EQ(rules.at("bonus"), "on");
    EXPECT_EQ(rules.at("fairfinish"), "on");
    EXPECT_EQ(rules.at("other"), "pass");

    // Keys after the preset override it, whatever their order on the line.
    silent("setrules hops=short preset=masters first=2 armies=1+3+5,2+4+6");
    const auto changed = ruleMap(askOne("rules"));
    EXPECT_EQ(changed.at("preset"), "masters");
    EXPECT_EQ(changed.at("players"), "2");
    EXPECT_EQ(changed.at("armies"), "1+3+5,2+4+6");
    EXPECT_EQ(changed.at("first"), "2");
    EXPECT_EQ(changed.at("hops"), "short");
    EXPECT_EQ(changed.at("goallock"), "on");
}

TEST_F(Session, RulesLineFedBackToSetrulesChangesNothing) {
    for (const std::string setup : {"preset=standard", "preset=super players=3", "preset=diamond",
                                    "preset=sec5 players=6", "armies=1+4,2+5,3+6 unused=filled",
                                    "preset=card players=2 swap=any movelimit=7 first=2"}) {
        SCOPED_TRACE(setup);
        silent("setrules " + setup);
        const std::string line = askOne("rules");
        silent("setrules preset=masters players=4");
        silent("setrules " + line.substr(6));
        EXPECT_EQ(askOne("rules"), line);
    }
}

TEST_F(Session, SetrulesStartsANewGameUnderTheNewRules) {
    silent("position startpos moves m4-l5");
    silent("setrules preset=super players=3");
    EXPECT_EQ(positionText(),
              "./../.../..../3333.....5555/333......555/33.......55/3........5/........./"
              "........../.........../............/............./1111/111/11/1 1 1 0 0 - - "
              "playing");
    silent("setrules unused=filled players=2");
    EXPECT_EQ(positionText(),
              "4/44/444/4444/xxxx.....xxxx/xxx......xxx/xx.......xx/x........x/........./"
              "x........x/xx.......xx/xxx......xxx/xxxx.....xxxx/1111/111/11/1 1 1 0 0 - - "
              "playing");
}

// ---------------------------------------------------------------- positions

TEST_F(Session, StartposWithMovesExactText) {
    silent("position startpos moves m4-l5 e14-e13");
    EXPECT_EQ(positionText(),
              "4/44/444/.444/....4......../............/.........../........../........./"
              "........../.........../............/.......1...../111./111/11/1 1 2 0 0 - - "
              "playing");
    silent("position startpos moves m4-l5");
    EXPECT_EQ(positionText(),
              "4/44/444/4444/............./............/.........../........../........./"
              "........../.........../............/.......1...../111./111/11/1 2 1 0 0 - - "
              "playing");
    silent("position startpos");
    EXPECT_EQ(positionText(), kStartText);
    silent("position startpos moves");
    EXPECT_EQ(positionText(), kStartText);
}

TEST_F(Session, PositionTextWithMovesEqualsStartposWithMoves) {
    silent("position startpos moves m4-l5 e14-e13 l4-m4");
    const std::string viaStartpos = positionText();
    silent("position " + kStartText + " moves m4-l5 e14-e13 l4-m4");
    EXPECT_EQ(positionText(), viaStartpos);
}

TEST_F(Session, GetpositionRoundTrip) {
    const std::vector<std::pair<std::string, std::string>> setups = {
        {"preset=standard players=2", "m4-l5 e14-e13 l4-m4"},
        {"preset=super players=3", "m4-l5 d10-e9"},
        {"preset=diamond players=3", "m4-m6"},
        {"preset=standard players=2 unused=filled", "k4-k5 e14-e13"},
        {"preset=masters armies=1+3+5,2+4+6", "m4-l5"},
        {"preset=sec5 players=6 first=4", "e14-e13 resign"},
        {"preset=standard players=2", "resign"},
    };
    for (const auto& [rules, moves] : setups) {
        SCOPED_TRACE(fmt::format("{} / {}", rules, moves));
        silent("setrules " + rules);
        silent("position startpos moves " + moves);
        const std::string printed = askOne("getposition");
        ASSERT_TRUE(startsWith(printed, "position ")) << printed;
        silent(printed);  // the printed line is itself a valid command
        EXPECT_EQ(askOne("getposition"), printed);
        silent("newgame");
        silent(printed);
        EXPECT_EQ(askOne("getposition"), printed);
    }
}

// Counters near the top of their range. The engine may refuse such a position (one
// error line); if it takes it, the position printed after a move must be one it
// accepts again, and the move limit must still apply.
TEST_F(Session, GetpositionRoundTripAtCounterLimits) {
    const std::string p2ToMove = kStartBoard + " 2 2147483647 0 0 - - playing";
    const std::string sideways =
        "4/44/444/.444/....4......../............/.........../........../........./"
        "........../.........../............/.......1...../111./111/11/1 1 2 2147483647 0 - - "
        "playing";
    struct Case {
        std::string rules, position, resultPrefix;
    };
    const std::vector<Case> cases = {
        // Player 2's move wraps the round: round 2147483647 -> ?
        {"movelimit=0 stall=0", p2ToMove + " moves e14-e13", "result ongoing"},
        // A sideways move adds one to the quiet counter.
        {"movelimit=0 stall=0", sideways + " moves l5-k5", "result ongoing"},
        // Round 2147483647 is past movelimit=200: the wrap ends the game (as it does
        // from round 2147483646).
        {"movelimit=200 stall=0", kStartBoard + " 2 2147483646 0 0 - - playing moves e14-e13",
         "result over movelimit"},
        {"movelimit=200 stall=0", p2ToMove + " moves e14-e13", "result over movelimit"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.rules + " / " + c.position);
        silent("setrules " + c.rules);
        const std::vector<std::string> taken = ask("position " + c.position);
        if (!taken.empty()) {  // refused: fine, if cleanly
            EXPECT_EQ(taken.size(), 1u) << joinLines(taken);
            EXPECT_TRUE(startsWith(taken[0], "error position: ")) << taken[0];
            continue;
        }
        const std::string printed = askOne("getposition");
        const std::vector<std::string> reply = ask(printed);
        EXPECT_TRUE(reply.empty())
            << "engine rejects its own getposition output " << printed << ":" << joinLines(reply);
        EXPECT_EQ(askOne("getposition"), printed);
        const std::string result = askOne("result");
        EXPECT_TRUE(startsWith(result, c.resultPrefix)) << result;
    }
}

// A failed command keeps the game's history too: perft counts repetitions with it.
TEST_F(Session, FailedPositionKeepsTheHistoryForRepetition) {
    silent("setrules repetition=3");
    silent("position startpos moves m4-m5 e14-e13 m5-m4 e13-e14");  // the start, twice
    const std::string withHistory = ask("perft 5").back();
    EXPECT_EQ(withHistory, "nodes 3185972");
    expectRejected("position startpos moves m4-m5 e14-e13 m5-m4 e13-e14 m4-m4");
    expectRejected("setrules repetition=1");
    EXPECT_EQ(ask("perft 5").back(), withHistory);
    // The same position without its history: no repetition below the root.
    silent(askOne("getposition"));
    EXPECT_EQ(ask("perft 5").back(), "nodes 3188520");
}

// ---------------------------------------------------------------- legal, perft, d, result

TEST_F(Session, LegalListsEveryMove) {
    EXPECT_EQ(askOne("legal"), kStartLegal);
    silent("setrules preset=super players=3");
    EXPECT_EQ(askOne("legal"), kStartLegal);
}

TEST_F(Session, LegalForOneHole) {
    EXPECT_EQ(askOne("legal m4"), "legal m4-m5 m4-l5");
    EXPECT_EQ(askOne("legal 6"), "legal m4-m5 m4-l5");
    EXPECT_EQ(askOne("legal k3"), "legal k3-k5 k3-i5");
    EXPECT_EQ(askOne("legal m1"), "legal");   // own piece, blocked in
    EXPECT_EQ(askOne("legal e17"), "legal");  // the other player's piece
    EXPECT_EQ(askOne("legal i9"), "legal");   // an empty hole
    silent("position startpos moves k4-k5 e14-e13 m4-l5 e13-e12");
    expectOneOf(askOne("legal m2"), {"legal m2-m4 m2-k4 m2-m4-k6", "legal m2-m4 m2-k4 m2-k4-k6"});
}

TEST_F(Session, LegalCountMatchesPerftOne) {
    for (const std::string rules : {"preset=standard", "preset=super players=6",
                                    "preset=diamond players=2", "preset=masters players=4"}) {
        SCOPED_TRACE(rules);
        silent("setrules " + rules);
        const size_t moves = words(askOne("legal")).size() - 1;
        const std::vector<std::string> perft = ask("perft 1");
        ASSERT_FALSE(perft.empty());
        EXPECT_EQ(perft.back(), "nodes " + std::to_string(moves));
    }
}

TEST_F(Session, PerftThreeFromTheStart) {
    const std::vector<std::string> reply = ask("perft 3");
    ASSERT_EQ(reply.size(), 2u) << joinLines(reply);
    EXPECT_TRUE(startsWith(reply[0], "info string perft depth 3 ")) << reply[0];
    EXPECT_EQ(reply[1], "nodes 4760");
    EXPECT_EQ(ask("perft 0").back(), "nodes 1");
    EXPECT_EQ(ask("perft 1").back(), "nodes 14");
    EXPECT_EQ(ask("perft 2").back(), "nodes 196");
}

TEST_F(Session, PerftTwoDivide) {
    const std::vector<std::string> reply = ask("perft 2 divide");
    ASSERT_EQ(reply.size(), 16u) << joinLines(reply);
    std::vector<std::string> moves;
    uint64_t sum = 0;
    for (size_t i = 0; i < 14; ++i) {
        const std::vector<std::string> parts = words(reply[i]);
        ASSERT_EQ(parts.size(), 2u) << reply[i];
        moves.push_back(parts[0]);
        EXPECT_EQ(parts[1], "14") << reply[i];
        sum += std::stoull(parts[1]);
    }
    EXPECT_EQ(sum, 196u);
    std::vector<std::string> legal = words(kStartLegal);
    legal.erase(legal.begin());
    EXPECT_EQ(moves, legal);
    EXPECT_TRUE(startsWith(reply[14], "info string perft depth 2 ")) << reply[14];
    EXPECT_EQ(reply[15], "nodes 196");
}

TEST_F(Session, DisplayDrawsTheBoard) {
    const std::vector<std::string> reply = ask("d");
    ASSERT_EQ(reply.size(), 19u) << joinLines(reply);
    EXPECT_EQ(reply[0], " e17              4              e17");
    EXPECT_EQ(reply[8], "  e9      . . . . . . . . .      m9");
    EXPECT_EQ(reply[16], "  m1              1              m1");
    EXPECT_EQ(reply[17], "to move: player 1 (seat 1)");
    EXPECT_EQ(reply[18], "position " + kStartText);
    silent("position startpos moves resign");
    const std::vector<std::string> over = ask("d");
    ASSERT_EQ(over.size(), 19u) << joinLines(over);
    EXPECT_EQ(over[17], "game over: resign");
}

TEST_F(Session, Result) {
    EXPECT_EQ(askOne("result"), "result ongoing places 0,0");
    silent("position startpos moves m4-l5 resign");
    EXPECT_EQ(askOne("result"), "result over resign places 1,2 scores 1,0");
    EXPECT_EQ(askOne("legal"), "legal");
    silent("setrules preset=super players=3");
    silent("position startpos moves resign");
    EXPECT_EQ(askOne("result"), "result ongoing places 3,0,0");
}

TEST_F(Session, QuitExitsZeroAndStopsReading) {
    ASSERT_TRUE(engine.write("isready\nquit\nisready\n"));
    EXPECT_EQ(engine.readLine(), "readyok");
    const ExitStatus status = engine.waitExit();
    EXPECT_TRUE(status.cleanExit(0)) << status.describe();
    EXPECT_EQ(engine.readLine(100ms), std::nullopt) << "output after quit";
}

TEST_F(Session, EndOfInputExitsZero) {
    ASSERT_TRUE(engine.write("isready"));  // last line without '\n'
    engine.closeStdin();
    EXPECT_EQ(engine.readLine(), "readyok");
    const ExitStatus status = engine.waitExit();
    EXPECT_TRUE(status.cleanExit(0)) << status.describe();
}

TEST_F(Session, HelpListsCommandsAsInfoLines) {
    const std::vector<std::string> reply = ask("help");
    ASSERT_GE(reply.size(), 14u) << joinLines(reply);
    for (const std::string& line : reply) EXPECT_TRUE(startsWith(line, "info string ")) << line;
}

}  // namespace
