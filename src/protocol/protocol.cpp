#include "protocol/protocol.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "core/rules_text.h"
#include "protocol/board_view.h"
#include "protocol/go_words.h"
#include "protocol/options.h"
#include "search/eval/wdl.h"
#include "util/text.h"

namespace cc {
namespace {

// These match the usage texts of the command table.
constexpr int kMaxPerftDepth = 30;
constexpr int kBenchDepth = 5;
constexpr int kMaxBenchDepth = 20;

// ` wdl <win> <draw> <loss>` for two players, ` first <p1> .. <pN>` for more, in per
// mille (protocol-spec/protocol.md, ShowWDL).
std::string formatChances(const WinChances& chances, const SearchReport& report) {
    const std::vector<int> first = chances.firstPlace(report.score);
    if (first.size() == 2) {
        const auto mover = size_t(chances.mover());
        return fmt::format(" wdl {} 0 {}", first[mover], first[1 - mover]);
    }
    return first.empty() ? std::string() : fmt::format(" first {}", fmt::join(first, " "));
}

std::string formatInfo(const SearchReport& report, const std::vector<std::string>& pv,
                       const WinChances* chances) {
    const int64_t millis = report.time.count();
    const uint64_t nps = millis > 0 ? report.nodes * 1000 / uint64_t(millis) : 0;
    std::string line = fmt::format("info depth {} seldepth {} multipv {} score {}", report.depth,
                                   report.seldepth, report.multiPv, scoreWords(report.score));
    if (report.bound == Bound::Lower) line += " lowerbound";
    if (report.bound == Bound::Upper) line += " upperbound";
    if (chances != nullptr) line += formatChances(*chances, report);
    line += fmt::format(" nodes {} nps {} time {} hashfull {}", report.nodes, nps, millis,
                        report.hashfull);
    if (!pv.empty()) line += " pv " + join(pv, " ");
    return line;
}

// The `rule ...` line `cci` prints for a rule key, in the form of an `option` line.
std::string describeRuleKey(const RuleKeyDescriptor& key) {
    switch (key.kind) {
        case RuleKeyKind::Combo: {
            std::string line =
                fmt::format("rule name {} type combo default {}", key.name, key.defaultValue);
            for (std::string_view choice : key.choices) line += fmt::format(" var {}", choice);
            return line;
        }
        case RuleKeyKind::Spin:
            return fmt::format("rule name {} type spin default {} min {} max {}", key.name,
                               key.defaultValue, key.min, key.max);
        case RuleKeyKind::String:
            break;
    }
    return fmt::format("rule name {} type string default {}", key.name, key.defaultValue);
}

}  // namespace

const std::vector<Protocol::Command>& Protocol::commands() {
    static const std::vector<Command> table = {
        {"cci", &Protocol::cci, "cci", true},
        {"isready", &Protocol::isReady, "isready", true},
        {"newgame", &Protocol::newGame, "newgame", false},
        {"setoption", &Protocol::setOption, "setoption name <name> [value <value>]", false},
        {"setrules", &Protocol::setRules, "setrules key=value [key=value ...]", false},
        {"rules", &Protocol::showRules, "rules", true},
        {"position", &Protocol::position,
         "position startpos|<8-field position text> [moves <move> ...]", false},
        {"getposition", &Protocol::getPosition, "getposition", true},
        {"legal", &Protocol::legal, "legal [hole]", true},
        {"go", &Protocol::go,
         "go [p1time <ms>] .. [p6inc <ms>] [movestogo <n>] [movetime <ms>] [depth <n>] [nodes <n>] "
         "[infinite] [ponder] [searchmoves <move> ...]",
         false},
        {"ponderhit", &Protocol::ponderHit, "ponderhit", true},
        {"perft", &Protocol::perft, "perft <depth 0..30> [divide]", false},
        {"bench", &Protocol::bench, "bench [depth 1..20]", false},
        {"d", &Protocol::display, "d", true},
        {"eval", &Protocol::evaluation, "eval", true},
        {"result", &Protocol::result, "result", true},
        {"help", &Protocol::help, "help", true},
        {"stop", &Protocol::stop, "stop", true},
        {"quit", &Protocol::quit, "quit", true},
    };
    return table;
}

Protocol::~Protocol() {
    stopRunning();
}

void Protocol::cci(const Words& args) {
    if (!noArguments("cci", args)) return;
    out_.line(fmt::format("id name {} {}", kEngineName, kEngineVersion));
    out_.line(fmt::format("id author {}", kEngineAuthor));
    out_.line(fmt::format("id protocol {}", kProtocolVersion));
    for (const OptionSpec& option : optionSpecs()) out_.line(describeOption(option));
    for (const RuleKeyDescriptor& key : ruleKeyDescriptors()) out_.line(describeRuleKey(key));
    out_.line("cciok");
}

void Protocol::newGame(const Words& args) {
    if (!noArguments("newgame", args)) return;
    engine_.newGame();
    positionRefused_ = false;
}

void Protocol::setOption(const Words& args) {
    std::optional<OptionWords> words = parseOptionWords(args);
    if (!words) {
        usageError("setoption");
        return;
    }
    if (words->value) {
        if (std::optional<ClampedValue> clamped =
                clampOptionValue(serveLimits_, words->name, *words->value)) {
            words->value = clamped->value;
            out_.line("info string " + clamped->note);
        }
    }
    if (const Expected<void> done = cc::setOption(engine_, words->name, words->value); !done)
        error(done.error());
}

void Protocol::setRules(const Words& args) {
    if (args.empty()) {
        usageError("setrules");
        return;
    }
    if (const Expected<void> done = engine_.setRules(args); !done) {
        error("setrules: " + done.error());
        return;
    }
    positionRefused_ = false;
}

void Protocol::showRules(const Words& args) {
    if (noArguments("rules", args)) out_.line("rules " + engine_.rulesText());
}

void Protocol::position(const Words& args) {
    positionRefused_ = !acceptPosition(args);
}

bool Protocol::acceptPosition(const Words& args) {
    const auto movesAt = std::find(args.begin(), args.end(), "moves");
    const Words before(args.begin(), movesAt);
    const Words moves(movesAt == args.end() ? args.end() : movesAt + 1, args.end());
    std::optional<std::string_view> text;
    if (before.size() == 1 && before[0] == "startpos") {
        text = std::nullopt;
    } else if (before.size() == 8) {
        // The eight fields are contiguous in the line: rebuild their span.
        text = std::string_view(before.front().data(), before.back().data() + before.back().size() -
                                                           before.front().data());
    } else {
        usageError("position");
        return false;
    }
    if (const Expected<void> done = engine_.setPosition(text, moves); !done) {
        error("position: " + done.error());
        return false;
    }
    return true;
}

void Protocol::getPosition(const Words& args) {
    if (noArguments("getposition", args)) {
        out_.line("position " + engine_.positionText());
    }
}

void Protocol::legal(const Words& args) {
    if (args.size() > 1) {
        usageError("legal");
        return;
    }
    std::optional<Hole> only;
    if (args.size() == 1) {
        only = Geometry::get().parseHole(args[0]);
        if (!only) {
            error(fmt::format("legal: '{}' is not a hole (a name like i9, or an index 0..120)",
                              excerpt(args[0])));
            return;
        }
    }
    std::string line = "legal";
    for (const std::string& move : engine_.legalMoveTexts(only, engine_.options().notation))
        line += " " + move;
    out_.line(line);
}

void Protocol::go(const Words& args) {
    if (positionRefused_) {
        // A manager waits for a bestmove: it gets one at once, whatever the words, and
        // the error says why it names no move.
        error("go: no position to search: the last 'position' was refused");
        out_.line("bestmove none");
        return;
    }
    Expected<SearchLimits> limits = parseGoWords(engine_, args);
    if (!limits) {
        error("go: " + limits.error());
        return;
    }
    if (auto note = clampSearch(serveLimits_, *limits, engine_.position().mover()))
        out_.line("info string " + *note);
    GoListener listener;
    std::shared_ptr<const WinChances> chances;
    if (engine_.options().showWdl && engine_.position().layout().players() > 1)
        chances = std::make_shared<const WinChances>(
            engine_.position(), Evaluator(engine_.position().layout(), engine_.position()));
    listener.onInfo = [this, chances](const SearchReport& report,
                                      const std::vector<std::string>& pv) {
        out_.line(formatInfo(report, pv, chances.get()));
    };
    listener.onMessage = [this](std::string_view text) { out_.infoString(text); };
    listener.onFailure = [this](std::string_view what) {
        error(fmt::format("search failed: {}", what));
    };
    listener.onBestMove = [this](std::string_view move, std::string_view ponder) {
        out_.line(ponder.empty() ? fmt::format("bestmove {}", move)
                                 : fmt::format("bestmove {} ponder {}", move, ponder));
    };
    engine_.go(*limits, std::move(listener));
}

void Protocol::ponderHit(const Words& args) {
    if (!noArguments("ponderhit", args)) return;
    if (const Expected<void> done = engine_.ponderHit(); !done) error("ponderhit: " + done.error());
}

void Protocol::perft(const Words& args) {
    const bool divide = args.size() == 2 && args[1] == "divide";
    const std::optional<int> depth = args.empty() ? std::nullopt : parseInt(args[0]);
    if (args.empty() || args.size() > 2 || (args.size() == 2 && !divide) || !depth || *depth < 0 ||
        *depth > kMaxPerftDepth) {
        usageError("perft");
        return;
    }
    PerftListener listener;
    if (divide) {
        listener.onDivide = [this](std::string_view move, uint64_t nodes) {
            out_.line(fmt::format("{} {}", move, nodes));
        };
    }
    listener.onDone = [this, depth = *depth](PerftCount nodes, double seconds) {
        if (!nodes) {
            out_.line("info string perft stopped");
            return;
        }
        out_.line(fmt::format("info string perft depth {} time {} ms nps {}", depth,
                              int64_t(seconds * 1000),
                              seconds > 0 ? uint64_t(double(*nodes) / seconds) : 0));
        out_.line(fmt::format("nodes {}", *nodes));
    };
    listener.onFailure = [this](std::string_view failure) {
        error(fmt::format("perft failed: {}", failure));
        out_.line("info string perft stopped");
    };
    engine_.startPerft(*depth, std::move(listener));
}

void Protocol::bench(const Words& args) {
    const std::optional<int> depth =
        args.empty() ? std::optional<int>(kBenchDepth) : parseInt(args[0]);
    if (args.size() > 1 || !depth || *depth < 1 || *depth > kMaxBenchDepth) {
        usageError("bench");
        return;
    }
    BenchListener listener;
    listener.onMessage = [this](std::string_view text) {
        out_.line(fmt::format("info string {}", text));
    };
    listener.onFailure = [this](std::string_view what) {
        error(fmt::format("bench failed: {}", what));
    };
    listener.onDone = [this](uint64_t nodes, double seconds, bool complete) {
        if (!complete) {
            out_.line("info string bench stopped");
            return;
        }
        out_.line(fmt::format("bench nodes {} time {} nps {}", nodes, int64_t(seconds * 1000),
                              seconds > 0 ? uint64_t(double(nodes) / seconds) : 0));
    };
    engine_.startBench(*depth, std::move(listener));
}

void Protocol::display(const Words& args) {
    if (!noArguments("d", args)) return;
    for (const std::string& line : drawBoard(engine_.position())) out_.line(line);
}

void Protocol::result(const Words& args) {
    if (!noArguments("result", args)) return;
    const GameResult result = engine_.result();
    if (result.over) {
        out_.line(fmt::format("result over {} places {} scores {}", result.reason,
                              fmt::join(result.places, ","), fmt::join(result.scores, ",")));
    } else {
        out_.line(fmt::format("result ongoing places {}", fmt::join(result.places, ",")));
    }
}

}  // namespace cc
