#include "protocol/protocol.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <string>

#include "protocol/board_view.h"
#include "util/text.h"

namespace cc {
namespace {

// Matches the usage text of the command table.
constexpr int kMaxPerftDepth = 30;
constexpr size_t kMaxLineBytes = size_t{64} << 20;

}  // namespace

const std::vector<Protocol::Command>& Protocol::commands() {
    static const std::vector<Command> table = {
        {"cci", &Protocol::cci, "cci"},
        {"isready", &Protocol::isReady, "isready"},
        {"newgame", &Protocol::newGame, "newgame"},
        {"setoption", &Protocol::setOption, "setoption name <name> value <value>"},
        {"setrules", &Protocol::setRules, "setrules key=value [key=value ...]"},
        {"rules", &Protocol::showRules, "rules"},
        {"position", &Protocol::position,
         "position startpos|<8-field position text> [moves <move> ...]"},
        {"getposition", &Protocol::getPosition, "getposition"},
        {"legal", &Protocol::legal, "legal [hole]"},
        {"perft", &Protocol::perft, "perft <depth 0..30> [divide]"},
        {"d", &Protocol::display, "d"},
        {"result", &Protocol::result, "result"},
        {"help", &Protocol::help, "help"},
        {"stop", &Protocol::stop, "stop"},
        {"quit", &Protocol::quit, "quit"},
    };
    return table;
}

bool Protocol::handle(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const Words words = splitWords(line);
    if (words.empty()) return !quit_;
    const auto& table = commands();
    const auto command = std::find_if(table.begin(), table.end(),
                                      [&](const Command& c) { return c.name == words[0]; });
    if (command == table.end() || command->name != "stop") finishRunning();
    if (command == table.end()) {
        error(fmt::format("unknown command '{}' (try 'help')", sanitize(words[0], 40)));
        return !quit_;
    }
    (this->*(command->handler))(Words(words.begin() + 1, words.end()));
    return !quit_;
}

void Protocol::run(std::istream& input) {
    std::streambuf& source = *input.rdbuf();
    std::string line;
    bool endOfInput = false;
    while (!endOfInput) {
        // A line without end must not take all memory: past the limit the rest of it
        // is read and dropped, and the line is refused as a whole.
        line.clear();
        bool tooLong = false;
        while (true) {
            const int next = source.sbumpc();
            if (next == std::char_traits<char>::eof()) {
                endOfInput = true;
                break;
            }
            if (next == '\n') break;
            if (line.size() < kMaxLineBytes) {
                line.push_back(static_cast<char>(next));
            } else {
                tooLong = true;
            }
        }
        if (endOfInput && line.empty() && !tooLong) break;
        if (tooLong) {
            finishRunning();
            error(fmt::format("input line longer than {} bytes: ignored", kMaxLineBytes));
        } else if (!handle(line)) {
            return;
        }
    }
    finishRunning();
}

Protocol::~Protocol() { stopRunning(); }

void Protocol::finishRunning() {
    if (running_.joinable()) running_.join();
}

void Protocol::stopRunning() {
    stopRequested_ = true;
    finishRunning();
    stopRequested_ = false;
}

void Protocol::error(std::string_view text) {
    ++errors_;
    out_.error(text);
}

void Protocol::usageError(std::string_view name) {
    for (const Command& command : commands()) {
        if (command.name == name) error(fmt::format("usage: {}", command.usage));
    }
}

bool Protocol::noArguments(std::string_view command, const Words& args) {
    if (args.empty()) return true;
    error(fmt::format("{} takes no arguments", command));
    return false;
}

void Protocol::cci(const Words& args) {
    if (!noArguments("cci", args)) return;
    out_.line(fmt::format("id name {} {}", kEngineName, kEngineVersion));
    out_.line(fmt::format("id author {}", kEngineAuthor));
    out_.line("option name Notation type combo default name var name var index");
    out_.line("cciok");
}

void Protocol::isReady(const Words& args) {
    if (noArguments("isready", args)) out_.line("readyok");
}

void Protocol::newGame(const Words& args) {
    if (noArguments("newgame", args)) engine_.newGame();
}

void Protocol::setOption(const Words& args) {
    // setoption name <name> value <value>; names are case-insensitive as in UCI.
    if (args.size() != 4 || args[0] != "name" || args[2] != "value") {
        usageError("setoption");
        return;
    }
    std::string name(args[1]);
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (name != "notation") {
        error(fmt::format("unknown option '{}'", sanitize(args[1], 40)));
        return;
    }
    if (args[3] == "name") {
        notation_ = HoleNotation::Name;
    } else if (args[3] == "index") {
        notation_ = HoleNotation::Index;
    } else {
        error(fmt::format("bad value '{}' for Notation: expected name|index", sanitize(args[3], 40)));
    }
}

void Protocol::setRules(const Words& args) {
    if (args.empty()) {
        usageError("setrules");
        return;
    }
    if (auto failure = engine_.setRules(args)) error("setrules: " + *failure);
}

void Protocol::showRules(const Words& args) {
    if (noArguments("rules", args)) out_.line("rules " + engine_.rulesText());
}

void Protocol::position(const Words& args) {
    const auto movesAt = std::find(args.begin(), args.end(), "moves");
    const Words before(args.begin(), movesAt);
    const Words moves(movesAt == args.end() ? args.end() : movesAt + 1, args.end());
    std::optional<std::string_view> text;
    if (before.size() == 1 && before[0] == "startpos") {
        text = std::nullopt;
    } else if (before.size() == 8) {
        // The eight fields are contiguous in the line: rebuild their span.
        text = std::string_view(before.front().data(),
                                before.back().data() + before.back().size() - before.front().data());
    } else {
        usageError("position");
        return;
    }
    if (auto failure = engine_.setPosition(text, moves)) error("position: " + *failure);
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
            error(fmt::format("legal: '{}' is not a hole (a name like i9, or an index 0..120)", sanitize(args[0], 40)));
            return;
        }
    }
    std::string line = "legal";
    for (const std::string& move : engine_.legalMoveTexts(only, notation_)) line += " " + move;
    out_.line(line);
}

