#pragma once
// Which engines play which game (protocol-spec/match.md, "Tournaments" and "Seats").
// A round plays every table of the schedule -games times on the round's opening;
// game k of a table rotates its lineup by k (seating.h).
//
// A tournament's tables are every set of `players` different engines (round robin), or
// the first engine with every set of players-1 others (gauntlet), each listed in
// ascending engine order. Every pair of engines then shares the same number of tables
// (C(n-2, k-2) in a round robin of n engines, k players), and the rotation gives every
// engine of a table every seat once per `players` games: the schedule is balanced in
// meetings and in seats.

#include <vector>

#include "match/settings/match_config.h"

namespace cc::match {

// The lineups (engine per player before rotation) a round plays.
std::vector<std::vector<int>> tournamentTables(int engines, int players, Tournament kind);

struct ScheduledGame {
    int game = 0;   // 1-based over the whole run (all shards)
    int round = 0;  // 0-based
    std::vector<int> enginePerPlayer;
};

// The games of this shard: whole rounds, so that every game on one opening (and every
// seat rotation) stays on one machine.
std::vector<ScheduledGame> scheduleShard(const MatchConfig& config);

}  // namespace cc::match
