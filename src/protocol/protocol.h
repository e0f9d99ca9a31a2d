#pragma once
// The text protocol: one handler per command behind a flat table. Handlers parse their
// words, ask the engine facade, and print through Output; they never throw. The reader
// never waits for a search or a count: the engine runs them on its worker, and while it
// does, only the commands marked in the table as such are taken (the others are
// refused with an error line).

#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/command_loop.h"
#include "protocol/output.h"
#include "protocol/serve_limits.h"

namespace cc {

constexpr std::string_view kEngineName = "ccengine";
constexpr std::string_view kEngineVersion = CCENGINE_VERSION;  // from CMake
constexpr std::string_view kEngineAuthor = "the ccengine developers";
constexpr int kProtocolVersion = 2;

class Protocol : public CommandLoop<Protocol> {
  public:
    // `limits`: what a server lets this connection ask (serve_limits.h); none by default.
    Protocol(Engine& engine, Output& output, const ServeLimits& limits = {})
        : CommandLoop(engine, output, "a search or perft"), serveLimits_(limits) {}
    ~Protocol();
    Protocol(const Protocol&) = delete;
    Protocol& operator=(const Protocol&) = delete;

    // Waits for the running search or count to give its answer.
    void finishRunning() { engine_.wait(); }

  private:
    friend class CommandLoop<Protocol>;

    void cci(const Words& args);
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

    static const std::vector<Command>& commands();

    ServeLimits serveLimits_;
};

}  // namespace cc
