#include "protocol/ccp.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "core/ccp_cells.h"
#include "core/layout.h"
#include "protocol/go_words.h"
#include "protocol/options.h"
#include "protocol/protocol.h"
#include "util/text.h"

namespace cc {
namespace {

constexpr int kMaxTopK = 256;
// An analysis without a limit of its own searches this long.
constexpr int64_t kDefaultAnalysisMillis = 1000;
// The logistic scale of `analyze`'s value and shares (protocol-spec/ccp.md, analyze):
// 400 centi-steps of score are a factor of ten in the odds.
constexpr double kLogisticScale = 400.0;
constexpr int kMateAsCentiSteps = 10000;

// ccengine's move text (holes by name or index, `*` after a swap) as CCP's path of cell
// ids; `0000` for no move (CCP's null move).
std::string ccpMove(std::string_view text) {
    if (!text.empty() && text.back() == '*') text.remove_suffix(1);
    const std::vector<std::string_view> holes = split(text, '-');
    if (holes.size() < 2) return "0000";
    std::vector<std::string> cells;
    for (std::string_view name : holes) {
        const std::optional<Hole> hole = Geometry::get().parseHole(name);
        if (!hole) return "0000";
        cells.push_back(std::to_string(ccpCellOfHole(*hole)));
    }
    return join(cells, "-");
}

// Mates count as a lead far beyond any heuristic score.
double centiSteps(const Score& score) {
    if (!score.mate) return score.value;
    return score.value > 0 ? kMateAsCentiSteps : -kMateAsCentiSteps;
}

// CCP's go words in ccengine's spelling: w is player 0 (ccengine's player 1).
Expected<std::vector<std::string>> translateGoWords(const CcpProtocol::Words& args) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kWords = {{
        {"wtime", "p1time"},
        {"btime", "p2time"},
        {"winc", "p1inc"},
        {"binc", "p2inc"},
        {"movestogo", "movestogo"},
        {"movetime", "movetime"},
        {"depth", "depth"},
        {"nodes", "nodes"},
        {"infinite", "infinite"},
    }};
    std::vector<std::string> words;
    for (std::string_view word : args) {
        const auto known = std::find_if(kWords.begin(), kWords.end(),
                                        [&](const auto& pair) { return pair.first == word; });
        if (known != kWords.end()) {
            words.emplace_back(known->second);
        } else if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0])) != 0) {
            words.emplace_back(word);
        } else {
            return Error{fmt::format(
                "unknown word '{}' (wtime btime winc binc movestogo movetime depth nodes infinite)",
                excerpt(word))};
        }
    }
    return words;
}

Expected<SearchLimits> parseCcpLimits(const Engine& engine, const CcpProtocol::Words& args) {
    Expected<std::vector<std::string>> words = translateGoWords(args);
    if (!words) return Error{words.error()};
    return parseGoWords(engine, std::vector<std::string_view>(words->begin(), words->end()));
}

}  // namespace

const std::vector<CcpProtocol::Command>& CcpProtocol::commands() {
    static const std::vector<Command> table = {
        {"ccp", &CcpProtocol::ccp, "ccp", true},
        {"protocol", &CcpProtocol::protocolName, "protocol", true},
        {"isready", &CcpProtocol::isReady, "isready", true},
        {"setoption", &CcpProtocol::setOption, "setoption name <name> [value <value>]", false},
        {"position", &CcpProtocol::position,
         "position startpos | position cells <121 of . 0 1> player <0|1> ply <n>", false},
        {"go", &CcpProtocol::go,
         "go [wtime <ms>] [btime <ms>] [winc <ms>] [binc <ms>] [movestogo <n>] [movetime <ms>] "
         "[depth <n>] [nodes <n>] [infinite]",
         false},
        {"analyze", &CcpProtocol::analyze, "analyze topk <k 1..256> [go limits]", false},
        {"stop", &CcpProtocol::stop, "stop", true},
        {"quit", &CcpProtocol::quit, "quit", true},
        {"help", &CcpProtocol::help, "help", true},
    };
    return table;
}

CcpProtocol::CcpProtocol(Engine& engine, Output& output) : CommandLoop(engine, output, "a search") {
    if (const Expected<void> done = engine_.setRules({"preset=ccerl"}); !done)
        error("ccp: " + done.error());
}

CcpProtocol::~CcpProtocol() {
    stopRunning();
}

void CcpProtocol::beforeStateChange() {
    if (!optionsBeforeAnalysis_) return;
    engine_.setOptions(*optionsBeforeAnalysis_);
    optionsBeforeAnalysis_.reset();
}

void CcpProtocol::ccp(const Words& args) {
    if (!noArguments("ccp", args)) return;
    out_.line(fmt::format("id name {} {}", kEngineName, kEngineVersion));
    out_.line(fmt::format("id author {}", kEngineAuthor));
    for (const OptionSpec& option : optionSpecs()) {
        if (option.offeredUnderCcp) out_.line(describeOption(option));
    }
    out_.line("ccpok");
}

void CcpProtocol::protocolName(const Words& args) {
    if (noArguments("protocol", args)) out_.line("protocol ccp");
}

void CcpProtocol::setOption(const Words& args) {
    const std::optional<OptionWords> words = parseOptionWords(args);
    if (!words) {
        usageError("setoption");
        return;
    }
    const OptionSpec* option = findOption(words->name);
    if (option == nullptr || !option->offeredUnderCcp) {
        std::vector<std::string_view> offered;
        for (const OptionSpec& candidate : optionSpecs()) {
            if (candidate.offeredUnderCcp) offered.push_back(candidate.name);
        }
        error(fmt::format("setoption: no option '{}' under ccp ({})", sanitize(words->name, 40),
                          fmt::join(offered, ", ")));
        return;
    }
    if (const Expected<void> done = cc::setOption(engine_, words->name, words->value); !done)
        error(done.error());
}

