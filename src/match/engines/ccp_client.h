#pragma once
// What ccmatch says and reads differently to an engine that speaks CCP (CCERL's
// protocol, protocol-spec/ccp.md; protocol-spec/match.md "CCP engines"): the position as
// 121 cells, the clocks as wtime/btime/winc/binc, and bestmove as a path of cell ids.

#include <optional>
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/position.h"
#include "match/settings/match_config.h"
#include "util/expected.h"

namespace cc::match {

// CCP's ply of a two-player position: plies played (ccengine counts rounds from 1).
[[nodiscard]] int ccpPly(const Position& position);
// `position cells <121> player <0|1> ply <n>` for a two-player position.
[[nodiscard]] std::string ccpPositionCommand(const Position& position);
// ccmatch's `go p1time .. p2time .. p1inc .. p2inc ..` in CCP's words.
[[nodiscard]] std::string ccpGoCommand(std::string_view cciGo);
// The legal move a CCP bestmove names: a path of cell ids joined by '-'. Two cells that
// are neither a step nor one hop name only the endpoints: accepted when exactly one hop
// chain joins them, refused as ambiguous when more do.
[[nodiscard]] Expected<Move> parseCcpMove(const Position& position, std::string_view text);
// Why a match with CCP engines cannot be played under these rules, if it cannot: CCP
// knows one rule profile (preset=ccerl) and two players.
Expected<void> ccpMatchRefusal(const MatchConfig& config);
// Why CCERL's suite (-openings format=jsonl) or game records (-jsonl) cannot be used with
// these rules, if they cannot: both are two-player boards of preset=ccerl.
Expected<void> ccerlFormatsRefusal(const MatchConfig& config);

}  // namespace cc::match
