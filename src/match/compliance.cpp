#include "match/compliance.h"

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "core/game.h"
#include "core/move_text.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "match/child_process.h"
#include "match/info_line.h"
#include "util/text.h"

namespace cc::match {

namespace {

// Positions under `goallock=on finish=all` where player 1 has exactly one legal move
// (m1-m3, the hop over m2) and where it has none (a forced pass): its other pieces
// fill its goal, one of player 2's stands on the goal's tip.
constexpr std::string_view kOneMoveRules = "goallock=on finish=all";
constexpr std::string_view kOneMove =
    "4/11/111/1111/............./............/.........../........../444444.../........../"
    ".........../............/............./..../4../44/1 1 1 0 0 - - playing";
constexpr std::string_view kForcedPass =
    "4/11/111/1111/............./............/.........../........../44444..../........../"
    ".........../............/............./..../4.4/44/1 1 1 0 0 - - playing";

constexpr Milliseconds kReplyTimeout(5000);

struct Reading {
    bool found = false;
    std::vector<std::string> lines;  // every line read, the one looked for included
    ReadStatus status = ReadStatus::Line;
};

class ComplianceRun {
  public:
    ComplianceRun(ChildProcess process, std::ostream& out)
        : process_(std::move(process)), out_(out) {}

    int run() {
        check("handshake", [&] { return handshake(); });
        check("isready when idle", [&] { return synchronise(); });
        check("unknown command survived", [&] {
            send("ccmatch-compliance-unknown-command");
            return synchronise();
        });
        check("go with clocks: one legal bestmove, well-formed info", [&] {
            return searchOnce(Rules{}, "startpos", "go p1time 3000 p2time 3000 p1inc 30 p2inc 30",
                              Milliseconds(3000 + 1000), std::nullopt);
        });
        check("go depth 2", [&] {
            return searchOnce(Rules{}, "startpos", "go depth 2", Milliseconds(60000), std::nullopt);
        });
        check("go infinite: isready answered, then one bestmove after stop",
              [&] { return infiniteThenStop(); });
        check("one legal move: that move", [&] {
            return searchOnce(oneMoveRules(), std::string(kOneMove), "go movetime 300",
                              kReplyTimeout, std::string("m1-m3"));
        });
        check("forced pass: bestmove pass", [&] {
            return searchOnce(oneMoveRules(), std::string(kForcedPass), "go movetime 300",
                              kReplyTimeout, std::string("pass"));
        });
        check("finished game: bestmove none", [&] {
            return searchOnce(Rules{}, "startpos moves resign", "go movetime 300", kReplyTimeout,
                              std::string("none"));
        });
        check("quit during a search exits quickly", [&] { return quitDuringSearch(); });
        out_ << fmt::format("compliance: {} checks, {} failed\n", checks_, failures_);
        return failures_ == 0 ? 0 : 2;
    }

  private:
    static Rules oneMoveRules() {
        Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(kOneMoveRules));
        return rules ? *rules : Rules{};
    }

    void check(const std::string& name, const std::function<std::optional<std::string>()>& body) {
        ++checks_;
        if (broken_) {
            ++failures_;
            out_ << "FAIL " << name << ": skipped, the engine is gone\n";
            return;
        }
        const std::optional<std::string> failure = body();
        if (failure) ++failures_;
        out_ << (failure ? "FAIL " : "ok   ") << name << (failure ? ": " + *failure : note_) << '\n'
             << std::flush;
        note_.clear();
    }

    void send(const std::string& line) {
        if (!process_.writeLine(line)) broken_ = true;
    }

    Reading readUntil(const std::function<bool(const std::string&)>& wanted, Milliseconds timeout) {
        Reading reading;
        const auto deadline = SteadyClock::now() + timeout;
        std::string line;
        while (true) {
            reading.status = process_.readLine(line, deadline);
            if (reading.status != ReadStatus::Line) {
                if (reading.status == ReadStatus::Closed) broken_ = true;
                return reading;
            }
            reading.lines.push_back(line);
            if (wanted(line)) {
                reading.found = true;
                return reading;
            }
        }
    }

    static bool isBestmove(const std::string& line) { return line.rfind("bestmove", 0) == 0; }

    std::string missing(const Reading& reading, const std::string& what) {
        return reading.status == ReadStatus::Closed
                   ? fmt::format("no {}: the engine's output closed ({})", what,
                                 process_.exitDescription(Milliseconds(500)))
                   : fmt::format("no {} within the time-out", what);
    }

    std::optional<std::string> handshake() {
        send("cci");
        const Reading reading =
            readUntil([](const std::string& line) { return line == "cciok"; }, kReplyTimeout);
        if (!reading.found) return missing(reading, "cciok");
        for (const std::string& line : reading.lines) {
            if (line.rfind("id name ", 0) == 0) note_ = " (" + line.substr(3) + ")";
        }
        if (note_.empty()) return std::string("no 'id name' line before cciok");
        return std::nullopt;
    }

    // isready, then readyok with no bestmove before it.
    std::optional<std::string> synchronise() {
        send("isready");
        const Reading reading =
            readUntil([](const std::string& line) { return line == "readyok"; }, kReplyTimeout);
        if (!reading.found) return missing(reading, "readyok");
        for (const std::string& line : reading.lines) {
            if (isBestmove(line)) return fmt::format("an extra '{}'", line);
        }
        return std::nullopt;
    }

