#pragma once
// `-report FILE.html` (protocol-spec/match.md, "Report"): one self-contained HTML page
// (no scripts, no network) with the rating ladder and its intervals, the crosstable,
// each engine's score over its games, the end reasons and the settings, the pictures
// as inline SVG. Built from the standings only, so -merge writes the same page.

#include <string>

#include "match/report.h"
#include "match/standings.h"

namespace cc::match {

std::string htmlReport(const Standings& standings, const RunFacts& facts);

}  // namespace cc::match
