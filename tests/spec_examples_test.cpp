// Runs the examples of protocol-spec/*.md against the engine binary, so the documentation
// cannot drift from what the engine does (protocol-spec/README.md, "Examples are tests").
//
// A fenced block whose info string is `session` holds lines `> command`, sent in order to
// one fresh engine process on stdin (then end of input), as a client would: after `go`,
// `ponderhit`, `perft`, `bench` or CCP's `analyze` (but not `go infinite` or `go ponder`) the next
// line is sent once the command's final answer (bestmove, its count, analysis) has arrived; every
// other line of the block is an expected stdout line, in order. An expected line ending in " ..."
// matches any line that starts with the text before " ..." (for the timing line of perft).
//
// A fenced block whose info string is `cli` holds lines `$ ccengine <arguments>` (split like
// a shell: spaces separate, "double" or 'single' quotes group), each run as one process
// with empty stdin. The lines after each `$` line are its expected stdout, then `[exit N]`
// when the exit status is not 0.
//
// The documents' pictures and tables: spec_tables_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine_process.h"
#include "spec_text.h"

namespace {

namespace fs = std::filesystem;
using cctest::RunResult;
using spectest::allMatch;
using spectest::Fenced;
using spectest::fencedBlocks;
using spectest::lineDiff;
using spectest::readLines;
using spectest::specDir;

constexpr int kTimeoutSeconds = 60;
constexpr std::chrono::milliseconds kTimeout = std::chrono::seconds(kTimeoutSeconds);

// ---------------------------------------------------------------------------------------
// Reading the spec

struct Block {
    std::string file;  // file name inside protocol-spec/
    int index = 0;     // 1-based among the file's tested blocks
    int line = 0;      // 1-based line of the opening fence
    std::string kind;  // "session" or "cli"
    std::vector<std::string> body;
};

std::vector<Block> collectBlocks() {
    std::vector<Block> blocks;
    std::vector<fs::path> files;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(specDir(), error)) {
        if (entry.path().extension() == ".md") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
        int index = 0;
        for (const Fenced& fenced : fencedBlocks(readLines(path))) {
            if (fenced.info != "session" && fenced.info != "cli") continue;
            blocks.push_back(
                {path.filename().string(), ++index, fenced.line, fenced.info, fenced.body});
        }
    }
    return blocks;
}

const std::vector<Block>& allBlocks() {
    static const std::vector<Block> blocks = collectBlocks();
    return blocks;
}

