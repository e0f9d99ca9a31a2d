#pragma once
// The CCP dialect (protocol-spec/ccp.md), the protocol of the CCERL rating list's
// referee: its own flat command table over the same Engine facade as ccengine's protocol,
// one engine with several front ends. It plays the `ccerl` rule preset, names holes by
// CCP cell ids (core/ccp_cells.h) and answers `bestmove` with the whole hop path. Like
// the main protocol it never waits for a search: `stop`, `isready` and `quit` are taken
// while one runs.

#include <atomic>
#include <istream>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/output.h"

namespace cc {

class CcpProtocol {
  public:
    // Sets the engine's rules to the `ccerl` preset.
    CcpProtocol(Engine& engine, Output& output);
    ~CcpProtocol();
    CcpProtocol(const CcpProtocol&) = delete;
    CcpProtocol& operator=(const CcpProtocol&) = delete;

    // Handles one input line. Returns false once `quit` has been read.
    bool handle(std::string_view line);
    // Reads lines until `quit` or end of input (which stops a running search).
    void run(std::istream& input);
    [[nodiscard]] int errorsPrinted() const { return errors_; }

    using Words = std::vector<std::string_view>;
    struct Command {
        std::string_view name;
        void (CcpProtocol::*handler)(const Words& args);
        std::string_view usage;
        bool duringSearch;  // taken while a search runs
    };

  private:
    void ccp(const Words& args);
    void protocolName(const Words& args);
    void isReady(const Words& args);
    void setOption(const Words& args);
    void position(const Words& args);
    void go(const Words& args);
    void analyze(const Words& args);
    void stop(const Words& args);
    void quit(const Words& args);
    void help(const Words& args);

    void error(std::string_view text);
    void usageError(std::string_view command);
    bool noArguments(std::string_view command, const Words& args);
    void stopRunning();
    // Puts back the options an `analyze` changed, once its search is over.
    void restoreOptions();
    // After a refused `position`: the error line for `command`, and true.
    bool refusedPositionAnswered(std::string_view command);

    static const std::vector<Command>& commands();

    Engine& engine_;
    Output& out_;
    bool quit_ = false;
    std::atomic<int> errors_ = 0;
    bool positionRefused_ = false;  // until a position is accepted, no search
    std::optional<EngineOptions> optionsBeforeAnalysis_;
    // The last report of each line of a running analysis, by its MultiPV number.
    struct AnalysisLine {
        Score score;
        std::string move;
    };
    std::mutex analysisMutex_;
    std::map<int, AnalysisLine> analysis_;
};

}  // namespace cc