void Protocol::perft(const Words& args) {
    const bool divide = args.size() == 2 && args[1] == "divide";
    const std::optional<int> depth = args.empty() ? std::nullopt : parseInt(args[0]);
    if (args.empty() || args.size() > 2 || (args.size() == 2 && !divide) || !depth || *depth < 0 ||
        *depth > kMaxPerftDepth) {
        usageError("perft");
        return;
    }
    // The engine's state cannot change while this runs: every command but stop waits
    // for it.
    running_ = std::thread([this, depth = *depth, divide, notation = notation_] {
        // A failure here must not take the process down with std::terminate.
        try {
            const auto started = std::chrono::steady_clock::now();
            std::function<void(std::string_view, uint64_t)> perMove;
            if (divide) {
                perMove = [this](std::string_view move, uint64_t nodes) {
                    out_.line(fmt::format("{} {}", move, nodes));
                };
            }
            const PerftCount nodes = engine_.perft(depth, perMove, notation, &stopRequested_);
            if (!nodes) {
                out_.line("info string perft stopped");
                return;
            }
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            out_.line(fmt::format("info string perft depth {} time {} ms nps {}", depth,
                                  int64_t(seconds * 1000),
                                  seconds > 0 ? uint64_t(double(*nodes) / seconds) : 0));
            out_.line(fmt::format("nodes {}", *nodes));
        } catch (const std::exception& failure) {
            out_.line(fmt::format("info string perft failed: {}", sanitize(failure.what())));
        }
    });
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

void Protocol::help(const Words& args) {
    if (!noArguments("help", args)) return;
    for (const Command& command : commands()) out_.line(fmt::format("info string {}", command.usage));
}

void Protocol::stop(const Words& args) {
    if (noArguments("stop", args)) stopRunning();
}

void Protocol::quit(const Words& args) {
    if (noArguments("quit", args)) quit_ = true;
}

}  // namespace cc