void CcpProtocol::position(const Words& args) {
    // Cleared only when a position is accepted: a move for the position before would be a
    // move for the wrong one (ccp.md, position).
    positionRefused_ = true;
    if (args.size() == 1 && args[0] == "startpos") {
        if (const Expected<void> done = engine_.setPosition(std::nullopt, {}); !done) {
            error("position: " + done.error());
            return;
        }
        positionRefused_ = false;
        return;
    }
    if (args.size() != 6 || args[0] != "cells" || args[2] != "player" || args[4] != "ply") {
        usageError("position");
        return;
    }
    const std::optional<int> player = parseInt(args[3]);
    const std::optional<int> ply = parseInt(args[5]);
    if (!player || *player > 1) {
        error(fmt::format("position: bad player '{}': expected 0 or 1", excerpt(args[3])));
        return;
    }
    if (!ply) {
        error(fmt::format("position: bad ply '{}': expected a whole number", excerpt(args[5])));
        return;
    }
    const Expected<std::string> text = ccpPositionText(args[1], *player, *ply);
    if (!text) {
        error("position: " + text.error());
        return;
    }
    const std::string withDone = withFinishedArmies(*Layout::make(engine_.rules()), *text);
    if (const Expected<void> done = engine_.setPosition(withDone, {}); !done) {
        error("position: " + done.error());
        return;
    }
    positionRefused_ = false;
}

bool CcpProtocol::refusedPositionAnswered(std::string_view command) {
    if (!positionRefused_) return false;
    error(fmt::format("{}: no position to search: the last 'position' was refused", command));
    return true;
}

void CcpProtocol::go(const Words& args) {
    if (refusedPositionAnswered("go")) {
        out_.line("bestmove 0000");
        return;
    }
    Expected<SearchLimits> limits = parseCcpLimits(engine_, args);
    if (!limits) {
        error("go: " + limits.error());
        return;
    }
    GoListener listener;
    listener.onInfo = [this](const SearchReport& report, const std::vector<std::string>& pv) {
        std::vector<std::string> cells;
        cells.reserve(pv.size());
        for (const std::string& move : pv) cells.push_back(ccpMove(move));
        std::string line = fmt::format("info depth {} seldepth {} score {} nodes {} time {}",
                                       report.depth, report.seldepth, scoreWords(report.score),
                                       report.nodes, report.time.count());
        if (!cells.empty()) line += " pv " + join(cells, " ");
        out_.line(line);
    };
    listener.onMessage = [this](std::string_view text) { out_.infoString(text); };
    listener.onBestMove = [this](std::string_view move, std::string_view) {
        out_.line("bestmove " + ccpMove(move));
    };
    engine_.go(*limits, std::move(listener));
}

void CcpProtocol::analyze(const Words& args) {
    if (refusedPositionAnswered("analyze")) return;
    const std::optional<int> topK = args.size() >= 2 ? parseInt(args[1]) : std::nullopt;
    if (args.size() < 2 || args[0] != "topk" || !topK || *topK < 1 || *topK > kMaxTopK) {
        usageError("analyze");
        return;
    }
    const Words limitWords(args.begin() + 2, args.end());
    Expected<SearchLimits> limits = parseCcpLimits(engine_, limitWords);
    if (!limits) {
        error("analyze: " + limits.error());
        return;
    }
    if (limitWords.empty()) limits->moveTime = kDefaultAnalysisMillis;
    optionsBeforeAnalysis_ = engine_.options();
    EngineOptions options = engine_.options();
    options.search.multiPv = *topK;
    engine_.setOptions(options);
    {
        const std::lock_guard lock(analysisMutex_);
        analysis_.clear();
    }
    GoListener listener;
    listener.onInfo = [this](const SearchReport& report, const std::vector<std::string>& pv) {
        if (pv.empty()) return;
        const std::lock_guard lock(analysisMutex_);
        analysis_[report.multiPv] = AnalysisLine{report.score, ccpMove(pv.front())};
    };
    listener.onMessage = [this](std::string_view text) { out_.infoString(text); };
    listener.onBestMove = [this](std::string_view, std::string_view) {
        const std::lock_guard lock(analysisMutex_);
        // The value: the best line's score as a logistic expectation, scaled to -1..1
        // from the mover's side; a move's share: its weight 10^(score / 400) over the
        // sum of the k lines' weights.
        double best = -kMateAsCentiSteps;
        for (const auto& [index, line] : analysis_) best = std::max(best, centiSteps(line.score));
        double total = 0;
        for (const auto& [index, line] : analysis_)
            total += std::pow(10.0, (centiSteps(line.score) - best) / kLogisticScale);
        const double value =
            analysis_.empty() ? 0.0 : 2.0 / (1.0 + std::pow(10.0, -best / kLogisticScale)) - 1.0;
        std::vector<std::string> moves;
        for (const auto& [index, line] : analysis_) {
            const double share =
                std::pow(10.0, (centiSteps(line.score) - best) / kLogisticScale) / total;
            moves.push_back(fmt::format(R"({{"move":"{}","policy":{:.4f}}})", line.move, share));
        }
        out_.line(
            fmt::format(R"(analysis {{"value":{:.4f},"moves":[{}]}})", value, join(moves, ",")));
    };
    engine_.go(*limits, std::move(listener));
}

}  // namespace cc