// Shell-like splitting: whitespace separates words, quotes group.
std::vector<std::string> shellWords(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    for (const char c : text) {
        if (quote != 0) {
            if (c == quote) {
                quote = 0;
            } else {
                word += c;
            }
        } else if (c == '"' || c == '\'') {
            quote = c;
            inWord = true;
        } else if (c == ' ' || c == '\t') {
            if (inWord) words.push_back(word);
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord) words.push_back(word);
    return words;
}

std::string where(const Block& block) {
    return "protocol-spec/" + block.file + ":" + std::to_string(block.line);
}

// A session sent line by line; worker commands are waited for (see the top comment).
RunResult runSession(const std::vector<std::string>& inputs) {
    RunResult result;
    cctest::EngineProcess engine;
    if (!engine.started()) {
        ADD_FAILURE() << "cannot start " << cctest::engineBinary();
        return result;
    }
    for (const std::string& input : inputs) {
        if (!engine.write(input + "\n")) break;
        // `go infinite` and `go ponder` answer only after `stop` (or `ponderhit`): the
        // lines after them are sent at once.
        const bool worker = (cctest::EngineProcess::startsWithWord(input, "go") &&
                             input.find("infinite") == std::string::npos &&
                             input.find("ponder") == std::string::npos) ||
                            cctest::EngineProcess::startsWithWord(input, "ponderhit") ||
                            cctest::EngineProcess::startsWithWord(input, "perft") ||
                            cctest::EngineProcess::startsWithWord(input, "bench") ||
                            cctest::EngineProcess::startsWithWord(input, "analyze");
        while (worker) {
            const std::optional<std::string> line = engine.readLine(kTimeout);
            if (!line) {
                result.status.timedOut = true;
                return result;
            }
            result.lines.push_back(*line);
            if (cctest::EngineProcess::isFinalAnswer(*line)) break;
        }
    }
    engine.closeStdin();
    while (const std::optional<std::string> line = engine.readLine(kTimeout))
        result.lines.push_back(*line);
    result.status = engine.waitExit(kTimeout);
    result.errors = engine.stderrText();
    return result;
}

// ---------------------------------------------------------------------------------------
// The tests

// How GoogleTest names a block in its output (instead of a dump of bytes).
void PrintTo(const Block& block, std::ostream* out) {
    *out << where(block);
}

class SpecExample : public ::testing::TestWithParam<Block> {};

TEST_P(SpecExample, OutputMatches) {
    const Block& block = GetParam();
    std::vector<std::string> expected;
    std::vector<std::string> actual;
    std::string stderrText;
    if (block.kind == "session") {
        std::vector<std::string> inputs;
        for (const std::string& line : block.body) {
            if (line.rfind('>', 0) == 0) {
                inputs.push_back(line.substr(line.rfind("> ", 0) == 0 ? 2 : 1));
            } else {
                expected.push_back(line);
            }
        }
        ASSERT_FALSE(inputs.empty()) << where(block) << ": a session block without '> ' lines";
        const RunResult run = runSession(inputs);
        ASSERT_FALSE(run.status.timedOut)
            << where(block) << ": the engine did not finish within " << kTimeoutSeconds << " s";
        actual = run.lines;
        stderrText = run.errors;
    } else {
        expected = block.body;
        bool any = false;
        for (const std::string& line : block.body) {
            if (line.rfind("$ ", 0) != 0) continue;
            any = true;
            std::vector<std::string> words = shellWords(line.substr(2));
            ASSERT_TRUE(!words.empty() && words[0] == "ccengine")
                << where(block) << ": a cli line must start with '$ ccengine': " << line;
            words.erase(words.begin());
            const RunResult run = cctest::runEngine(words, "", kTimeout);
            ASSERT_FALSE(run.status.timedOut)
                << where(block) << ": '" << line << "' did not finish";
            actual.push_back(line);
            actual.insert(actual.end(), run.lines.begin(), run.lines.end());
            const int exitStatus = run.status.exited ? run.status.code : -1;
            if (exitStatus != 0) actual.push_back("[exit " + std::to_string(exitStatus) + "]");
            stderrText += run.errors;
        }
        ASSERT_TRUE(any) << where(block) << ": a cli block without '$ ccengine' lines";
    }
    EXPECT_TRUE(allMatch(expected, actual))
        << where(block) << ": the engine's output differs from the example "
        << "(- expected only, + engine only):\n"
        << lineDiff(expected, actual) << (stderrText.empty() ? "" : "stderr:\n" + stderrText);
}

std::string blockName(const ::testing::TestParamInfo<Block>& info) {
    std::string name;
    for (const char c : info.param.file)
        name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name + "_" + std::to_string(info.param.index);
}

INSTANTIATE_TEST_SUITE_P(ProtocolSpec, SpecExample, ::testing::ValuesIn(allBlocks()), blockName);

TEST(SpecExamples, EverySpecFileHasExamples) {
    std::map<std::string, int> perFile;
    for (const auto& entry : fs::directory_iterator(specDir())) {
        if (entry.path().extension() == ".md") perFile[entry.path().filename().string()] = 0;
    }
    for (const Block& block : allBlocks()) ++perFile[block.file];
    EXPECT_GE(perFile.size(), 4U) << "protocol-spec/ should hold README, notation, protocol, rules";
    for (const auto& [file, count] : perFile) {
        EXPECT_GT(count, 0) << "protocol-spec/" << file << " has no session or cli example";
    }
}

}  // namespace
