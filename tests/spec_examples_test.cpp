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
// README.md's `holes` and `holes-index` blocks are the hole pictures; they are rebuilt
// from the engine's `d` output and compared. rules.md's `presets` block and the table of
// presets side by side are compared with the engine's preset table.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/presets.h"
#include "engine_process.h"
#include "util/text.h"

namespace {

namespace fs = std::filesystem;

constexpr int kTimeoutSeconds = 60;

// ---------------------------------------------------------------------------------------
// Running the engine

struct RunResult {
    std::string out;
    std::string err;
    int exitStatus = -1;  // -1: killed or did not exit normally
    bool timedOut = false;
    std::string failure;  // set when the process could not be run at all
};

// Runs the binary with `args`, `input` on stdin (through a temporary file), and collects
// stdout and stderr; kills it after kTimeoutSeconds.
RunResult runEngine(const std::vector<std::string>& args, const std::string& input) {
    RunResult result;
    char inputPath[] = "/tmp/ccengine_spec_input_XXXXXX";
    const int inputFd = mkstemp(inputPath);
    if (inputFd < 0) {
        result.failure = "mkstemp failed";
        return result;
    }
    unlink(inputPath);
    for (size_t written = 0; written < input.size();) {
        const ssize_t n = write(inputFd, input.data() + written, input.size() - written);
        if (n <= 0) {
            close(inputFd);
            result.failure = "writing the input file failed";
            return result;
        }
        written += size_t(n);
    }
    lseek(inputFd, 0, SEEK_SET);

    int outPipe[2];
    int errPipe[2];
    if (pipe(outPipe) != 0 || pipe(errPipe) != 0) {
        close(inputFd);
        result.failure = "pipe failed";
        return result;
    }
    std::vector<std::string> argvStrings = {CCENGINE_BINARY};
    argvStrings.insert(argvStrings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    argv.reserve(argvStrings.size() + 1);
    for (std::string& arg : argvStrings) argv.push_back(arg.data());
    argv.push_back(nullptr);

    const pid_t pid = fork();
    if (pid < 0) {
        result.failure = "fork failed";
        return result;
    }
    if (pid == 0) {
        dup2(inputFd, 0);
        dup2(outPipe[1], 1);
        dup2(errPipe[1], 2);
        close(inputFd);
        close(outPipe[0]);
        close(outPipe[1]);
        close(errPipe[0]);
        close(errPipe[1]);
        execv(argv[0], argv.data());
        _exit(127);
    }
    close(inputFd);
    close(outPipe[1]);
    close(errPipe[1]);

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kTimeoutSeconds);
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    std::string* sinks[2] = {&result.out, &result.err};
    int open = 2;
    while (open > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) {
            result.timedOut = true;
            break;
        }
        const int ready = poll(fds, 2, int(std::min<long long>(left, 1000)));
        if (ready < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
            char buffer[4096];
            const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                sinks[i]->append(buffer, size_t(n));
            } else if (n == 0 || errno != EINTR) {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    if (result.timedOut) kill(pid, SIGKILL);
    for (pollfd& fd : fds) {
        if (fd.fd >= 0) close(fd.fd);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!result.timedOut && WIFEXITED(status)) result.exitStatus = WEXITSTATUS(status);
    return result;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    std::string line;
    while (std::getline(stream, line)) lines.push_back(line);
    return lines;
}

// ---------------------------------------------------------------------------------------
// Reading the spec

struct Block {
    std::string file;  // file name inside protocol-spec/
    int index = 0;     // 1-based among the file's tested blocks
    int line = 0;      // 1-based line of the opening fence
    std::string kind;  // "session" or "cli"
    std::vector<std::string> body;
};

fs::path specDir() {
    return fs::path(CCENGINE_SOURCE_DIR) / "protocol-spec";
}

std::vector<std::string> readLines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

std::string trimRight(std::string text) {
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

std::vector<Fenced> fencedBlocks(const std::vector<std::string>& lines) {
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

// ---------------------------------------------------------------------------------------
// Comparing

bool lineMatches(const std::string& expected, const std::string& actual) {
    static const std::string kAny = " ...";
    if (expected.size() >= kAny.size() &&
        expected.compare(expected.size() - kAny.size(), kAny.size(), kAny) == 0) {
        const std::string prefix = expected.substr(0, expected.size() - kAny.size());
        return actual.rfind(prefix, 0) == 0;
    }
    return expected == actual;
}

// A line diff (longest common subsequence): "  " same, "- " expected only, "+ " actual only.
std::string lineDiff(const std::vector<std::string>& expected,
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

bool allMatch(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
    if (expected.size() != actual.size()) return false;
    for (size_t i = 0; i < expected.size(); ++i) {
        if (!lineMatches(expected[i], actual[i])) return false;
    }
    return true;
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
        result.failure = "could not start the engine";
        return result;
    }
    const auto timeout = std::chrono::seconds(kTimeoutSeconds);
    std::vector<std::string> lines;
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
            const std::optional<std::string> line =
                engine.readLine(std::chrono::duration_cast<std::chrono::milliseconds>(timeout));
            if (!line) {
                result.timedOut = true;
                return result;
            }
            lines.push_back(*line);
            if (cctest::EngineProcess::isFinalAnswer(*line)) break;
        }
    }
    engine.closeStdin();
    while (const std::optional<std::string> line =
               engine.readLine(std::chrono::duration_cast<std::chrono::milliseconds>(timeout))) {
        lines.push_back(*line);
    }
    const cctest::ExitStatus status =
        engine.waitExit(std::chrono::duration_cast<std::chrono::milliseconds>(timeout));
    result.timedOut = status.timedOut;
    result.exitStatus = status.exited ? status.code : -1;
    for (const std::string& line : lines) result.out += line + "\n";
    result.err = engine.stderrText();
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
        ASSERT_TRUE(run.failure.empty()) << where(block) << ": " << run.failure;
        ASSERT_FALSE(run.timedOut)
            << where(block) << ": the engine did not finish within " << kTimeoutSeconds << " s";
        actual = splitLines(run.out);
        stderrText = run.err;
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
            const RunResult run = runEngine(words, "");
            ASSERT_TRUE(run.failure.empty()) << where(block) << ": " << run.failure;
            ASSERT_FALSE(run.timedOut) << where(block) << ": '" << line << "' did not finish";
            actual.push_back(line);
            for (const std::string& out : splitLines(run.out)) actual.push_back(out);
            if (run.exitStatus != 0)
                actual.push_back("[exit " + std::to_string(run.exitStatus) + "]");
            stderrText += run.err;
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

// The hole pictures of README.md, rebuilt from the engine's `d` picture: each of its first
// 17 lines is "<first hole> <25 columns, one symbol per hole> <last hole>", row 17 first.
TEST(SpecExamples, HolePicturesMatchTheEngine) {
    const RunResult run = runEngine({}, "d\n");
    ASSERT_TRUE(run.failure.empty() && !run.timedOut);
    const std::vector<std::string> lines = splitLines(run.out);
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
