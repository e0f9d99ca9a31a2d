#include "core/rules_text.h"

#include <gtest/gtest.h>

#include "core/presets.h"
#include "util/text.h"

namespace cc {
namespace {

Expected<Rules> apply(const Rules& base, const char* text) {
    return applyRuleWords(base, splitWords(text));
}

TEST(RulesText, DefaultRulesAreTheStandardPresetForTwo) {
    const Expected<Rules> masters = apply(Rules{}, "preset=masters players=4");
    ASSERT_TRUE(masters.ok()) << masters.error();
    const Expected<Rules> standard = apply(*masters, "preset=standard players=2");
    ASSERT_TRUE(standard.ok()) << standard.error();
    EXPECT_EQ(Rules{}, *standard);
}

// The seating follows the number of players, so the preset words leave it alone.
TEST(RulesText, EveryPresetNamesEveryKeyButTheSeatingOnce) {
    const std::string printed = formatRules(Rules{});
    std::vector<std::string> keys;
    for (std::string_view word : splitWords(printed)) {
        const std::string_view key = word.substr(0, word.find('='));
        if (key != "preset" && key != "players" && key != "armies" && key != "first") {
            keys.emplace_back(key);
        }
    }
    for (const PresetDefinition& preset : presetDefinitions()) {
        std::vector<std::string> named;
        for (std::string_view word : splitWords(preset.words)) {
            named.emplace_back(word.substr(0, word.find('=')));
        }
        EXPECT_EQ(named, keys) << preset.name << ": " << preset.words;
    }
}

TEST(RulesText, APresetIsItsWordsTyped) {
    for (const PresetDefinition& preset : presetDefinitions()) {
        for (int players = preset.minPlayers; players <= preset.maxPlayers; ++players) {
            const std::string seating = "players=" + std::to_string(players);
            const Expected<Rules> viaPreset =
                apply(Rules{}, ("preset=" + std::string(preset.name) + " " + seating).c_str());
            ASSERT_TRUE(viaPreset.ok()) << preset.name << ": " << viaPreset.error();
            Rules typed = Rules{};
            typed.preset = preset.preset;  // the label alone is not a rule a word can set
            const Expected<Rules> viaWords =
                apply(typed, (seating + " " + std::string(preset.words)).c_str());
            ASSERT_TRUE(viaWords.ok()) << preset.name << ": " << viaWords.error();
            EXPECT_EQ(*viaPreset, *viaWords) << preset.name << " " << seating;
        }
    }
}

TEST(RulesText, APresetReplacesEveryKeyButThePlayerCount) {
    const Expected<Rules> before =
        apply(Rules{}, "preset=super armies=5,3,1 first=2 movelimit=7 unused=filled");
    ASSERT_TRUE(before.ok()) << before.error();
    const Expected<Rules> after = apply(*before, "preset=masters");
    const Expected<Rules> fresh = apply(Rules{}, "preset=masters players=3");
    ASSERT_TRUE(after.ok() && fresh.ok());
    EXPECT_EQ(*after, *fresh);
}

TEST(RulesText, PrintedRulesReadBackToTheSameValue) {
    for (const char* words :
         {"preset=super players=3", "preset=diamond players=3 swap=any",
          "armies=1+4,2+5,3+6 first=2",
          "preset=sec5 movelimit=7 limitresult=draw stall=3 repetition=4 unused=filled"}) {
        const Expected<Rules> rules = apply(Rules{}, words);
        ASSERT_TRUE(rules.ok()) << words << ": " << rules.error();
        const std::string printed = formatRules(*rules);
        const Expected<Rules> again =
            apply(*apply(Rules{}, "preset=masters players=4"), printed.c_str());
        ASSERT_TRUE(again.ok()) << printed << ": " << again.error();
        EXPECT_EQ(*again, *rules) << printed;
    }
}

TEST(RulesText, PresetFirstThenPlayersThenArmiesWhateverTheOrder) {
    const Expected<Rules> rules = apply(Rules{}, "first=2 armies=4,1 preset=masters");
    ASSERT_TRUE(rules.ok()) << rules.error();
    EXPECT_EQ(rules->preset, Preset::Masters);
    EXPECT_EQ(rules->seatOwner[3], 0);  // player 1 on seat 4
    EXPECT_EQ(rules->seatOwner[0], 1);
    EXPECT_EQ(rules->firstPlayer, 1);
}

TEST(RulesText, KeysAreIncrementalOnTheCurrentRules) {
    const Expected<Rules> super = apply(Rules{}, "preset=super");
    ASSERT_TRUE(super.ok());
    const Expected<Rules> three = apply(*super, "players=3");
    ASSERT_TRUE(three.ok());
    EXPECT_EQ(three->hops, HopRange::Long);
    EXPECT_EQ(three->players, 3);
}

TEST(RulesText, ErrorsNameTheProblem) {
    const struct {
        const char* words;
        const char* message;
    } cases[] = {
        {"colour=red", "unknown rule key 'colour'"},
        {"hops", "expected key=value, got 'hops'"},
        {"hops=far", "bad value 'far' for hops: expected short|long"},
        {"hops=long hops=short", "hops is given twice"},
        {"players=7", "bad value '7' for players: expected a whole number 1..6"},
        {"players=-1", "bad value '-1' for players: expected a whole number 1..6"},
        {"movelimit=99999999999",
         "bad value '99999999999' for movelimit: expected a whole number 0..100000"},
        {"armies=1,1", "armies: seat 1 is given twice"},
        {"players=3 armies=1,4", "armies lists 2 players but players=3"},
        {"preset=card players=3", "preset card is for 2 players only, not 3"},
        {"preset=diamond players=4", "preset diamond is for 2 to 3 players, not 4"},
        {"first=3", "bad value '3' for first: expected a player 1..2"},
        {"repetition=1", "repetition must be 0 (off) or at least 2"},
        {"preset=nope",
         "bad value 'nope' for preset: expected standard|masters|card|super|diamond|sec5|ccerl"},
    };
    for (const auto& c : cases) {
        const Expected<Rules> rules = apply(Rules{}, c.words);
        ASSERT_FALSE(rules.ok()) << c.words;
        EXPECT_EQ(rules.error(), c.message) << c.words;
    }
}

TEST(RulesText, ValidateRefusesAPlayerWithoutAnArmy) {
    Rules rules;
    rules.players = 3;  // seats still name players 1 and 2 only
    const Expected<void> valid = validate(rules);
    ASSERT_FALSE(valid.ok());
    EXPECT_EQ(valid.error(), "player 3 has no army");
}

}  // namespace
}  // namespace cc
