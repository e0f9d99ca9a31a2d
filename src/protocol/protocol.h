#pragma once
// The text protocol: one handler per command behind a flat table. Handlers parse their
// words, ask the engine facade, and print through Output; they never throw.

#include <atomic>
#include <istream>
#include <string_view>
#include <thread>
#include <vector>

#include "core/move_text.h"
#include "engine/engine.h"
#include "protocol/output.h"

namespace cc {

constexpr std::string_view kEngineName = "ccengine";
constexpr std::string_view kEngineVersion = CCENGINE_VERSION;  // from CMake
constexpr std::string_view kEngineAuthor = "the ccengine developers";

// Long commands (perft) run on a worker thread so that `stop` can end them; every other
// command (quit and the end of input too) first waits for the running one to finish,
// so replies keep the order of the commands.
class Protocol {
public:
    Protocol(Engine& engine, Output& output) : engine_(engine), out_(output) {}
    ~Protocol();
    Protocol(const Protocol&) = delete;
    Protocol& operator=(const Protocol&) = delete;

    // Handles one input line. Returns false once `quit` has been read.
    bool handle(std::string_view line);
    // Reads lines until `quit` or end of input; at the end of input a running command
    // is allowed to finish.
    void run(std::istream& input);
    // Waits for a running command to finish.
    void finishRunning();

    [[nodiscard]] int errorsPrinted() const { return errors_; }

    using Words = std::vector<std::string_view>;
    struct Command {
        std::string_view name;
        void (Protocol::*handler)(const Words& args);
        std::string_view usage;
    };

private:
    void cci(const Words& args);
    void isReady(const Words& args);
    void newGame(const Words& args);
    void setOption(const Words& args);
    void setRules(const Words& args);
    void showRules(const Words& args);
    void position(const Words& args);
    void getPosition(const Words& args);
    void legal(const Words& args);
    void perft(const Words& args);
    void display(const Words& args);
    void result(const Words& args);
    void help(const Words& args);
    void stop(const Words& args);
    void quit(const Words& args);

    void error(std::string_view text);
    // `error usage: <the command's usage>`.
    void usageError(std::string_view command);
    void stopRunning();
    bool noArguments(std::string_view command, const Words& args);

    static const std::vector<Command>& commands();

    Engine& engine_;
    Output& out_;
    HoleNotation notation_ = HoleNotation::Name;
    bool quit_ = false;
    std::atomic<int> errors_ = 0;
    std::thread running_;
    std::atomic<bool> stopRequested_ = false;
};

}  // namespace cc
