#pragma once
// The protocol session tests' fixture and helpers (protocol_session_test.cpp,
// protocol_rejections_test.cpp, command_line_test.cpp): the real engine binary, commands
// in on stdin, replies out on stdout.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine_session.h"

namespace cctest {

inline const std::string kStartLegal =
    "legal m3-m5 m3-k5 l3-l5 l3-j5 k3-k5 k3-i5 m4-m5 m4-l5 l4-l5 l4-k5 k4-k5 k4-j5 j4-j5 j4-i5";
// The 22 rule keys, in the order `rules` prints them (src/core/rules_text.cpp).
inline const std::vector<std::string> kRuleKeys = {
    "preset", "players",    "armies",     "first",     "pieces",    "king",
    "hops",   "other",      "unused",     "goallock",  "finish",    "swap",
    "bonus",  "end",        "fairfinish", "passround", "movelimit", "limitresult",
    "stall",  "repetition", "adjacent",   "mustleave"};

// Replaces the first occurrence of `from` in `text` (which must hold it).
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from << " not in " << text;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

inline void expectOneOf(const std::string& actual, const std::vector<std::string>& allowed) {
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), actual), allowed.end())
        << "got: " << actual << "\nexpected one of:" << joinLines(allowed);
}

// key -> value of a `rules ...` line.
inline std::map<std::string, std::string> ruleMap(const std::string& line) {
    std::map<std::string, std::string> map;
    const std::vector<std::string> parts = words(line);
    for (size_t i = 1; i < parts.size(); ++i) {
        const size_t equals = parts[i].find('=');
        if (equals != std::string::npos)
            map[parts[i].substr(0, equals)] = parts[i].substr(equals + 1);
    }
    return map;
}

class Session : public EngineSession {
  protected:
    std::string positionText() {
        const std::string line = askOne("getposition");
        EXPECT_TRUE(startsWith(line, "position ")) << line;
        return line.size() > 9 ? line.substr(9) : line;
    }

    // A non-default state (rules and position) for the rejection tests.
    void setUpNonDefaultState() {
        silent("setrules preset=masters");
        silent("setoption name Notation value index");
        silent("position startpos moves m4-l5 e14-e13");
        ASSERT_EQ(positionText(),
                  "4/44/444/.444/....4......../............/.........../........../........./"
                  "........../.........../............/.......1...../111./111/11/1 1 2 0 0 - - "
                  "playing");
    }
};

}  // namespace cctest
