#pragma once
// The CCP dialect (protocol-spec/ccp.md), the protocol of the CCERL rating list's
// referee: its own flat command table over the same Engine facade as ccengine's protocol,
// one engine with several front ends. It plays the `ccerl` rule preset, names holes by
// CCP cell ids (core/ccp_cells.h) and answers `bestmove` with the whole hop path. Like
// the main protocol it never waits for a search: `stop`, `isready` and `quit` are taken
// while one runs.

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "protocol/command_loop.h"
#include "protocol/output.h"

namespace cc {

class CcpProtocol : public CommandLoop<CcpProtocol> {
  public:
    // Sets the engine's rules to the `ccerl` preset.
    CcpProtocol(Engine& engine, Output& output);
    ~CcpProtocol();
    CcpProtocol(const CcpProtocol&) = delete;
    CcpProtocol& operator=(const CcpProtocol&) = delete;

  private:
    friend class CommandLoop<CcpProtocol>;

    void ccp(const Words& args);
    void protocolName(const Words& args);
    void setOption(const Words& args);
    void position(const Words& args);
    void go(const Words& args);
    void analyze(const Words& args);

    // Puts back the options an `analyze` changed, once its search is over.
    void beforeStateChange();
    // After a refused `position`: the error line for `command`, and true.
    bool refusedPositionAnswered(std::string_view command);

    static const std::vector<Command>& commands();

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
