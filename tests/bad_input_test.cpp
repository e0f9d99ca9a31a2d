// Runs the table of protocol-spec/bad-input.md against the engine binary: each row is one
// test, run as the document's "The table" section says (a fresh engine, its set-up, the
// row's input, its answer, the state compared before and after). A row this file cannot
// run fails instead of being skipped, so a row added to the table is a test without any
// change here.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "engine_session.h"
#include "test_paths.h"

namespace {

using namespace cctest;
namespace fs = std::filesystem;

const fs::path kTablePath = cctest::sourceDir() / "protocol-spec" / "bad-input.md";
const std::string kHeader = "| # | class | while | input | answer | state |";
// Before every row (bad-input.md, "The table").
const std::vector<std::string> kSetUp = {"setrules movelimit=150",
                                         "position startpos moves m4-l5 e14-e13"};
// Long enough for the 64 MiB rows on a loaded machine; a hang still fails.
constexpr std::chrono::milliseconds kTimeout = std::chrono::seconds(30);

enum class StateCheck { Unchanged, AsAfter, Exits };

struct Row {
    int line = 0;  // of bad-input.md
    int number = 0;
    std::string className;
    std::string job;    // empty: idle
    std::string input;  // in the notation: the bytes (up to 64 MiB) are made when the row runs
    std::vector<std::string> answer;
    StateCheck state = StateCheck::Unchanged;
    std::string asAfter;
    std::string problem;  // why the row cannot be run; empty when it can
};

std::string where(const Row& row) {
    return "protocol-spec/bad-input.md:" + std::to_string(row.line) + " (row " +
           std::to_string(row.number) + ", " + row.className + ")";
}

// How GoogleTest names a row in its output (instead of a dump of bytes).
void PrintTo(const Row& row, std::ostream* out) {
    *out << where(row);
}

// ---------------------------------------------------------------- reading the table

std::string trim(std::string_view text) {
    const size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const size_t last = text.find_last_not_of(" \t");
    return std::string(text.substr(first, last - first + 1));
}

// The cells of a table line; `\|` is a `|` inside a cell (GitHub Markdown).
std::vector<std::string> splitCells(const std::string& line) {
    std::string text = trim(line);
    if (!text.empty() && text.front() == '|') text.erase(0, 1);
    if (!text.empty() && text.back() == '|' && (text.size() < 2 || text[text.size() - 2] != '\\'))
        text.pop_back();
    std::vector<std::string> cells;
    std::string cell;
    for (size_t at = 0; at < text.size(); ++at) {
        if (text[at] == '\\' && at + 1 < text.size() && text[at + 1] == '|') {
            cell += '|';
            ++at;
        } else if (text[at] == '|') {
            cells.push_back(trim(cell));
            cell.clear();
        } else {
            cell += text[at];
        }
    }
    cells.push_back(trim(cell));
    return cells;
}

// The content of a cell that is exactly one code span (with CommonMark's rule: one space
// is stripped from each end when both ends have one and the content is not all spaces).
std::optional<std::string> codeSpan(const std::string& cell) {
    if (cell.size() < 2 || cell.front() != '`' || cell.back() != '`') return std::nullopt;
    std::string content = cell.substr(1, cell.size() - 2);
    if (content.empty() || content.find('`') != std::string::npos) return std::nullopt;
    if (content.size() >= 2 && content.front() == ' ' && content.back() == ' ' &&
        content.find_first_not_of(' ') != std::string::npos)
        content = content.substr(1, content.size() - 2);
    return content;
}

// Reads the notation of bad-input.md, handing each piece of the bytes it stands for to
// `emit(piece, times)`; false (with `problem` set) when the text is not in the notation.
template <typename Emit>
bool decode(const std::string& text, std::string& problem, Emit emit) {
    for (size_t at = 0; at < text.size(); ++at) {
        if (text[at] != '\\') {
            emit(std::string_view(&text[at], 1), 1);
            continue;
        }
        if (at + 1 >= text.size()) {
            problem = "a '\\' at the end of '" + text + "'";
            return false;
        }
        const char kind = text[++at];
        const std::string_view simple = kind == 'n'    ? "\n"
                                        : kind == 'r'  ? "\r"
                                        : kind == 't'  ? "\t"
                                        : kind == '\\' ? "\\"
                                                       : "";
        if (!simple.empty()) {
            emit(simple, 1);
        } else if (kind == '0') {
            emit(std::string_view("\0", 1), 1);
        } else if (kind == 'x' && at + 2 < text.size() &&
                   std::isxdigit(static_cast<unsigned char>(text[at + 1])) &&
                   std::isxdigit(static_cast<unsigned char>(text[at + 2]))) {
            const char byte = static_cast<char>(std::stoi(text.substr(at + 1, 2), nullptr, 16));
            emit(std::string_view(&byte, 1), 1);
            at += 2;
        } else if (kind == '[') {
            const size_t times = text.find('*', at);
            const size_t end = text.find(']', at);
            const std::string count = times < end ? text.substr(at + 1, times - at - 1) : "";
            if (end == std::string::npos || count.empty() || count.size() > 9 ||
                count.find_first_not_of("0123456789") != std::string::npos) {
                problem = "a repetition is written \\[N*text]: '" + text.substr(at - 1) + "'";
                return false;
            }
            emit(std::string_view(text).substr(times + 1, end - times - 1), std::stoul(count));
            at = end;
        } else {
            problem = std::string("unknown escape '\\") + kind + "' in '" + text + "'";
            return false;
        }
    }
    return true;
}

// The bytes a text in the notation stands for (a text that decode() accepted).
std::string bytesOf(const std::string& text) {
    std::string problem;
    size_t size = 0;
    decode(text, problem,
           [&](std::string_view piece, size_t times) { size += piece.size() * times; });
    std::string bytes;
    bytes.reserve(size);
    decode(text, problem, [&](std::string_view piece, size_t times) {
        if (piece.size() == 1) {
            bytes.append(times, piece[0]);  // the 64 MiB rows are one byte repeated
        } else {
            for (; times > 0; --times) bytes += piece;
        }
    });
    return bytes;
}

// One table line as a row; `problem` says what is wrong with it, if anything.
Row parseRow(const std::string& line, int lineNumber, int expectedNumber) {
    Row row;
    row.line = lineNumber;
    row.number = expectedNumber;
    const std::vector<std::string> cells = splitCells(line);
    if (cells.size() != 6) {
        row.problem = "expected 6 cells, found " + std::to_string(cells.size());
        return row;
    }
    row.className = cells[1];
    if (cells[0] != std::to_string(expectedNumber)) {
        row.problem = "rows are numbered 1, 2, 3, ...: expected " + std::to_string(expectedNumber) +
                      ", found '" + cells[0] + "'";
        return row;
    }
    if (row.className.empty()) {
        row.problem = "the class is empty";
        return row;
    }

    if (cells[2] != "idle") {
        const std::optional<std::string> job = codeSpan(cells[2]);
        if (!job || job->empty()) {
            row.problem = "'while' is idle or a command in backticks, not '" + cells[2] + "'";
            return row;
        }
        row.job = *job;
    }

    const std::optional<std::string> input = codeSpan(cells[3]);
    if (!input) {
        row.problem = "the input is one code span in backticks, not '" + cells[3] + "'";
        return row;
    }
    size_t size = 0;
    char last = 0;
    const bool decoded = decode(*input, row.problem, [&](std::string_view piece, size_t times) {
        size += piece.size() * times;
        if (!piece.empty() && times > 0) last = piece.back();
    });
    if (!decoded) return row;
    row.input = *input;

    if (cells[4] != "nothing") {
        std::string rest = cells[4];
        while (true) {
            const size_t br = rest.find("<br>");
            const std::optional<std::string> span = codeSpan(trim(rest.substr(0, br)));
            if (!span) {
                row.problem =
                    "the answer is 'nothing' or code spans joined by <br>, not '" + cells[4] + "'";
                return row;
            }
            if (!decode(*span, row.problem, [](std::string_view, size_t) {})) return row;
            row.answer.push_back(bytesOf(*span));
            if (br == std::string::npos) break;
            rest = rest.substr(br + 4);
        }
    }

    const std::string asAfter = "as after ";
    if (cells[5] == "unchanged") {
        row.state = StateCheck::Unchanged;
    } else if (cells[5] == "exits 0") {
        row.state = StateCheck::Exits;
    } else if (cells[5].rfind(asAfter, 0) == 0 && codeSpan(cells[5].substr(asAfter.size()))) {
        row.state = StateCheck::AsAfter;
        row.asAfter = *codeSpan(cells[5].substr(asAfter.size()));
    } else {
        row.problem =
            "the state is 'unchanged', 'exits 0' or 'as after `<command>`', not '" + cells[5] + "'";
        return row;
    }
    if (size == 0) {
        row.problem = "the input is empty";
    } else if (last != '\n' && row.state != StateCheck::Exits) {
        row.problem = "an input without a final \\n ends the input: its state must be 'exits 0'";
    }
    return row;
}

std::vector<Row> readTable() {
    std::ifstream file(kTablePath);
    std::vector<Row> rows;
    std::string line;
    bool inTable = false;
    for (int lineNumber = 1; std::getline(file, line); ++lineNumber) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!inTable) {
            // The header, then the delimiter line under it.
            if (trim(line) == kHeader) {
                inTable = true;
                std::getline(file, line);
                ++lineNumber;
            }
            continue;
        }
        if (trim(line).rfind('|', 0) != 0) break;
        rows.push_back(parseRow(line, lineNumber, int(rows.size()) + 1));
    }
    return rows;
}

