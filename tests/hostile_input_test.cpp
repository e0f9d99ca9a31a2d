// Hostile input against the real engine binary (the fixture: hostile_session.h): random
// bytes, words and lines, lines far too long, odd bytes, huge numbers and blank lines.
// Rejected commands print one `error` line and change nothing. Long games, repeated words,
// pipelining and abrupt ends: hostile_sequences_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "hostile_session.h"

namespace {

using namespace cctest;

// ---------------------------------------------------------------- random input

TEST_F(Hostile, RandomByteLines) {
    std::mt19937 random(20240601);
    std::uniform_int_distribution<int> length(0, 256);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 400; ++round) {
        std::string line(size_t(length(random)), ' ');
        for (char& c : line) {
            do {
                c = static_cast<char>(byte(random));
            } while (c == '\n');
        }
        const std::vector<std::string> reply = survive(line);
        EXPECT_LE(reply.size(), 1u) << "after " << visible(line) << joinLines(reply);
        if (!reply.empty()) {
            EXPECT_TRUE(startsWith(reply[0], "error ")) << visible(reply[0]);
        }
        if (HasFailure()) return;
    }
}

TEST_F(Hostile, RandomPrintableLines) {
    std::mt19937 random(7);
    std::uniform_int_distribution<int> length(1, 120);
    std::uniform_int_distribution<int> printable(0x20, 0x7e);
    for (int round = 0; round < 300; ++round) {
        std::string line(size_t(length(random)), ' ');
        for (char& c : line) c = static_cast<char>(printable(random));
        const std::vector<std::string> reply = survive(line);
        EXPECT_LE(reply.size(), 1u) << "after " << visible(line) << joinLines(reply);
        if (HasFailure()) return;
    }
}

// Lines of protocol words in random order and number: they reach deeper than random
// bytes (real commands with wrong, odd or extreme arguments).
TEST_F(Hostile, RandomCommandWords) {
    const std::vector<std::string> commands = {
        "cci",      "isready",     "newgame", "setoption", "setrules",    "rules",
        "position", "getposition", "legal",   "perft",     "result",      "help",
        "startpos", "moves",       "name",    "value",     "Notation",    "index",
        "go",       "depth",       "nodes",   "movetime",  "searchmoves", "bench"};
    const std::vector<std::string> keys = {
        "preset", "players",    "armies",     "first",     "pieces",    "king",
        "hops",   "other",      "unused",     "goallock",  "finish",    "swap",
        "bonus",  "end",        "fairfinish", "passround", "movelimit", "limitresult",
        "stall",  "repetition", "adjacent",   "mustleave", "",          "bogus"};
    const std::vector<std::string> values = {
        "standard", "masters", "card",        "super", "diamond",     "sec5",        "0",
        "1",        "2",       "3",           "4",     "5",           "6",           "7",
        "10",       "15",      "on",          "off",   "short",       "long",        "free",
        "pass",     "closed",  "filled",      "all",   "fill",        "any",         "final",
        "first",    "draw",    "progress",    "1,4",   "1+4,2+5,3+6", "1+3+5,2+4+6", "1,2,3,4,5,6",
        "100000",   "-1",      "99999999999", "",      "=",           "1,,4"};
    const std::vector<std::string> holes = {"m4", "l5",  "m1",  "e17", "a13", "q5", "i9", "0", "6",
                                            "15", "120", "121", "z9",  "m0",  "",   "k3", "k5"};
    std::mt19937 random(4242);
    auto pick = [&](const std::vector<std::string>& list) {
        return list[std::uniform_int_distribution<size_t>(0, list.size() - 1)(random)];
    };
    auto chance = [&](double p) {
        return std::uniform_real_distribution<double>(0, 1)(random) < p;
    };
    for (int round = 0; round < 500; ++round) {
        std::string line;
        const int kind = std::uniform_int_distribution<int>(0, 6)(random);
        if (kind == 0) {
            line = "setrules";
            for (int i = std::uniform_int_distribution<int>(0, 4)(random); i > 0; --i) {
                line += " " + pick(keys) + "=" + pick(values);
            }
        } else if (kind == 1) {
            line = chance(0.5) ? "position startpos moves" : "position " + kStartText + " moves";
            for (int i = std::uniform_int_distribution<int>(0, 6)(random); i > 0; --i) {
                std::string move = pick(holes);
                for (int hop = std::uniform_int_distribution<int>(1, 3)(random); hop > 0; --hop) {
                    move += "-" + pick(holes);
                }
                if (chance(0.1)) move = chance(0.5) ? "pass" : "resign";
                if (chance(0.1)) move += "*";
                line += " " + move;
            }
        } else if (kind == 2) {
            line = "legal";
            if (chance(0.7)) line += " " + pick(holes);
        } else if (kind == 3) {
            // Depths 0..2 only: a legal deep perft would just be slow, not hostile.
            line = "perft " + pick({"0", "1", "2", "-1", "x", "99999999999", "31", ""});
        } else if (kind == 4) {
            // Small limits only, for the same reason; odd values and parameters too.
            line = "go";
            for (int i = std::uniform_int_distribution<int>(1, 4)(random); i > 0; --i) {
                line += " " + pick({"depth", "nodes", "movetime", "p1time", "p2time", "wtime",
                                    "binc", "movestogo", "p7time", "searchmoves", "mate"});
                line += " " + pick({"1", "2", "5", "0", "-3", "x", "99999999999999999999", "m4-l5",
                                    "k3-k5", ""});
            }
            // Every go needs a limit here (no stop follows): a small node count last
            // (given twice, it is an error, which is fine too).
            line += " nodes 300";
        } else {
            for (int i = std::uniform_int_distribution<int>(1, 7)(random); i > 0; --i) {
                const int what = std::uniform_int_distribution<int>(0, 3)(random);
                line += (line.empty() ? "" : chance(0.8) ? " " : "\t");
                line += what == 0   ? pick(commands)
                        : what == 1 ? pick(keys) + "=" + pick(values)
                        : what == 2 ? pick(holes) + "-" + pick(holes)
                                    : pick(values);
            }
            // A random line could begin `perft 2` with more words after it (an error)
            // or be a real command: both are fine, only `quit` would end the session, and
            // a `go` or `bench` here may run without a limit.
            if (startsWith(line, "quit") || startsWith(line, "go") || startsWith(line, "bench"))
                continue;
        }
        // A line that is exactly `isready` answers for itself.
        std::string bare = line;
        std::replace(bare.begin(), bare.end(), '\t', ' ');
        survive(line, words(bare) == std::vector<std::string>{"isready"} ? 1 : 0);
        if (HasFailure()) return;
    }
    // Still coherent: the position it prints is one it accepts.
    const std::string printed = askOne("getposition");
    EXPECT_TRUE(survive(printed).empty()) << printed;
    EXPECT_EQ(askOne("getposition"), printed);
}

