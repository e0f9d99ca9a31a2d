#include "match/engines/ccp_client.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <vector>

#include "core/ccp_cells.h"
#include "core/geometry.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/rules_text.h"
#include "util/text.h"

namespace cc::match {

namespace {

// Enough to tell one hop chain from two; a board where the search for them runs longer
// is refused as ambiguous rather than searched to the end.
constexpr int kPathSearchBudget = 100000;

struct ChainCount {
    const Position& position;
    Hole from;
    Hole to;
    std::vector<Hole> path;
    int found = 0;
    int budget = kPathSearchBudget;

    bool occupied(Hole hole) const { return hole != from && position.occupied().test(hole); }

    // Every simple chain of short hops from the path's end; counts those that reach `to`
    // and are legal as a whole (protocol-spec/rules.md, the goal lock of goallock=chain).
    void extend() {
        const Geometry& geometry = Geometry::get();
        const Hole at = path.back();
        for (int direction = 0; direction < kDirectionCount && found < 2 && budget > 0;
             ++direction) {
            const auto& ray = geometry.ray(at, direction);
            if (ray[0] == kNoHole || ray[1] == kNoHole) continue;
            const Hole landing = ray[1];
            if (!occupied(ray[0]) || occupied(landing) || landing == from) continue;
            if (std::find(path.begin(), path.end(), landing) != path.end()) continue;
            --budget;
            path.push_back(landing);
            if (landing == to && isHopChain(position, path, false)) ++found;
            extend();
            path.pop_back();
        }
    }
};

}  // namespace

int ccpPly(const Position& position) {
    // CCP counts plies played; ccengine counts rounds from 1 (protocol-spec/ccp.md).
    return 2 * (position.round() - 1) + position.mover();
}

std::string ccpPositionCommand(const Position& position) {
    return fmt::format("position cells {} player {} ply {}", ccpCells(position), position.mover(),
                       ccpPly(position));
}

std::string ccpGoCommand(std::string_view cciGo) {
    constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kWords = {{
        {"p1time", "wtime"},
        {"p2time", "btime"},
        {"p1inc", "winc"},
        {"p2inc", "binc"},
    }};
    std::vector<std::string> words;
    for (std::string_view word : splitWords(cciGo)) {
        std::string_view said = word;
        for (const auto& [cci, ccp] : kWords) {
            if (word == cci) said = ccp;
        }
        words.emplace_back(said);
    }
    return join(words, " ");
}

Expected<Move> parseCcpMove(const Position& position, std::string_view text) {
    std::vector<Hole> path;
    std::vector<std::string> names;
    for (std::string_view part : split(text, '-')) {
        const std::optional<int> cell = parseInt(part);
        const std::optional<Hole> hole = cell ? holeOfCcpCell(*cell) : std::nullopt;
        if (!hole) {
            return Error{fmt::format("'{}' is not a CCP cell id (0..120)", excerpt(part))};
        }
        path.push_back(*hole);
        names.push_back(Geometry::get().name(*hole));
    }
    if (path.size() < 2) return Error{"expected cell ids joined by '-'"};
    Expected<Move> move = parseMove(position, join(names, "-"));
    if (!move || path.size() > 2) return move;
    const Hole from = path.front();
    const Hole to = path.back();
    const bool step = Geometry::get().neighbours(from).test(to);
    if (step || isHopChain(position, path, false)) return move;
    ChainCount count{position, from, to, {from}};
    count.extend();
    if (count.found >= 2 || count.budget <= 0) {
        return Error{fmt::format(
            "'{}' names only the endpoints and more than one hop chain joins them: CCP's "
            "bestmove is the whole path",
            excerpt(text))};
    }
    return move;
}

namespace {

bool playsCcerlProfile(const MatchConfig& config) {
    const Expected<Rules> profile = applyRuleWords(Rules{}, {"preset=ccerl"});
    return profile && config.rules == *profile;
}

}  // namespace

Expected<void> ccerlFormatsRefusal(const MatchConfig& config) {
    const char* option = !config.jsonlFile.empty()    ? "-jsonl"
                         : config.openings.ccerlSuite ? "-openings format=jsonl"
                                                      : nullptr;
    if (option == nullptr || playsCcerlProfile(config)) return {};
    return Error{fmt::format(
        "{} is CCERL's format, two players under -rules preset=ccerl only (these rules are "
        "'{}')",
        option, formatRules(config.rules))};
}

Expected<void> ccpMatchRefusal(const MatchConfig& config) {
    const auto speaksCcp = [](const EngineSpec& engine) {
        return engine.protocol == EngineProtocol::Ccp;
    };
    if (std::none_of(config.engines.begin(), config.engines.end(), speaksCcp)) return {};
    if (!playsCcerlProfile(config)) {
        return Error{fmt::format(
            "a CCP engine plays CCERL's rules only: give -rules preset=ccerl (these rules are "
            "'{}')",
            formatRules(config.rules))};
    }
    return {};
}

}  // namespace cc::match