const std::vector<Row>& tableRows() {
    static const std::vector<Row> rows = readTable();
    return rows;
}

// ---------------------------------------------------------------- running a row

// The final line of a job (protocol.md, "While the worker runs").
bool endsJob(const std::string& line) {
    return startsWith(line, "bestmove ") || startsWith(line, "nodes ") ||
           startsWith(line, "bench nodes ") || line == "info string perft stopped" ||
           line == "info string bench stopped";
}

// Sends `bytes`, then `isready`, and returns every line before the `readyok` that answers
// it; `readyoksBefore` of them are expected from `bytes` itself. Search info is left out.
std::optional<std::vector<std::string>> send(EngineProcess& engine, std::string_view bytes,
                                             int readyoksBefore = 0) {
    if (!engine.write(bytes, kTimeout) || !engine.write("isready\n", kTimeout)) return std::nullopt;
    std::vector<std::string> lines;
    int readyoks = 0;
    while (true) {
        std::optional<std::string> line = engine.readLine(kTimeout);
        if (!line) return std::nullopt;
        if (*line == "readyok" && readyoks++ == readyoksBefore) return lines;
        if (!isSearchInfo(*line)) lines.push_back(*line);
    }
}

// What the table calls the state: what these print (one line each).
const std::string kStateCommands = "getposition\nrules\nlegal\n";
constexpr size_t kStateLines = 3;

