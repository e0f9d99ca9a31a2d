#pragma once
// One engine seen through its protocol (protocol-spec/protocol.md): the handshake,
// a new game under the rules, and `go` answered by `bestmove`. Every wait has a
// deadline; a failure says what went wrong so the referee can adjudicate it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "match/engines/child_process.h"
#include "match/engines/process_facts.h"
#include "match/settings/match_config.h"

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
    std::string ponderMove;                // the reply after `ponder`, if any
    int64_t elapsedMs = 0;
    std::string lastInfo;  // the last `info` line with a score
    int garbageLines = 0;  // lines that are neither info nor bestmove
    // The first `error` line before bestmove: why a `bestmove none` names no move (a
    // refused position, protocol-spec/protocol.md "A refused position").
    std::string errorLine;
};

// Lines an engine should not have written: while ccmatch waits for bestmove, lines that
// are neither `info` nor `bestmove`; while it waits for cciok or readyok, `error` lines.
struct StrayLines {
    int count = 0;
    std::string first;  // the first of them, cut to 200 characters
};

class EngineClient {
  public:
    explicit EngineClient(const EngineSpec& spec) : spec_(spec) {}

    // Starts the process, sends `cci` and the options (with the setting ponder, `Ponder`
    // true when cci announced it), and waits for `cciok` and then
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
    // Pondering (protocol-spec/protocol.md, "Pondering"). ponders(): the setting ponder
    // is on and the engine took the Ponder option; ponderRefused(): it is on but cci
    // announced no Ponder option, so the engine plays without pondering.
    [[nodiscard]] bool ponders() const { return ponders_; }
    [[nodiscard]] bool ponderRefused() const { return spec_.ponder && !ponders_; }
    [[nodiscard]] bool pondering() const { return pondering_; }
    // Sends `position ...` and `go ponder ...` (goCommand is the `go ...` line the
    // engine would get for that position); no bestmove is awaited.
    std::optional<EngineFailure> startPonder(const std::string& positionCommand,
                                             const std::string& goCommand);
    // `ponderhit`: the ponder search goes on under its limits; its bestmove is awaited
    // as search() awaits one, timed from the ponderhit.
    SearchReply ponderHit(std::optional<int64_t> allowanceMs);
    // `stop`, and the ponder search's bestmove read and dropped within the ready time-out.
    std::optional<EngineFailure> stopPonder();
    // `quit`, then a short wait before the process is killed.
    void quit();
    // Kills at once (after a forfeit the engine may still be thinking).
    void kill();

    // The process as it stands, for a game's record: its id, the games it has started
    // (newGame calls), and its resident memory in KiB (/proc; 0 when unknown).
    [[nodiscard]] bool running() const { return process_ && process_->running(); }
    [[nodiscard]] EngineProcessFacts processFacts() const;
    // The stray lines since the last call (a kept process plays several games).
    StrayLines takeStrayLines();

    [[nodiscard]] const EngineSpec& spec() const { return spec_; }
    [[nodiscard]] bool speaksCcp() const { return spec_.protocol == EngineProtocol::Ccp; }

  private:
    // Reads until `expected`; every line before it goes to `seen` when given.
    std::optional<EngineFailure> waitFor(const std::string& expected, Milliseconds timeout,
                                         std::vector<std::string>* seen = nullptr);
    SearchReply awaitBestmove(SteadyClock::time_point started, std::optional<int64_t> allowanceMs);
    EngineFailure closedFailure(const std::string& when);
    void noteStray(const std::string& line);

    EngineSpec spec_;
    std::optional<ChildProcess> process_;
    bool ponders_ = false;
    bool pondering_ = false;  // `go ponder` sent, its bestmove not yet read
    int gamesStarted_ = 0;
    StrayLines stray_;
};

}  // namespace cc::match
