#pragma once
// The race table's file (protocol-spec/measurements-race.md, The race table file): a
// 128-byte header (magic, version, the rules its moves follow, the family, the number of
// values and a checksum of them), then one byte per placement in PlacementIndex order.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace cc::race {

constexpr uint32_t kRaceFileVersion = 1;
constexpr size_t kRaceHeaderBytes = 128;
// The moves the table counts (search/race/moves.h), as the header names them.
constexpr std::string_view kRaceRules = "hops=short pieces=10 king=off goallock=off bonus=off";

struct RaceFileContents {
    int rows = 0;
    std::vector<uint8_t> values;
};

// FNV-1a over the values.
uint64_t raceChecksum(const std::vector<uint8_t>& values);

// The header and values of a table of Family(rows), written to a temporary file first
// and renamed, so that a reader never sees half a file.
Expected<void> writeRaceFile(const std::string& path, int rows, const std::vector<uint8_t>& values,
                             std::string_view rules = kRaceRules);

// Every check a header allows: a folder, a short or long file, the magic, the version,
// other rules, a family this build does not know, a wrong checksum.
Expected<RaceFileContents> readRaceFile(const std::string& path);

}  // namespace cc::race