// A fresh engine's state after the set-up, which must pass silently.
std::optional<std::vector<std::string>> setUp(EngineProcess& engine) {
    if (!engine.started()) return std::nullopt;
    std::string lines;
    for (const std::string& command : kSetUp) lines += command + "\n";
    std::optional<std::vector<std::string>> reply = send(engine, lines + kStateCommands);
    if (!reply || reply->size() != kStateLines) return std::nullopt;
    return reply;
}

// An expected line ending in " ..." matches any line that starts with the text before it.
bool answerMatches(const std::vector<std::string>& expected,
                   const std::vector<std::string>& actual) {
    if (expected.size() != actual.size()) return false;
    const std::string any = " ...";
    for (size_t i = 0; i < expected.size(); ++i) {
        const std::string& wanted = expected[i];
        const bool prefix = wanted.size() >= any.size() &&
                            wanted.compare(wanted.size() - any.size(), any.size(), any) == 0;
        if (prefix ? !startsWith(actual[i], wanted.substr(0, wanted.size() - any.size()))
                   : actual[i] != wanted)
            return false;
    }
    return true;
}

int countReadyoks(const std::vector<std::string>& lines) {
    int count = 0;
    for (const std::string& line : lines) count += line == "readyok" ? 1 : 0;
    return count;
}

