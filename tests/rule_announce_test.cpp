// The `rule` lines of `cci` (protocol-spec/protocol.md, cci) against what the engine
// does: one line per key that `rules` prints and no other, in its order, with the
// default `rules` shows at start; every announced value is taken by `setrules`, and the
// numbers just outside a spin's range are refused.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine_session.h"

namespace {

using namespace cctest;

struct AnnouncedRule {
    std::string name;
    std::string type;
    std::string defaultValue;
    std::vector<std::string> vars;
    std::string min;
    std::string max;
};

// `rule name <key> type <type> default <value> [var <v> ...] [min <a> max <b>]`; the
// key, the default and every value are single words.
std::optional<AnnouncedRule> parseRuleLine(const std::string& line) {
    const std::vector<std::string> parts = words(line);
    if (parts.size() < 7 || parts[0] != "rule" || parts[1] != "name" || parts[3] != "type" ||
        parts[5] != "default") {
        return std::nullopt;
    }
    AnnouncedRule rule{parts[2], parts[4], parts[6], {}, {}, {}};
    for (size_t i = 7; i + 1 < parts.size(); i += 2) {
        if (parts[i] == "var") {
            rule.vars.push_back(parts[i + 1]);
        } else if (parts[i] == "min") {
            rule.min = parts[i + 1];
        } else if (parts[i] == "max") {
            rule.max = parts[i + 1];
        } else {
            return std::nullopt;
        }
    }
    if ((parts.size() - 7) % 2 != 0) return std::nullopt;
    return rule;
}

// (key, value) of each word of a `rules ...` line, in order.
std::vector<std::pair<std::string, std::string>> ruleWords(const std::string& line) {
    std::vector<std::pair<std::string, std::string>> pairs;
    const std::vector<std::string> parts = words(line);
    for (size_t i = 1; i < parts.size(); ++i) {
        const size_t equals = parts[i].find('=');
        pairs.emplace_back(parts[i].substr(0, equals),
                           equals == std::string::npos ? "" : parts[i].substr(equals + 1));
    }
    return pairs;
}

class RuleAnnouncement : public EngineSession {
  protected:
    std::vector<AnnouncedRule> announced() {
        EXPECT_TRUE(engine.sendLine("cci"));
        const std::optional<std::vector<std::string>> lines = engine.readUntil("cciok");
        EXPECT_TRUE(lines.has_value()) << "no cciok:" << joinLines(engine.transcript());
        std::vector<AnnouncedRule> rules;
        if (!lines) return rules;
        for (const std::string& line : *lines) {
            if (!startsWith(line, "rule ")) continue;
            const std::optional<AnnouncedRule> rule = parseRuleLine(line);
            EXPECT_TRUE(rule.has_value()) << "malformed: " << line;
            if (rule) rules.push_back(*rule);
        }
        return rules;
    }

    // `setrules <key>=<value>` from the default rules (with 6 players for `first`,
    // whose announced range is bounded by `players`) must be silent and show the value.
    void expectAccepted(const std::string& key, const std::string& value) {
        SCOPED_TRACE(key + "=" + value);
        silent(key == "first" ? "setrules preset=standard players=6"
                              : "setrules preset=standard players=2");
        silent("setrules " + key + "=" + value);
        for (const auto& [shownKey, shown] : ruleWords(askOne("rules"))) {
            if (shownKey == key) EXPECT_EQ(shown, value);
        }
    }
};

TEST_F(RuleAnnouncement, EveryKeyOfRulesHasExactlyOneRuleLineInItsOrder) {
    const std::vector<AnnouncedRule> rules = announced();
    std::vector<std::string> announcedNames;
    announcedNames.reserve(rules.size());
    for (const AnnouncedRule& rule : rules) announcedNames.push_back(rule.name);
    std::vector<std::string> printedKeys;
    for (const auto& [key, value] : ruleWords(askOne("rules"))) printedKeys.push_back(key);
    ASSERT_FALSE(printedKeys.empty());
    EXPECT_EQ(announcedNames, printedKeys);
}

TEST_F(RuleAnnouncement, DefaultsAreTheRulesAtStart) {
    const std::vector<AnnouncedRule> rules = announced();
    std::map<std::string, std::string> defaults;
    for (const AnnouncedRule& rule : rules) defaults[rule.name] = rule.defaultValue;
    const auto printed = ruleWords(askOne("rules"));
    ASSERT_EQ(defaults.size(), printed.size());
    for (const auto& [key, value] : printed) EXPECT_EQ(defaults[key], value) << key;
}

TEST_F(RuleAnnouncement, EveryAnnouncedValueIsAcceptedAndTheRangeIsExact) {
    const std::vector<AnnouncedRule> rules = announced();
    ASSERT_FALSE(rules.empty());
    for (const AnnouncedRule& rule : rules) {
        SCOPED_TRACE("rule " + rule.name);
        expectAccepted(rule.name, rule.defaultValue);
        if (rule.type == "combo") {
            EXPECT_GE(rule.vars.size(), 2u);
            EXPECT_NE(std::find(rule.vars.begin(), rule.vars.end(), rule.defaultValue),
                      rule.vars.end())
                << "the default is not one of the vars";
            for (const std::string& value : rule.vars) expectAccepted(rule.name, value);
            expectRejected("setrules " + rule.name + "=no-such-value");
        } else if (rule.type == "spin") {
            ASSERT_TRUE(rule.vars.empty());
            const int low = std::stoi(rule.min);
            const int high = std::stoi(rule.max);
            EXPECT_LE(low, std::stoi(rule.defaultValue));
            EXPECT_LE(std::stoi(rule.defaultValue), high);
            expectAccepted(rule.name, rule.min);
            expectAccepted(rule.name, rule.max);
            expectRejected("setrules " + rule.name + "=" + std::to_string(low - 1));
            expectRejected("setrules " + rule.name + "=" + std::to_string(high + 1));
        } else {
            EXPECT_EQ(rule.type, "string");
            EXPECT_TRUE(rule.vars.empty() && rule.min.empty() && rule.max.empty());
        }
    }
}

}  // namespace
