// ccmatch's command line (protocol-spec/match.md, "The command line"), option by option:
// a bad value is refused with a message and leaves the setting as it was.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "match/cli/cli_internal.h"
#include "match/cli/cli_parser.h"

namespace {

using cc::match::cli::findOption;
using cc::match::cli::ParseState;

// Whether the option refuses its words.
bool refuses(const std::string& option, ParseState& state, const std::vector<std::string>& words) {
    return !findOption(option)->handler(state, option, words).ok();
}

TEST(MatchCli, ABadRoundCountLeavesTheAdjudicationAsItWas) {
    const std::vector<std::vector<std::string>> badValues = {{"-1"}, {"x"}, {}, {"3", "4"}};
    for (const std::string option : {"-cap", "-maxmoves"}) {
        ASSERT_NE(findOption(option), nullptr) << option;
        for (const std::vector<std::string>& words : badValues) {
            ParseState state;
            state.config.capRounds = 7;
            state.config.maxMoves = 9;
            EXPECT_TRUE(refuses(option, state, words)) << option;
            EXPECT_EQ(state.config.capRounds, 7) << option;
            EXPECT_EQ(state.config.maxMoves, 9) << option;
        }
        ParseState state;
        EXPECT_FALSE(refuses(option, state, {"12"})) << option;
        EXPECT_EQ(option == "-cap" ? state.config.capRounds : state.config.maxMoves, 12);
    }
}

TEST(MatchCli, MaxmovesNeedsARoundAndCapTakesZero) {
    ParseState state;
    EXPECT_FALSE(refuses("-cap", state, {"0"}));
    EXPECT_EQ(state.config.capRounds, 0);
    EXPECT_TRUE(refuses("-maxmoves", state, {"0"}));
    EXPECT_FALSE(state.config.maxMoves.has_value());
}

// -resign, -draw and -sprt set their setting only once its words are good: a refused
// option leaves the match without that adjudication or test.
TEST(MatchCli, ABadAdjudicationOrSprtLeavesTheSettingUnset) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> bad = {
        {"-resign", {"movecount=x"}}, {"-resign", {"speed=3"}},        {"-draw", {"score=-1"}},
        {"-draw", {"movenumber"}},    {"-sprt", {"elo0=5", "elo1=0"}}, {"-sprt", {"alpha=0.7"}}};
    for (const auto& [option, words] : bad) {
        ASSERT_NE(findOption(option), nullptr) << option;
        ParseState state;
        EXPECT_TRUE(refuses(option, state, words)) << option;
        EXPECT_FALSE(state.config.resign.has_value()) << option;
        EXPECT_FALSE(state.config.draw.has_value()) << option;
        EXPECT_FALSE(state.config.sprt.has_value()) << option;
    }
    ParseState state;
    EXPECT_FALSE(refuses("-resign", state, {"movecount=4", "score=500"}));
    ASSERT_TRUE(state.config.resign.has_value());
    EXPECT_EQ(state.config.resign->moveCount, 4);
    EXPECT_EQ(state.config.resign->scoreCp, 500);
}

}  // namespace
