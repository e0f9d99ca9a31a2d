#pragma once
// -merge's check that the records of a sharded run make the whole run (protocol-spec/
// match.md, "Shards"): a shard killed mid-run leaves rounds out, and merging what is
// there would print the totals of a match nobody asked for.

#include <string>
#include <vector>

#include "match/records/game_record.h"
#include "util/expected.h"

namespace cc::match {

struct FiledRecord {
    GameRecord record;
    std::string file;  // the record file it was read from
};

// Records sorted by game. An error names each shard with rounds missing or short of
// games, or two records of one game and their files.
Expected<void> checkWholeRun(const std::vector<FiledRecord>& games);

}  // namespace cc::match
