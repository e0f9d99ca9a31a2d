#pragma once
// What both dialects share (ccengine's protocol, protocol.h; CCP, ccp.h): a flat table of
// commands with one handler each, the reading of lines, the refusal of a command that
// would change the engine's state while its worker runs, and the commands and error
// lines that read the same in both (help, isready, stop, quit). `Dialect` derives from
// CommandLoop<Dialect>, gives its table as `static const std::vector<Command>&
// commands()` and may give `void beforeStateChange()`, called once the worker is done,
// before a command not taken during a search.

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/line_reader.h"
#include "protocol/output.h"
#include "util/text.h"

namespace cc {

template <typename Dialect>
class CommandLoop {
  public:
    using Words = std::vector<std::string_view>;
    struct Command {
        std::string_view name;
        void (Dialect::*handler)(const Words& args);
        std::string_view usage;
        bool duringSearch;  // taken while the engine's worker runs
    };

    CommandLoop(const CommandLoop&) = delete;
    CommandLoop& operator=(const CommandLoop&) = delete;

    // Handles one input line. Returns false once `quit` has been read.
    bool handle(std::string_view line);
    // Reads lines until `quit` or end of input; the end of input stops a running
    // search or count (its answer is still printed), like `stop` then `quit`.
    void run(std::istream& input);

    [[nodiscard]] int errorsPrinted() const { return errors_; }

  protected:
    // `work`: what a refusal says runs ("a search", "a search or perft").
    CommandLoop(Engine& engine, Output& output, std::string_view work)
        : engine_(engine), out_(output), work_(work) {}
    // The dialect stops the worker in its own destructor: the worker's callbacks may
    // use the dialect's members, gone by the time this one runs.
    ~CommandLoop() = default;

    void error(std::string_view text) {
        ++errors_;
        out_.error(text);
    }
    // `error usage: <the command's usage>`.
    void usageError(std::string_view command);
    bool noArguments(std::string_view command, const Words& args);
    void stopRunning() {
        engine_.stop();
        engine_.wait();
    }
    // The dialect's default: nothing to do before a command changes the state.
    void beforeStateChange() {}

    void help(const Words& args);
    // Takes the hash table's memory between searches, so that the first `go`'s clock does
    // not pay for it (protocol-spec/protocol.md and ccp.md, isready).
    void isReady(const Words& args) {
        if (!noArguments("isready", args)) return;
        engine_.prepareForSearch();
        if (const std::optional<std::string> note = engine_.loadRaceTable())
            out_.line("info string " + *note);
        out_.line("readyok");
    }
    // The answer (bestmove, a count) is out when stop returns, so replies keep the
    // order of the commands.
    void stop(const Words& args) {
        if (noArguments("stop", args)) stopRunning();
    }
    void quit(const Words& args);

    Engine& engine_;
    Output& out_;
    // The last `position` was refused (a busy one included): until a position is
    // accepted, `go` must not search the old one (protocol-spec/protocol.md, position;
    // protocol-spec/ccp.md, position).
    bool positionRefused_ = false;

  private:
    Dialect& dialect() { return static_cast<Dialect&>(*this); }

    std::string_view work_;
    bool quit_ = false;
    std::atomic<int> errors_ = 0;
};

template <typename Dialect>
bool CommandLoop<Dialect>::handle(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const Words words = splitWords(line);
    if (words.empty()) return !quit_;
    const auto& table = Dialect::commands();
    const auto command = std::find_if(table.begin(), table.end(),
                                      [&](const Command& c) { return c.name == words[0]; });
    if (command == table.end()) {
        error(fmt::format("unknown command '{}' (try 'help')", excerpt(words[0])));
        return !quit_;
    }
    if (!command->duringSearch) {
        if (engine_.busy()) {
            if (command->name == "position") positionRefused_ = true;
            error(fmt::format("busy: '{}' is refused while {} runs (send stop first)",
                              command->name, work_));
            return !quit_;
        }
        // The worker has given its answer; let it end before the state changes.
        engine_.wait();
        dialect().beforeStateChange();
    }
    (dialect().*(command->handler))(Words(words.begin() + 1, words.end()));
    return !quit_;
}

template <typename Dialect>
void CommandLoop<Dialect>::run(std::istream& input) {
    std::string line;
    while (true) {
        const LineRead read = readProtocolLine(*input.rdbuf(), line);
        if (read == LineRead::End) break;
        if (read == LineRead::TooLong) {
            error(fmt::format("input line longer than {} bytes: ignored", kMaxProtocolLineBytes));
        } else if (!handle(line)) {
            return;
        }
    }
    stopRunning();
}

template <typename Dialect>
void CommandLoop<Dialect>::usageError(std::string_view name) {
    for (const Command& command : Dialect::commands()) {
        if (command.name == name) error(fmt::format("usage: {}", command.usage));
    }
}

template <typename Dialect>
bool CommandLoop<Dialect>::noArguments(std::string_view command, const Words& args) {
    if (args.empty()) return true;
    error(fmt::format("{} takes no arguments", command));
    return false;
}

template <typename Dialect>
void CommandLoop<Dialect>::help(const Words& args) {
    if (!noArguments("help", args)) return;
    for (const Command& command : Dialect::commands())
        out_.line(fmt::format("info string {}", command.usage));
}

template <typename Dialect>
void CommandLoop<Dialect>::quit(const Words& args) {
    if (!noArguments("quit", args)) return;
    stopRunning();
    quit_ = true;
}

}  // namespace cc