class BadInputRow : public ::testing::TestWithParam<Row> {};

TEST_P(BadInputRow, AnswerAndStateAsDocumented) {
    const Row& row = GetParam();
    ASSERT_TRUE(row.problem.empty()) << where(row) << ": cannot run this row: " << row.problem;
    EngineProcess engine;
    const std::optional<std::vector<std::string>> before = setUp(engine);
    ASSERT_TRUE(before) << where(row) << ": the set-up failed";
    if (!row.job.empty()) ASSERT_TRUE(engine.write(row.job + "\n")) << where(row);

    const std::string input = bytesOf(row.input);
    std::vector<std::string> answer;
    if (row.state == StateCheck::Exits) {
        ASSERT_TRUE(engine.write(input, kTimeout)) << where(row);
        engine.closeStdin();
        while (std::optional<std::string> line = engine.readLine(kTimeout)) {
            if (!isSearchInfo(*line)) answer.push_back(*line);
        }
    } else {
        const std::optional<std::vector<std::string>> reply =
            send(engine, input, countReadyoks(row.answer));
        ASSERT_TRUE(reply) << where(row) << ": no readyok after the input (a hang or a crash)";
        answer = *reply;
    }
    EXPECT_TRUE(answerMatches(row.answer, answer))
        << where(row) << ": the answer differs\n  expected:" << joinLines(row.answer)
        << "\n  engine:" << joinLines(answer);

    std::vector<std::string> after;
    if (row.state != StateCheck::Exits) {
        // The job still runs (the answer came during it): stop gives its final line.
        const std::string stopJob = row.job.empty() ? "" : "stop\n";
        ASSERT_TRUE(engine.write(stopJob + kStateCommands + "quit\n")) << where(row);
        engine.closeStdin();
        bool jobEnded = row.job.empty();
        while (std::optional<std::string> line = engine.readLine(kTimeout)) {
            if (isSearchInfo(*line)) continue;
            if (!jobEnded) {
                jobEnded = endsJob(*line);
                EXPECT_TRUE(jobEnded) << where(row) << ": before the final line of '" << row.job
                                      << "': " << visible(*line);
            } else {
                after.push_back(*line);
            }
        }
        EXPECT_TRUE(jobEnded) << where(row) << ": no final line of '" << row.job << "' after stop";
    }
    const ExitStatus status = engine.waitExit(kTimeout);
    EXPECT_TRUE(status.cleanExit(0)) << where(row) << ": the engine " << status.describe();
    EXPECT_EQ(engine.stderrText(), "") << where(row) << ": stderr must stay silent";
    if (row.state == StateCheck::Exits) return;

    std::optional<std::vector<std::string>> expected = before;
    if (row.state == StateCheck::AsAfter) {
        EngineProcess reference;
        ASSERT_TRUE(setUp(reference)) << where(row) << ": the set-up failed";
        const std::optional<std::vector<std::string>> reply =
            send(reference, row.asAfter + "\n" + kStateCommands);
        ASSERT_TRUE(reply && reply->size() == kStateLines)
            << where(row) << ": '" << row.asAfter << "' must pass silently";
        expected = reply;
    }
    EXPECT_EQ(after, *expected) << where(row) << ": the state is not as documented";
}

std::string rowName(const ::testing::TestParamInfo<Row>& info) {
    std::string name = std::to_string(info.param.number);
    name = "row" + std::string(3 - std::min<size_t>(3, name.size()), '0') + name + "_";
    for (const char c : info.param.className) {
        const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0;
        if (word) {
            name += char(std::tolower(static_cast<unsigned char>(c)));
        } else if (name.back() != '_') {
            name += '_';
        }
        if (name.size() >= 48) break;
    }
    while (name.back() == '_') name.pop_back();
    return name;
}

INSTANTIATE_TEST_SUITE_P(BadInputTable, BadInputRow, ::testing::ValuesIn(tableRows()), rowName);

TEST(BadInputTable, TableIsFound) {
    EXPECT_GT(tableRows().size(), 0u)
        << kTablePath << " must hold a table with the header line " << kHeader;
}

}  // namespace
