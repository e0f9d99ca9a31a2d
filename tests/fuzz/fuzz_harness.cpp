#include "fuzz_harness.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

#include "core/game.h"
#include "core/layout.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "fuzz_engine_state.h"
#include "fuzz_read_back.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "util/text.h"

namespace ccfuzz {
namespace {

using cc::Expected;
using cc::Layout;
using cc::Position;
using cc::Rules;

// What `go` answers, before `bestmove none`, after a refused `position`.
constexpr std::string_view kRefusedGo =
    "error go: no position to search: the last 'position' was refused";

// `error ` + at most 300 characters + `...` (protocol-spec/protocol.md, Conventions).
constexpr size_t kMaxErrorLine = 6 + 300 + 3;

// The first word of every line the engine prints, but for the board picture of `d`
// and the per-move lines of `perft divide` (protocol-spec/protocol.md, Commands).
constexpr std::array<std::string_view, 15> kReplyWords = {
    "id",   "option", "rule",   "cciok",    "readyok", "rules", "position", "legal",
    "info", "nodes",  "result", "bestmove", "bench",   "eval",  "error"};

// Every command of the protocol (what `help` lists), with the reply that answers it
// exactly once when it succeeds; empty where it prints no answer of its own. `d` ends
// with the same `position` line as `getposition`.
struct CommandAnswer {
    std::string_view command;
    std::string_view answer;
};
constexpr std::array<CommandAnswer, 19> kCommandAnswers = {{
    {"cci", "cci"},     {"isready", "isready"}, {"newgame", ""},   {"setoption", ""},
    {"setrules", ""},   {"rules", "rules"},     {"position", ""},  {"getposition", "getposition"},
    {"legal", "legal"}, {"go", "go"},           {"ponderhit", ""}, {"perft", "perft"},
    {"bench", "bench"}, {"d", "getposition"},   {"eval", "eval"},  {"result", "result"},
    {"help", ""},       {"stop", ""},           {"quit", ""},
}};

// A session must take milliseconds: filling a table of the default 16 MiB takes tens
// under the sanitizers, and a search on 64 threads starts them all. So sessions start
// with the smallest table, and larger values of these two options are lowered to the
// caps below (the option's range is from protocol-spec/protocol.md, cci). Every other
// word reaches the engine as it is.
constexpr size_t kSessionHashMegabytes = 1;
struct OptionCap {
    std::string_view lowerCaseName;
    uint64_t cap;
    uint64_t max;
};
constexpr std::array<OptionCap, 2> kOptionCaps = {{{"hash", 2, 16384}, {"threads", 2, 64}}};

bool isDigits(std::string_view text) {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A line as Protocol::handle reads it: one trailing carriage return dropped.
std::string_view withoutReturn(std::string_view line) {
    if (line.ends_with('\r')) line.remove_suffix(1);
    return line;
}

// The line the session sends for an input line: the same, unless it sets Hash or
// Threads above their cap.
std::string boundedCommand(std::string_view line) {
    const auto words = cc::splitWords(withoutReturn(line));
    if (words.size() != 5 || words[0] != "setoption" || words[1] != "name" || words[3] != "value") {
        return std::string(line);
    }
    const std::optional<uint64_t> value = cc::parseUnsigned(words[4]);
    for (const OptionCap& option : kOptionCaps) {
        if (cc::lowerCase(words[2]) == option.lowerCaseName && value && *value > option.cap &&
            *value <= option.max) {
            return fmt::format("setoption name {} value {}", words[2], option.cap);
        }
    }
    return std::string(line);
}

// Where a `go` started, to check its `bestmove` once the session is over.
struct SearchStart {
    std::string rules;
    std::string position;
};

// `bestmove <move>`: a legal move of the position searched, never `resign`; `none`
// only when that game is over (protocol-spec/protocol.md, go).
Failure checkBestMove(const SearchStart& start, std::string_view move, ReadBacks& readBacks) {
    const ReadBack back = readBacks.of(start.rules, start.position);
    if (back.failure) return back.failure;
    const Position& position = *back.position;
    if (move == "none") {
        if (position.over()) return std::nullopt;
        return fmt::format("bestmove none in a game still playing: {}", start.position);
    }
    const Expected<cc::Move> parsed = cc::parseMove(position, move);
    if (!parsed) return fmt::format("bestmove {}: {} in {}", move, parsed.error(), start.position);
    if (parsed->kind == cc::MoveKind::Resign) return "the engine resigned";
    return std::nullopt;
}

// Printable ASCII lines, each ended by '\n' and led by a reply word (or a board line
// of `d`, or a `perft ... divide` line), an error at most one short line.
Failure checkOutputLine(std::string_view line) {
    if (line.empty()) return "an empty output line";
    for (const char symbol : line) {
        const auto byte = static_cast<unsigned char>(symbol);
        if (byte < 0x20 || byte >= 0x7f) {
            return fmt::format("byte {} in output line '{}'", int(byte), cc::sanitize(line, 300));
        }
    }
    const std::string_view first = line.substr(0, line.find(' '));
    if (first == "error" && line.size() > kMaxErrorLine) {
        return fmt::format("an error line of {} characters", line.size());
    }
    if (std::find(kReplyWords.begin(), kReplyWords.end(), first) != kReplyWords.end()) {
        return std::nullopt;
    }
    // `d`: picture lines start with the right-aligned name of the row's first hole.
    if (line.starts_with(' ') || line.starts_with("to move: player ") ||
        line.starts_with("game over: ")) {
        return std::nullopt;
    }
    const auto words = cc::splitWords(line);
    if (words.size() == 2 && isDigits(words[1])) return std::nullopt;  // `<move> <count>`
    return fmt::format("unexpected output line '{}'", cc::sanitize(line, 300));
}

// The command a line gives the final answer of, when it is one: every command of
// kCommandAnswers with an answer answers exactly once when it succeeds
// (protocol-spec/protocol.md, Commands).
std::optional<std::string_view> answeredCommand(std::string_view line) {
    if (line == "readyok") return "isready";
    if (line == "cciok") return "cci";
    if (line.starts_with("rules ")) return "rules";
    if (line.starts_with("position ")) return "getposition";
    if (line == "legal" || line.starts_with("legal ")) return "legal";
    if (line.starts_with("result ")) return "result";
    if (line.starts_with("bestmove ")) return "go";
    if (line.starts_with("nodes ") || line == "info string perft stopped") return "perft";
    if (line.starts_with("bench nodes ") || line == "info string bench stopped") return "bench";
    if (line.starts_with("eval score ") ||
        line == "info string game over: no evaluation (see result)")
        return "eval";
    return std::nullopt;
}

// The answer counted for a command that succeeded, if it has one.
std::optional<std::string_view> answerOf(std::string_view command) {
    for (const CommandAnswer& known : kCommandAnswers) {
        if (known.command == command && !known.answer.empty()) return known.answer;
    }
    return std::nullopt;
}

// The word Protocol::handle looks the command up by (empty for a blank line).
std::string_view commandWord(std::string_view line) {
    const auto words = cc::splitWords(withoutReturn(line));
    return words.empty() ? std::string_view() : words[0];
}

Failure checkOutput(const std::string& output, int errorsPrinted,
                    const std::map<std::string_view, int>& succeeded,
                    const std::vector<SearchStart>& searches, int refusedGos,
                    ReadBacks& readBacks) {
    if (output.empty()) return std::nullopt;
    if (output.back() != '\n') return "the output does not end with a line end";
    std::map<std::string_view, int> answers;
    std::vector<std::string_view> bestMoves;
    int errorLines = 0;
    int refusalAnswers = 0;
    const auto lines = cc::split(std::string_view(output).substr(0, output.size() - 1), '\n');
    for (size_t index = 0; index < lines.size(); ++index) {
        const std::string_view line = lines[index];
        if (Failure failure = checkOutputLine(line)) return failure;
        if (line.starts_with("error ")) ++errorLines;
        // A `go` after a refused position: its error, then `bestmove none` at once
        // (protocol-spec/protocol.md, "A refused position"), searched for nothing.
        if (line == kRefusedGo) {
            if (index + 1 == lines.size() || lines[index + 1] != "bestmove none")
                return "a go refused for its position without 'bestmove none' after it";
            ++refusalAnswers;
            ++index;
            continue;
        }
        if (const auto command = answeredCommand(line)) ++answers[*command];
        if (line.starts_with("bestmove ")) bestMoves.push_back(line.substr(9));
    }
    if (errorLines != errorsPrinted) {
        return fmt::format("{} error lines for {} errors", errorLines, errorsPrinted);
    }
    if (refusalAnswers > refusedGos) {
        return fmt::format("{} gos refused for their position, {} sent after a refused one",
                           refusalAnswers, refusedGos);
    }
    std::map<std::string_view, int> expected;
    for (const auto& [command, count] : succeeded) {
        if (const auto answer = answerOf(command)) expected[*answer] += count;
    }
    for (const auto& [command, count] : expected) {
        if (answers[command] != count) {
            return fmt::format("{} answers to {} '{}' commands", answers[command], count, command);
        }
    }
    for (const auto& [command, count] : answers) {
        if (expected[command] != count) {
            return fmt::format("{} answers to {} '{}' commands", count, expected[command], command);
        }
    }
    for (size_t index = 0; index < bestMoves.size(); ++index) {
        if (Failure failure = checkBestMove(searches[index], bestMoves[index], readBacks))
            return failure;
    }
    return std::nullopt;
}

// A position's text parses back to the same position and prints the same again.
Failure checkRoundTrip(const Layout& layout, const Position& position) {
    const std::string text = cc::formatPosition(position);
    const Expected<Position> again = cc::parsePosition(layout, text);
    if (!again) return fmt::format("printed position '{}' does not parse: {}", text, again.error());
    if (cc::formatPosition(*again) != text) {
        return fmt::format("'{}' prints back as '{}'", text, cc::formatPosition(*again));
    }
    if (again->key() != position.key()) {
        return fmt::format("'{}' parses back to a position of another key", text);
    }
    return std::nullopt;
}

// Every legal move, printed in either notation, parses back to itself.
Failure checkLegalMoveTexts(const Position& position) {
    cc::MoveList moves;
    cc::generateLegal(position, moves);
    for (const cc::Move move : moves) {
        for (const auto notation : {cc::HoleNotation::Name, cc::HoleNotation::Index}) {
            const std::string text = cc::formatMove(position, move, notation);
            const Expected<cc::Move> parsed = cc::parseMove(position, text);
            if (!parsed || !(*parsed == move)) {
                return fmt::format("legal move '{}' of '{}' does not parse back: {}", text,
                                   cc::formatPosition(position),
                                   parsed ? "another move" : parsed.error());
            }
        }
    }
    return std::nullopt;
}

// Rule sets for the position parser: presets, player counts and the keys that change
// what a position text may hold (kings, bonus marks, spares, 15-piece camps).
constexpr std::array<std::string_view, 14> kPositionRules = {
    "preset=standard players=2",
    "preset=standard players=3",
    "preset=standard players=4",
    "preset=standard players=6",
    "preset=standard players=1",
    "preset=masters players=2",
    "preset=card players=2",
    "preset=super players=3",
    "preset=diamond players=2",
    "preset=sec5 players=4",
    "preset=standard armies=1+3+5,2+4+6",
    "preset=standard players=2 unused=filled",
    "preset=standard players=3 king=on bonus=on swap=final hops=long end=first",
    "preset=super players=6 other=closed unused=closed repetition=2",
};

}  // namespace

bool knowsCommand(std::string_view command) {
    return std::any_of(kCommandAnswers.begin(), kCommandAnswers.end(),
                       [command](const CommandAnswer& known) { return known.command == command; });
}

cc::EngineOptions sessionOptions() {
    return cc::EngineOptions{.hashMegabytes = kSessionHashMegabytes};
}

Failure checkProtocolSession(std::string_view input) {
    cc::Engine engine(sessionOptions());
    return checkProtocolSession(input, engine);
}

Failure checkProtocolSession(std::string_view input, cc::Engine& engine) {
    engine.reset(sessionOptions());
    std::ostringstream stream;
    std::map<std::string_view, int> succeeded;
    std::vector<SearchStart> searches;
    int errorsPrinted = 0;
    // Whether the last `position` was refused: `go` must not search then.
    bool positionRefused = false;
    int refusedGos = 0;
    ReadBacks readBacks;
    {
        cc::Output output(stream);
        cc::Protocol protocol(engine, output);
        for (const std::string_view line : cc::split(input, '\n')) {
            const std::string command = boundedCommand(line);
            const std::string_view word = commandWord(line);
            const EngineState before = EngineState::of(engine);
            // Where a search starts, as a client would send it back (checkBestMove).
            std::optional<SearchStart> searchStart;
            if (word == "go") searchStart = SearchStart{engine.rulesText(), engine.positionText()};
            const int errorsBefore = protocol.errorsPrinted();
            const bool goOn = protocol.handle(command);
            const int errors = protocol.errorsPrinted() - errorsBefore;
            if (errors > 1) {
                return fmt::format("{} errors for '{}'", errors, cc::sanitize(command, 300));
            }
            const EngineState after = EngineState::of(engine);
            if (errors == 1 && !(after == before)) {
                return fmt::format("'{}' failed but changed the engine", cc::sanitize(command));
            }
            if (!(after.rules == before.rules) || !(after.position == before.position)) {
                if (Failure failure =
                        readBacks.of(engine.rulesText(), engine.positionText()).failure) {
                    return fmt::format("after '{}': {}", cc::sanitize(command), *failure);
                }
            }
            if (word == "go" && positionRefused) {
                if (errors == 0) {
                    return fmt::format("'{}' searched after a refused position",
                                       cc::sanitize(command));
                }
                ++refusedGos;
            }
            if (word == "position") positionRefused = errors == 1;
            if (errors == 0 && (word == "newgame" || word == "setrules")) positionRefused = false;
            if (errors == 0 && !word.empty()) {
                ++succeeded[word];
                if (word == "go") searches.push_back(*searchStart);
            }
            if (!goOn) break;
        }
        errorsPrinted = protocol.errorsPrinted();
    }  // the protocol stops the running job and waits for its answer
    return checkOutput(stream.str(), errorsPrinted, succeeded, searches, refusedGos, readBacks);
}

Failure checkPositionText(std::string_view input) {
    if (input.empty()) return std::nullopt;
    const std::string_view ruleWords =
        kPositionRules[static_cast<unsigned char>(input[0]) % kPositionRules.size()];
    const Expected<Rules> rules = rulesFromText(ruleWords);
    if (!rules) return fmt::format("rule set '{}': {}", ruleWords, rules.error());
    const auto layout = Layout::make(*rules);

    const auto lines = cc::split(input.substr(1), '\n');
    // A text that does not parse still lets the move lines play from the start.
    const Expected<Position> parsed = cc::parsePosition(*layout, lines[0]);
    if (!parsed && parsed.error().empty()) return "a position error without a message";
    Position position = parsed ? *parsed : Position::start(*layout);
    if (Failure failure = checkRoundTrip(*layout, position)) return failure;
    if (Failure failure = checkLegalMoveTexts(position)) return failure;

    for (size_t index = 1; index < lines.size(); ++index) {
        const Expected<cc::Move> move = cc::parseMove(position, lines[index]);
        if (!move) {
            if (move.error().empty()) return "a move error without a message";
            continue;
        }
        cc::MoveList legal;
        cc::generateLegal(position, legal);
        if (move->kind != cc::MoveKind::Resign &&
            std::find(legal.begin(), legal.end(), *move) == legal.end()) {
            return fmt::format("'{}' parses to a move that is not legal in '{}'",
                               cc::sanitize(lines[index]), cc::formatPosition(position));
        }
        cc::playMove(position, *move);
        if (Failure failure = checkRoundTrip(*layout, position)) return failure;
        if (Failure failure = checkLegalMoveTexts(position)) return failure;
    }
    return std::nullopt;
}

Failure checkRuleText(std::string_view input) {
    Rules rules;
    // The printed rules set exactly these rules from any rules (protocol-spec/protocol.md,
    // rules): they are read back onto a base unlike the default.
    const Rules otherBase = *cc::applyRuleWords(Rules{}, {"preset=super", "players=3"});
    for (const std::string_view line : cc::split(input, '\n')) {
        const auto words = cc::splitWords(line);
        if (words.empty()) continue;
        const Expected<Rules> applied = cc::applyRuleWords(rules, words);
        if (!applied) {
            if (applied.error().empty()) return "a rules error without a message";
            continue;
        }
        if (const Expected<void> valid = cc::validate(*applied); !valid) {
            return fmt::format("'{}' gives rules that cannot be played: {}", cc::sanitize(line),
                               valid.error());
        }
        const std::string text = cc::formatRules(*applied);
        const Expected<Rules> again = cc::applyRuleWords(otherBase, cc::splitWords(text));
        if (!again) return fmt::format("printed rules '{}' do not parse: {}", text, again.error());
        if (!(*again == *applied)) return fmt::format("printed rules '{}' read back other", text);
        if (cc::formatRules(*again) != text) {
            return fmt::format("'{}' prints back as '{}'", text, cc::formatRules(*again));
        }
        const auto layout = Layout::make(*applied);
        if (Failure failure = checkRoundTrip(*layout, Position::start(*layout))) return failure;
        rules = *applied;
    }
    return std::nullopt;
}

void abortOnFailure(const Failure& failure) {
    if (!failure) return;
    std::fprintf(stderr, "fuzz check failed: %s\n", failure->c_str());
    std::abort();
}

}  // namespace ccfuzz
