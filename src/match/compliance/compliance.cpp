#include "match/compliance/compliance.h"

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
#include "match/compliance/compliance_session.h"
#include "match/engines/child_process.h"
#include "match/engines/info_line.h"
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

constexpr Milliseconds kReplyTimeout = kComplianceReplyTimeout;

class ComplianceRun {
  public:
    ComplianceRun(ChildProcess process, std::ostream& out) : session_(std::move(process), out) {}

    int run() {
        session_.check("handshake", [&] { return handshake(); });
        session_.check("isready when idle", [&] { return session_.synchronise(); });
        session_.check("unknown command survived", [&] {
            session_.send("ccmatch-compliance-unknown-command");
            return session_.synchronise();
        });
        session_.check("go with clocks: one legal bestmove, well-formed info", [&] {
            return searchOnce(Rules{}, "startpos", "go p1time 3000 p2time 3000 p1inc 30 p2inc 30",
                              Milliseconds(3000 + 1000), std::nullopt);
        });
        session_.check("go depth 2", [&] {
            return searchOnce(Rules{}, "startpos", "go depth 2", Milliseconds(60000), std::nullopt);
        });
        session_.check("go infinite: isready answered, then one bestmove after stop",
                       [&] { return infiniteThenStop(); });
        session_.check("one legal move: that move", [&] {
            return searchOnce(oneMoveRules(), std::string(kOneMove), "go movetime 300",
                              kReplyTimeout, std::optional<std::string>("m1-m3"));
        });
        session_.check("forced pass: bestmove pass", [&] {
            return searchOnce(oneMoveRules(), std::string(kForcedPass), "go movetime 300",
                              kReplyTimeout, std::optional<std::string>("pass"));
        });
        session_.check("finished game: bestmove none", [&] {
            return searchOnce(Rules{}, "startpos moves resign", "go movetime 300", kReplyTimeout,
                              std::optional<std::string>("none"));
        });
        session_.check("quit during a search exits quickly", [&] {
            session_.send("position startpos");
            return session_.quitDuringSearch();
        });
        return session_.finish();
    }

  private:
    static Rules oneMoveRules() {
        Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(kOneMoveRules));
        return rules ? *rules : Rules{};
    }

    Expected<void> handshake() {
        session_.send("cci");
        const Reading reading = session_.readUntil(
            [](const std::string& line) { return line == "cciok"; }, kReplyTimeout);
        if (!reading.found) return session_.missing(reading, "cciok");
        for (const std::string& line : reading.lines) {
            if (line.rfind("id name ", 0) == 0) session_.note(" (" + line.substr(3) + ")");
        }
        if (session_.noted().empty()) return Error{"no 'id name' line before cciok"};
        return {};
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
    Expected<void> judgeSearch(const Game& game, const Reading& reading,
                               const std::optional<std::string>& expected) {
        if (!reading.found) return session_.missing(reading, "bestmove");
        for (const std::string& line : reading.lines) {
            if (line.rfind("info", 0) == 0) {
                if (Expected<void> wellFormed = checkInfoLine(game, line); !wellFormed) {
                    return Error{fmt::format("'{}': {}", line.substr(0, 80), wellFormed.error())};
                }
            }
        }
        const std::vector<std::string_view> words = splitWords(reading.lines.back());
        const std::string move = words.size() >= 2 ? std::string(words[1]) : "";
        if (expected && (*expected == "none" || *expected == "pass")) {
            if (move != *expected)
                return Error{fmt::format("bestmove '{}', expected '{}'", move, *expected)};
        } else {
            Expected<Move> parsed = parseMove(game.position(), move);
            if (!parsed) return Error{fmt::format("bestmove '{}': {}", move, parsed.error())};
            if (expected) {
                Expected<Move> only = parseMove(game.position(), *expected);
                if (only && !(*only == *parsed)) {
                    return Error{
                        fmt::format("bestmove '{}', the only legal move is {}", move, *expected)};
                }
            }
        }
        // A second bestmove would come before the readyok of the next isready.
        if (auto extra = session_.synchronise(); !extra) return extra;
        session_.note(fmt::format(" ({})", reading.lines.back()));
        return {};
    }

    Expected<void> searchOnce(const Rules& rules, const std::string& position,
                              const std::string& go, Milliseconds timeout,
                              const std::optional<std::string>& expected) {
        Expected<Game> game = gameOf(rules, position);
        if (!game)
            return Error{"ccmatch's own position is refused by its referee: " + game.error()};
        session_.send("setrules " + formatRules(rules));
        session_.send("position " + position);
        session_.send(go);
        return judgeSearch(*game, session_.readUntil(isBestmove, timeout), expected);
    }

    Expected<void> infiniteThenStop() {
        Expected<Game> game = gameOf(Rules{}, "startpos");
        if (!game) return Error{game.error()};
        session_.send("setrules " + formatRules(Rules{}));
        session_.send("position startpos");
        session_.send("go infinite");
        std::this_thread::sleep_for(Milliseconds(300));
        session_.send("isready");
        const Reading ready = session_.readUntil(
            [](const std::string& line) { return line == "readyok"; }, kReplyTimeout);
        if (!ready.found) return session_.missing(ready, "readyok during go infinite");
        for (const std::string& line : ready.lines) {
            if (isBestmove(line)) return Error{"a bestmove before stop under go infinite"};
        }
        session_.send("stop");
        Reading reply = session_.readUntil(isBestmove, kReplyTimeout);
        reply.lines.insert(reply.lines.begin(), ready.lines.begin(), ready.lines.end() - 1);
        if (auto problem = judgeSearch(*game, reply, std::nullopt); !problem) return problem;
        // stop with nothing running must print nothing.
        session_.send("stop");
        return session_.synchronise();
    }

    ComplianceSession session_;
};

}  // namespace

int runCompliance(const std::string& command, EngineProtocol protocol, std::ostream& out) {
    out << "compliance: " << command << (protocol == EngineProtocol::Ccp ? " (CCP)" : "") << '\n';
    Expected<ChildProcess> process = ChildProcess::spawn(command, "");
    if (!process) {
        out << "FAIL start: " << process.error() << '\n';
        return 2;
    }
    if (protocol == EngineProtocol::Ccp) return runCcpCompliance(std::move(*process), out);
    ComplianceRun run(std::move(*process), out);
    return run.run();
}

}  // namespace cc::match
