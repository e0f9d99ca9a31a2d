#pragma once
// What ccmatch does with record files (protocol-spec/match.md, "Records", "Shards"):
// merging the records of shards into the totals of one run, and replaying records as
// the position text of every ply.

#include <ostream>

#include "match/settings/match_config.h"

namespace cc::match {

// -merge: the final table (and -results JSON, -pgnout records sorted by game) of every
// record in the input files. 1 when a file cannot be read or a game appears twice.
int mergeRecords(const MatchConfig& config, std::ostream& out, std::ostream& errors);

// -replay: `game <n> ply <k> <position text>` for the start and every move.
int replayRecords(const MatchConfig& config, std::ostream& out, std::ostream& errors);

}  // namespace cc::match
