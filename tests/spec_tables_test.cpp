// The tables and pictures of protocol-spec/ held to the engine's own: README.md's
// `holes` and `holes-index` blocks are rebuilt from the engine's `d` output, and rules.md's
// `presets` block and its table of presets side by side are compared with the engine's
// preset table.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/presets.h"
#include "engine_process.h"
#include "spec_text.h"
#include "util/text.h"

namespace {

using spectest::Fenced;
using spectest::fencedBlocks;
using spectest::lineDiff;
using spectest::readLines;
using spectest::specDir;
using spectest::trimRight;

// The hole pictures of README.md, rebuilt from the engine's `d` picture: each of its first
// 17 lines is "<first hole> <25 columns, one symbol per hole> <last hole>", row 17 first.
TEST(SpecExamples, HolePicturesMatchTheEngine) {
    const cctest::RunResult run = cctest::runEngine({}, "d\n");
    ASSERT_TRUE(run.status.cleanExit(0)) << run.status.describe();
    const std::vector<std::string>& lines = run.lines;
    ASSERT_GE(lines.size(), 17U);
    struct Hole {
        int row;
        int column;  // 0..24 in the d picture
        std::string name;
    };
    std::vector<Hole> holes;
    for (int i = 0; i < 17; ++i) {
        const std::string& line = lines[i];
        ASSERT_GE(line.size(), 4U + 2 + 25 + 2) << line;
        std::string first = line.substr(0, 4);
        first.erase(0, first.find_first_not_of(' '));
        const std::string picture = line.substr(6, 25);
        const int row = 17 - i;
        ASSERT_EQ(first.substr(1), std::to_string(row)) << line;
        char letter = first[0];
        for (int column = 0; column < 25; ++column) {
            if (picture[column] == ' ') continue;
            holes.push_back({row, column, std::string(1, letter++) + std::to_string(row)});
        }
    }
    ASSERT_EQ(holes.size(), 121U);
    // The index: row by row from row 1, each row from right to left.
    std::vector<Hole> byIndex = holes;
    std::stable_sort(byIndex.begin(), byIndex.end(), [](const Hole& a, const Hole& b) {
        return a.row != b.row ? a.row < b.row : a.column > b.column;
    });
    std::map<std::string, int> indexOf;
    for (size_t i = 0; i < byIndex.size(); ++i) indexOf[byIndex[i].name] = int(i);

    // Each d column is two characters here; a label ends at its hole's column.
    auto picture = [&](bool index) {
        std::vector<std::string> rows(17, std::string(52, ' '));
        for (const Hole& hole : holes) {
            const std::string label = index ? std::to_string(indexOf[hole.name]) : hole.name;
            const int end = 2 * hole.column + 3;
            rows[17 - hole.row].replace(size_t(end - int(label.size())), label.size(), label);
        }
        for (std::string& row : rows) row = trimRight(row);
        return rows;
    };
    std::map<std::string, std::vector<std::string>> expected = {{"holes", picture(false)},
                                                                {"holes-index", picture(true)}};
    std::map<std::string, int> found;
    for (const Fenced& fenced : fencedBlocks(readLines(specDir() / "README.md"))) {
        const auto wanted = expected.find(fenced.info);
        if (wanted == expected.end()) continue;
        ++found[fenced.info];
        std::vector<std::string> body;
        for (const std::string& line : fenced.body) body.push_back(trimRight(line));
        EXPECT_EQ(body, wanted->second)
            << "protocol-spec/README.md:" << fenced.line << " (" << fenced.info
            << "): the picture differs from the engine's geometry:\n"
            << lineDiff(body, wanted->second);
    }
    EXPECT_EQ(found["holes"], 1) << "README.md needs one ```holes block";
    EXPECT_EQ(found["holes-index"], 1) << "README.md needs one ```holes-index block";
}

// "1-6", or "2" when the preset is for one player count only.
std::string playerRange(const cc::PresetDefinition& preset) {
    std::string range = std::to_string(preset.minPlayers);
    if (preset.maxPlayers != preset.minPlayers) range += "-" + std::to_string(preset.maxPlayers);
    return range;
}

std::vector<std::string> tableCells(const std::string& line) {
    std::vector<std::string> cells;
    for (std::string_view cell : cc::split(line, '|')) {
        const std::vector<std::string_view> words = cc::splitWords(cell);
        std::string text;
        for (std::string_view word : words) text += (text.empty() ? "" : " ") + std::string(word);
        cells.push_back(text);
    }
    // The empty cells before the first and after the last '|'.
    if (!cells.empty() && cells.front().empty()) cells.erase(cells.begin());
    if (!cells.empty() && cells.back().empty()) cells.pop_back();
    return cells;
}

// rules.md §3.1: a ```presets block, for each preset a line "<name>  players <range>"
// followed by its words on indented lines.
TEST(SpecExamples, PresetWordListsAreTheEnginesTable) {
    std::vector<std::string> expected;
    for (const cc::PresetDefinition& preset : cc::presetDefinitions()) {
        std::string text = std::string(preset.name) + " players " + playerRange(preset) + ":";
        for (std::string_view word : cc::splitWords(preset.words)) text += " " + std::string(word);
        expected.push_back(text);
    }
    int found = 0;
    for (const Fenced& fenced : fencedBlocks(readLines(specDir() / "rules.md"))) {
        if (fenced.info != "presets") continue;
        ++found;
        std::vector<std::string> documented;
        for (const std::string& line : fenced.body) {
            const std::vector<std::string_view> words = cc::splitWords(line);
            if (words.empty()) continue;
            if (line[0] != ' ') {
                std::string header;
                for (std::string_view word : words) {
                    header += (header.empty() ? "" : " ") + std::string(word);
                }
                documented.push_back(header + ":");
            } else {
                ASSERT_FALSE(documented.empty())
                    << "rules.md:" << fenced.line << ": words before the first preset's name";
                for (std::string_view word : words) documented.back() += " " + std::string(word);
            }
        }
        EXPECT_EQ(documented, expected) << "protocol-spec/rules.md:" << fenced.line
                                        << " (presets): the lists differ from src/core/presets.cpp";
    }
    EXPECT_EQ(found, 1) << "rules.md needs one ```presets block";
}

// rules.md §3.2: the table with a column per preset and a row per key (and `players`).
TEST(SpecExamples, PresetTableIsTheEnginesTable) {
    std::vector<std::string> header = {"key"};
    std::map<std::string, std::vector<std::string>> expected;  // row name -> one cell per preset
    for (const cc::PresetDefinition& preset : cc::presetDefinitions()) {
        header.push_back("`" + std::string(preset.name) + "`");
        expected["players"].push_back(playerRange(preset));
        for (std::string_view word : cc::splitWords(preset.words)) {
            const size_t equals = word.find('=');
            expected[std::string(word.substr(0, equals))].push_back(
                std::string(word.substr(equals + 1)));
        }
    }
    const std::vector<std::string> lines = readLines(specDir() / "rules.md");
    const auto start = std::find_if(lines.begin(), lines.end(), [&](const std::string& line) {
        return tableCells(line) == header;
    });
    ASSERT_NE(start, lines.end()) << "rules.md needs a table headed | key | `standard` | ...";
    std::map<std::string, std::vector<std::string>> documented;
    for (auto line = start + 2; line != lines.end() && line->rfind("|", 0) == 0; ++line) {
        std::vector<std::string> cells = tableCells(*line);
        ASSERT_FALSE(cells.empty());
        const std::string key = cells.front();
        cells.erase(cells.begin());
        documented[key] = cells;
    }
    EXPECT_EQ(documented, expected) << "protocol-spec/rules.md:" << (start - lines.begin()) + 1
                                    << ": the preset table differs from src/core/presets.cpp";
}

}  // namespace