// ---------------------------------------------------------------- long lines

TEST_F(Hostile, MegabyteLines) {
    setUpNonDefaultState();
    const size_t mb = 1u << 20;
    const std::string spaces(mb, ' ');
    for (const std::string& input :
         {std::string(mb, 'x'), "legal " + std::string(mb, 'm'),
          "setrules movelimit=" + std::string(mb, '9'), "setrules " + std::string(mb, 'a'),
          "setrules preset=" + std::string(mb, 's'), "position " + std::string(mb, '/'),
          "position startpos moves m4-l5-" + std::string(mb, '1'), "perft " + std::string(mb, '1'),
          "setoption name " + std::string(mb, 'N') + " value index",
          "setoption name Notation value " + std::string(mb, 'i'), "isready" + spaces + "x"}) {
        expectRejected(input);
    }
    silent(spaces);
    silent(std::string(mb, '\t'));
    EXPECT_EQ(survive(spaces + "isready" + spaces, 1), kReadyok);
}

// Past 64 MiB a line is refused whole (protocol.md, Conventions) rather than held.
TEST_F(Hostile, LineOverTheLimitIsRefusedWhole) {
    setUpNonDefaultState();
    expectRejected("legal " + std::string((64u << 20) + 10, 'm'));
    expectRejected("position startpos moves " + std::string((64u << 20) + 10, ' ') + "m4-l5");
}

TEST_F(Hostile, MegabyteOfWords) {
    setUpNonDefaultState();
    std::string words;
    while (words.size() < (1u << 20)) words += "isready ";
    expectRejected(words);  // isready takes no arguments
    std::string rules = "setrules";
    while (rules.size() < (1u << 20)) rules += " movelimit=1";
    expectRejected(rules);  // given twice
    std::string bogus = "setrules";
    for (int i = 0; bogus.size() < (1u << 20) && i < 200000; ++i)
        bogus += " k" + std::to_string(i) + "=1";
    expectRejected(bogus);
}

// ---------------------------------------------------------------- odd bytes

TEST_F(Hostile, NulBytes) {
    setUpNonDefaultState();
    using namespace std::string_literals;
    for (const std::string& input :
         {"\0"s, "isready\0"s, "\0isready"s, "legal\0m4"s, "legal m4\0"s, "\0\0\0\0"s,
          "setrules preset=super\0 players=3"s, "setrules\0preset=super"s,
          "position startpos moves m4-l5\0"s, "position startpos\0moves m4-l5"s,
          std::string(10000, '\0'), "perft 1\0"s, "setoption name Notation value index\0"s}) {
        expectRejected(input);
    }
}

