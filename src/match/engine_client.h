#pragma once
// One engine seen through its protocol (protocol-spec/protocol.md): the handshake,
// a new game under the rules, and `go` answered by `bestmove`. Every wait has a
// deadline; a failure says what went wrong so the referee can adjudicate it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "match/child_process.h"
#include "match/match_config.h"

namespace cc::match {

// Why an engine could not go on.
enum class EngineFault { None, Unresponsive, Crashed };

struct EngineFailure {
    EngineFault fault = EngineFault::None;
    std::string detail;
};

struct SearchReply {
    std::optional<EngineFailure> failure;  // set: no bestmove
    bool timedOut = false;                 // the allowance ran out before bestmove
    std::string move;                      // bestmove's word
    int64_t elapsedMs = 0;
    std::string lastInfo;  // the last `info` line with a score
    int garbageLines = 0;  // lines that are neither info nor bestmove
};

class EngineClient {
  public:
    explicit EngineClient(const EngineSpec& spec) : spec_(spec) {}

    // Starts the process, sends `cci` and the options, and waits for `cciok` and then
    // `readyok`, each within the ready time-out.
    std::optional<EngineFailure> start();
    // start() in two halves: launch() spawns the process and sends `cci`; handshake()
    // waits for cciok, sends the options and waits for readyok. A game launches every
    // engine before the first handshake, so all of them initialise at the same time and
    // none gets a head start from its place in the lineup.
    std::optional<EngineFailure> launch();
    std::optional<EngineFailure> handshake();
    // `setrules <words>` and `isready`; `readyok` within the ready time-out.
    std::optional<EngineFailure> newGame(const std::string& ruleWords);
    // Sends `position ...` and `go ...` and waits for bestmove until `allowanceMs`
    // (or the move time-out when there is none) has passed.
    SearchReply search(const std::string& positionCommand, const std::string& goCommand,
                       std::optional<int64_t> allowanceMs);
    // `quit`, then a short wait before the process is killed.
    void quit();
    // Kills at once (after a forfeit the engine may still be thinking).
    void kill();

    [[nodiscard]] const EngineSpec& spec() const { return spec_; }

  private:
    std::optional<EngineFailure> waitFor(const std::string& expected, Milliseconds timeout);
    EngineFailure closedFailure(const std::string& when);

    EngineSpec spec_;
    std::optional<ChildProcess> process_;
};

}  // namespace cc::match