    // The game the engine was given, for checking its moves.
    static Expected<Game> gameOf(const Rules& rules, const std::string& position) {
        const auto layout = Layout::make(rules);
        const std::vector<std::string_view> words = splitWords(position);
        size_t movesAt = 0;
        while (movesAt < words.size() && words[movesAt] != "moves") ++movesAt;
        Position start = Position::start(*layout);
        if (words.empty() || words[0] != "startpos") {
            std::vector<std::string> baseWords(words.begin(), words.begin() + long(movesAt));
            Expected<Position> parsed = parsePosition(*layout, join(baseWords, " "));
            if (!parsed) return Error{parsed.error()};
            start = *parsed;
        }
        Game game(layout, start);
        for (size_t at = movesAt + 1; at < words.size(); ++at) {
            Expected<Move> move = parseMove(game.position(), words[at]);
            if (!move) return Error{move.error()};
            game.play(*move);
        }
        return game;
    }

    // Checks the lines of one search up to its bestmove: info well-formed, the move
    // legal (or the expected word), then no second bestmove.
    std::optional<std::string> judgeSearch(const Game& game, const Reading& reading,
                                           const std::optional<std::string>& expected) {
        if (!reading.found) return missing(reading, "bestmove");
        for (const std::string& line : reading.lines) {
            if (line.rfind("info", 0) == 0) {
                if (auto problem = checkInfoLine(game, line)) {
                    return fmt::format("'{}': {}", line.substr(0, 80), *problem);
                }
            }
        }
        const std::vector<std::string_view> words = splitWords(reading.lines.back());
        const std::string move = words.size() >= 2 ? std::string(words[1]) : "";
        if (expected && (*expected == "none" || *expected == "pass")) {
            if (move != *expected)
                return fmt::format("bestmove '{}', expected '{}'", move, *expected);
        } else {
            Expected<Move> parsed = parseMove(game.position(), move);
            if (!parsed) return fmt::format("bestmove '{}': {}", move, parsed.error());
            if (expected) {
                Expected<Move> only = parseMove(game.position(), *expected);
                if (only && !(*only == *parsed)) {
                    return fmt::format("bestmove '{}', the only legal move is {}", move, *expected);
                }
            }
        }
        note_ = fmt::format(" ({})", reading.lines.back());
        // A second bestmove would come before the readyok of the next isready.
        const std::string saved = note_;
        if (auto extra = synchronise()) return extra;
        note_ = saved;
        return std::nullopt;
    }

    std::optional<std::string> searchOnce(const Rules& rules, const std::string& position,
                                          const std::string& go, Milliseconds timeout,
                                          const std::optional<std::string>& expected) {
        Expected<Game> game = gameOf(rules, position);
        if (!game) return "ccmatch's own position is refused by its referee: " + game.error();
        send("setrules " + formatRules(rules));
        send("position " + position);
        send(go);
        return judgeSearch(*game, readUntil(isBestmove, timeout), expected);
    }

    std::optional<std::string> infiniteThenStop() {
        Expected<Game> game = gameOf(Rules{}, "startpos");
        if (!game) return game.error();
        send("setrules " + formatRules(Rules{}));
        send("position startpos");
        send("go infinite");
        std::this_thread::sleep_for(Milliseconds(300));
        send("isready");
        const Reading ready =
            readUntil([](const std::string& line) { return line == "readyok"; }, kReplyTimeout);
        if (!ready.found) return missing(ready, "readyok during go infinite");
        for (const std::string& line : ready.lines) {
            if (isBestmove(line)) return "a bestmove before stop under go infinite";
        }
        send("stop");
        Reading reply = readUntil(isBestmove, kReplyTimeout);
        reply.lines.insert(reply.lines.begin(), ready.lines.begin(), ready.lines.end() - 1);
        if (auto problem = judgeSearch(*game, reply, std::nullopt)) return problem;
        // stop with nothing running must print nothing.
        send("stop");
        return synchronise();
    }

    std::optional<std::string> quitDuringSearch() {
        send("position startpos");
        send("go infinite");
        std::this_thread::sleep_for(Milliseconds(200));
        const auto sent = SteadyClock::now();
        send("quit");
        const std::string ended = process_.exitDescription(Milliseconds(2000));
        if (ended == "still running") return std::string("still running 2 s after quit");
        note_ = fmt::format(
            " ({} after {} ms)", ended,
            std::chrono::duration_cast<Milliseconds>(SteadyClock::now() - sent).count());
        return std::nullopt;
    }

    ChildProcess process_;
    std::ostream& out_;
    int checks_ = 0;
    int failures_ = 0;
    bool broken_ = false;
    std::string note_;
};

}  // namespace

int runCompliance(const std::string& command, std::ostream& out) {
    out << "compliance: " << command << '\n';
    Expected<ChildProcess> process = ChildProcess::spawn(command, "");
    if (!process) {
        out << "FAIL start: " << process.error() << '\n';
        return 2;
    }
    ComplianceRun run(std::move(*process), out);
    return run.run();
}

}  // namespace cc::match
