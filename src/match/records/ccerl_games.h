#pragma once
// -jsonl FILE (protocol-spec/match.md, "CCERL's game records"): a game as CCERL's
// referee writes it, one JSON object a line with its keys sorted: `ccp_game_start`, a
// `ccp_move` per move (the path and the board after it as CCP cell ids), `ccp_game_end`
// with CCERL's name of the reason. For two-player games under preset=ccerl only.

#include <string>

#include "core/rules.h"
#include "match/openings/openings.h"
#include "match/records/game_record.h"
#include "util/expected.h"

namespace cc::match {

// CCERL's rule profile, the game start's `rule_profile`.
inline constexpr std::string_view kCcerlRuleProfile = "CCZ-121-Strict-LG-v2";

// The lines of one finished game (each ending in '\n'); `opening` is the opening of the
// game's round, for its suite id and ruleset.
Expected<std::string> ccerlGameLines(const GameRecord& record, const Opening& opening,
                                     const Rules& rules);

// CCERL's name of how a game ended (`all_pieces_in_goal`, `max_ply`, `illegal_move`...).
std::string ccerlReason(const GameRecord& record, const Position& final);

}  // namespace cc::match