TEST_F(Hostile, CarriageReturns) {
    setUpNonDefaultState();
    // One trailing CR is ignored (CRLF input works).
    EXPECT_EQ(survive("isready\r", 1), kReadyok);
    const std::string position = askOne("getposition");
    EXPECT_EQ(askOne("getposition\r"), position);
    EXPECT_TRUE(survive("\r").empty());
    EXPECT_TRUE(survive(" \r").empty());
    EXPECT_TRUE(survive("\t\r").empty());
    EXPECT_EQ(survive("  isready  \r", 1), kReadyok);
    silent("setrules preset=super players=3\r");
    EXPECT_NE(askOne("rules").find("preset=super players=3 "), std::string::npos);
    silent("position startpos moves m4-l5\r");
    EXPECT_EQ(askOne("getposition"),
              "position ./../.../..../3333.....5555/333......555/33.......55/3........5/........./"
              "........../.........../............/.......1...../111./111/11/1 2 1 0 0 - - "
              "playing");
    // A whole CRLF batch in one write.
    ASSERT_TRUE(engine.write("isready\r\nisready\r\n\r\n"));
    EXPECT_EQ(engine.readLine(), "readyok");
    EXPECT_EQ(engine.readLine(), "readyok");
    // Other CR placements: at most one line, and protocol.
    for (const std::string& input :
         std::vector<std::string>{"\r\r", "isready\risready", "\risready", "getposition\r\r",
                                  "legal\rm4", "legal m4\r\r", "\r\n\r", std::string(5000, '\r')}) {
        EXPECT_LE(survive(input).size(), 1u) << visible(input);
    }
    // Only LF separates lines; a lone CR inside a line is not a separator.
    expectRejected("isready\rgetposition");
}

TEST_F(Hostile, Unicode) {
    setUpNonDefaultState();
    for (const std::string input :
         {"l\xc3\xa9gal",  // légal
                           // fullwidth isready
          "\xef\xbd\x89\xef\xbd\x93\xef\xbd\x92\xef\xbd\x85\xef\xbd\x81\xef\xbd\x84\xef\xbd\x99",
          "isready\xe2\x80\x8b",                                     // zero-width space
          "\xef\xbb\xbfisready",                                     // byte order mark
          "isready\xc2\xa0",                                         // no-break space
          "\xe2\x80\xaeisready",                                     // right-to-left override
          "legal \xef\xbd\x8d\xef\xbc\x94",                          // legal ｍ４
          "perft \xef\xbc\x93",                                      // perft ３
          "setrules preset=s\xc3\xbcper",                            // süper
          "setrules players=\xd9\xa3",                               // Arabic-Indic 3
          "position startpos moves m4\xe2\x80\x90l5",                // unicode hyphen
          "position startpos moves m4-l5 \xef\xbd\x85\x31\x34-e13",  // fullwidth e14-e13
          "\xf0\x9f\x80\x84 legal",                                  // mahjong tile
          "\xc3\x28", "\xc0\xaf", "\xf4\x90\x80\x80", "\xff\xfe\xfd", "\xed\xa0\x80",
          "setoption name Notati\xc3\xb6n value index",
          "setoption name Notation value \xc4\xb1ndex"}) {
        expectRejected(input);
    }
}

// ---------------------------------------------------------------- numbers

TEST_F(Hostile, HugeNumbers) {
    setUpNonDefaultState();
    const std::string b = kStartBoard;
    for (const std::string& input :
         std::vector<std::string>{"perft 99999999999",
                                  "perft -99999999999",
                                  "perft 2147483648",
                                  "perft 4294967298",
                                  "perft 9223372036854775808",
                                  "perft 18446744073709551617",
                                  "perft 1e9",
                                  "perft " + std::string(400, '9'),
                                  "setrules movelimit=99999999999999",
                                  "setrules stall=99999999999999",
                                  "setrules repetition=4294967298",
                                  "setrules players=4294967298",
                                  "setrules first=4294967297",
                                  "setrules armies=4294967297,4",
                                  "setrules movelimit=4294967296",
                                  "setrules movelimit=" + std::string(1000, '9'),
                                  "legal 99999999999",
                                  "legal 4294967302",
                                  "legal m4294967300",
                                  "legal -4294967290",
                                  "position startpos moves 4294967302-4294967311",
                                  "position startpos moves m4294967300-l5",
                                  "position " + b + " 1 99999999999 0 0 - - playing",
                                  "position " + b + " 1 1 99999999999 0 - - playing",
                                  "position " + b + " 1 1 0 99999999999 - - playing",
                                  "position " + b + " 4294967297 1 0 0 - - playing",
                                  "position " + b + " 1 1 0 0 - 4294967297,0 playing",
                                  "position " + b + " 1 1 0 0 - r4294967297,0 playing",
                                  "setoption name Notation value 99999999999"}) {
        expectRejected(input);
    }
}

// ---------------------------------------------------------------- blank input

TEST_F(Hostile, EmptyAndBlankLines) {
    setUpNonDefaultState();
    const std::vector<std::string> before = state();
    for (const std::string& input : std::vector<std::string>{
             "", " ", "\t", " \t \t ", std::string(10000, ' '), std::string(10000, '\t')}) {
        silent(input);
    }
    ASSERT_TRUE(engine.write(std::string(5000, '\n')));
    silent("");
    EXPECT_EQ(survive("   isready   ", 1), kReadyok);
    EXPECT_EQ(survive("\t\tisready\t", 1), kReadyok);
    EXPECT_EQ(state(), before);
}

}  // namespace
