#pragma once
// `-report FILE.html` (protocol-spec/match.md, "Report"): one self-contained HTML page
// (no scripts, no network) with the rating ladder and its intervals, the crosstable,
// each engine's score over its games, the end reasons, each game's win chances and the
// settings, the pictures as inline SVG. Built from the standings and the records' win
// chances only, so -merge writes the same page.

#include <string>

#include "match/ratings/standings.h"
#include "match/reports/chance_graph.h"
#include "match/reports/report.h"

namespace cc::match {

// `chances`: one a game (gameChances); none: no win-chance section.
std::string htmlReport(const Standings& standings, const RunFacts& facts,
                       const std::vector<GameChances>& chances);

}  // namespace cc::match
