// Nothing the engine offers goes undocumented: every command `help` lists has its own
// section (`### <command>`) in protocol-spec/protocol.md, every option `cci` announces
// a row of its option table, and every rule key `cci` announces is named in the section
// of `rules`; and every `###` section of protocol.md is a command the engine knows. The
// engine's own lists are the reference, so a new command, option or key fails here
// until protocol.md describes it.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine_process.h"
#include "spec_text.h"
#include "util/text.h"

namespace {

struct Offered {
    std::vector<std::string> commands;  // first words of help's usages
    std::vector<std::string> options;   // cci's option names
    std::vector<std::string> ruleKeys;  // cci's rule keys
};

// The words between "name" and "type" of an `option` or `rule` line.
std::string announcedName(const std::vector<std::string_view>& words) {
    std::string name;
    for (size_t i = 2; i < words.size() && words[i] != "type"; ++i)
        name += (name.empty() ? "" : " ") + std::string(words[i]);
    return name;
}

Offered offeredByTheEngine() {
    Offered offered;
    const cctest::RunResult run = cctest::runEngine({}, "cci\nhelp\n");
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe();
    for (const std::string& line : run.lines) {
        const std::vector<std::string_view> words = cc::splitWords(line);
        if (words.size() >= 3 && words[0] == "info" && words[1] == "string") {
            offered.commands.emplace_back(words[2]);
        } else if (words.size() >= 4 && words[0] == "option" && words[1] == "name") {
            offered.options.push_back(announcedName(words));
        } else if (words.size() >= 4 && words[0] == "rule" && words[1] == "name") {
            offered.ruleKeys.push_back(announcedName(words));
        }
    }
    return offered;
}

const std::vector<std::string>& protocolLines() {
    static const std::vector<std::string> lines =
        spectest::readLines(spectest::specDir() / "protocol.md");
    return lines;
}

// The text of the `### <command>` section, up to the next heading of level 2 or 3.
std::string section(const std::string& command) {
    const std::vector<std::string>& lines = protocolLines();
    auto start = std::find(lines.begin(), lines.end(), "### " + command);
    if (start == lines.end()) return {};
    std::string text;
    for (auto line = start + 1; line != lines.end(); ++line) {
        if (line->rfind("## ", 0) == 0 || line->rfind("### ", 0) == 0) break;
        text += *line + "\n";
    }
    return text;
}

// A whole word of the text, between backquotes, blanks or line ends.
bool namesWord(const std::string& text, const std::string& word) {
    auto isEdge = [](char c) { return c == '`' || c == ' ' || c == '\n'; };
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        const bool startsWord = at == 0 || isEdge(text[at - 1]);
        const size_t end = at + word.size();
        if (startsWord && (end == text.size() || isEdge(text[end]))) return true;
    }
    return false;
}

TEST(SpecCoverage, EveryCommandOfHelpHasASection) {
    const Offered offered = offeredByTheEngine();
    ASSERT_GE(offered.commands.size(), 15U) << "help listed too few commands";
    for (const std::string& command : offered.commands) {
        EXPECT_FALSE(section(command).empty())
            << "protocol-spec/protocol.md has no section '### " << command << "'";
    }
}

TEST(SpecCoverage, EverySectionIsACommandOfHelp) {
    const Offered offered = offeredByTheEngine();
    const std::set<std::string> known(offered.commands.begin(), offered.commands.end());
    ASSERT_FALSE(known.empty());
    for (const std::string& line : protocolLines()) {
        if (line.rfind("### ", 0) != 0) continue;
        EXPECT_EQ(known.count(line.substr(4)), 1U)
            << "protocol-spec/protocol.md: '" << line << "' is no command `help` lists";
    }
}

TEST(SpecCoverage, EveryOptionOfCciHasARow) {
    const Offered offered = offeredByTheEngine();
    ASSERT_GE(offered.options.size(), 10U) << "cci announced too few options";
    const std::string cci = section("cci");
    for (const std::string& option : offered.options) {
        EXPECT_NE(cci.find("\n| `" + option + "` |"), std::string::npos)
            << "protocol-spec/protocol.md, cci: the option table has no row | `" << option << "` |";
    }
}

TEST(SpecCoverage, EveryRuleKeyOfCciIsNamedUnderRules) {
    const Offered offered = offeredByTheEngine();
    ASSERT_GE(offered.ruleKeys.size(), 20U) << "cci announced too few rule keys";
    const std::string rules = section("rules");
    for (const std::string& key : offered.ruleKeys) {
        EXPECT_TRUE(namesWord(rules, key))
            << "protocol-spec/protocol.md, rules: the key '" << key << "' is not named";
    }
}

}  // namespace
