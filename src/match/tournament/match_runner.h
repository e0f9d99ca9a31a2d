#pragma once
// Runs a match: the games of this shard on `-concurrency` threads, each game with its
// own engine processes; records appended as games finish, the running score after
// each, SPRT stopping, the final table and the JSON results (protocol-spec/match.md).

#include <ostream>

#include "match/settings/match_config.h"

namespace cc::match {

// The exit status: 0 when the match ran (whatever its result), 1 when its inputs
// (openings file, record file) are unusable.
int runMatch(const MatchConfig& config, std::ostream& out, std::ostream& errors);

}  // namespace cc::match
