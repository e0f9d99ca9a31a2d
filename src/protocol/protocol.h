#pragma once
// The text protocol: one handler per command behind a flat table. Handlers parse their
// words, ask the engine facade, and print through Output; they never throw. The reader
// never waits for a search or a count: the engine runs them on its worker, and while it
// does, only the commands marked in the table as such are taken (the others are
// refused with an error line).

#include <istream>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/serve_limits.h"

namespace cc {

constexpr std::string_view kEngineName = "ccengine";
constexpr std::string_view kEngineVersion = CCENGINE_VERSION;  // from CMake
constexpr std::string_view kEngineAuthor = "the ccengine developers";
constexpr int kProtocolVersion = 2;

class Protocol {
  public:
    // `limits`: what a server lets this connection ask (serve_limits.h); none by default.
    Protocol(Engine& engine, Output& output, const ServeLimits& limits = {})
        : engine_(engine), out_(output), serveLimits_(limits) {}
    ~Protocol();
    Protocol(const Protocol&) = delete;
    Protocol& operator=(const Protocol&) = delete;

    // Handles one input line. Returns false once `quit` has been read.
    bool handle(std::string_view line);
    // Reads lines until `quit` or end of input; the end of input stops a running
    // search or count (its answer is still printed), like `stop` then `quit`.
    void run(std::istream& input);
    // Waits for the running search or count to give its answer.
    void finishRunning() { engine_.wait(); }

    [[nodiscard]] int errorsPrinted() const { return errors_; }

    using Words = std::vector<std::string_view>;
    struct Command {
        std::string_view name;
        void (Protocol::*handler)(const Words& args);
        std::string_view usage;
        bool duringSearch;  // taken while a search or count runs
    };

  private:
    void cci(const Words& args);
    void isReady(const Words& args);
    void newGame(const Words& args);
    void setOption(const Words& args);
    void setRules(const Words& args);
    void showRules(const Words& args);
    void position(const Words& args);
    bool acceptPosition(const Words& args);
    void getPosition(const Words& args);
    void legal(const Words& args);
    void go(const Words& args);
    void ponderHit(const Words& args);
    void perft(const Words& args);
    void bench(const Words& args);
    void display(const Words& args);
    void evaluation(const Words& args);  // `eval` (protocol/eval_command.cpp)
    void result(const Words& args);
    void help(const Words& args);
    void stop(const Words& args);
    void quit(const Words& args);

    void error(std::string_view text);
    // `error usage: <the command's usage>`.
    void usageError(std::string_view command);
    bool noArguments(std::string_view command, const Words& args);
    void stopRunning();

    static const std::vector<Command>& commands();

    Engine& engine_;
    Output& out_;
    ServeLimits serveLimits_;
    bool quit_ = false;
    // The last `position` was refused (protocol-spec/protocol.md, position): until a
    // position is accepted (or newgame, setrules), `go` answers `bestmove none`.
    bool positionRefused_ = false;
    std::atomic<int> errors_ = 0;
};

}  // namespace cc
