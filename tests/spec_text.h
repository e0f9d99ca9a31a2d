#pragma once
// Reading protocol-spec/*.md for the tests that hold the documents to the engine
// (spec_examples_test.cpp, spec_tables_test.cpp): lines, fenced blocks, and a line diff
// for their failure messages.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_paths.h"

namespace spectest {

inline std::filesystem::path specDir() {
    return cctest::sourceDir() / "protocol-spec";
}

inline std::vector<std::string> readLines(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

inline std::string trimRight(std::string text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
    return text;
}

// Every fenced block of a Markdown file with its info string (fences of ``` or ~~~ at
// the start of a line; a block closes at the next fence of the same kind).
struct Fenced {
    int line;
    std::string info;
    std::vector<std::string> body;
};

inline std::vector<Fenced> fencedBlocks(const std::vector<std::string>& lines) {
    std::vector<Fenced> blocks;
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (line.rfind("```", 0) != 0 && line.rfind("~~~", 0) != 0) continue;
        const std::string fence = line.substr(0, 3);
        std::string info = trimRight(line.substr(3));
        info.erase(0, info.find_first_not_of(' '));
        Fenced block{int(i) + 1, info, {}};
        size_t j = i + 1;
        while (j < lines.size() && trimRight(lines[j]) != fence) block.body.push_back(lines[j++]);
        blocks.push_back(block);
        i = j;
    }
    return blocks;
}

// An expected line ending in " ..." matches any line that starts with the text before it
// (for the timing line of perft).
inline bool lineMatches(const std::string& expected, const std::string& actual) {
    static const std::string kAny = " ...";
    if (expected.size() >= kAny.size() &&
        expected.compare(expected.size() - kAny.size(), kAny.size(), kAny) == 0) {
        const std::string prefix = expected.substr(0, expected.size() - kAny.size());
        return actual.rfind(prefix, 0) == 0;
    }
    return expected == actual;
}

// A line diff (longest common subsequence): "  " same, "- " expected only, "+ " actual only.
inline std::string lineDiff(const std::vector<std::string>& expected,
                            const std::vector<std::string>& actual) {
    const size_t n = expected.size();
    const size_t m = actual.size();
    std::vector<std::vector<int>> common(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = n; i-- > 0;) {
        for (size_t j = m; j-- > 0;) {
            common[i][j] = lineMatches(expected[i], actual[j])
                               ? common[i + 1][j + 1] + 1
                               : std::max(common[i + 1][j], common[i][j + 1]);
        }
    }
    std::string diff;
    size_t i = 0;
    size_t j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && lineMatches(expected[i], actual[j])) {
            diff += "  " + actual[j] + "\n";
            ++i;
            ++j;
        } else if (j < m && (i == n || common[i][j + 1] >= common[i + 1][j])) {
            diff += "+ " + actual[j++] + "\n";
        } else {
            diff += "- " + expected[i++] + "\n";
        }
    }
    return diff;
}

inline bool allMatch(const std::vector<std::string>& expected,
                     const std::vector<std::string>& actual) {
    if (expected.size() != actual.size()) return false;
    for (size_t i = 0; i < expected.size(); ++i) {
        if (!lineMatches(expected[i], actual[i])) return false;
    }
    return true;
}

}  // namespace spectest
