#pragma once
// CCERL's position suite (protocol-spec/match.md, "Openings"): a JSON object a line,
// `cells` (121 characters, one per CCP cell id: `.`, `0`, `1`), `player` (0 or 1, to
// move), `ply` (plies played), and optionally `id` and `ruleset`, which -jsonl writes
// back as the referee does. Each row becomes an opening under the rules preset=ccerl.

#include <memory>
#include <string>
#include <vector>

#include "core/layout.h"
#include "match/openings/openings.h"
#include "util/expected.h"

namespace cc::match {

// The openings of a suite file; an error names the file and the line.
Expected<std::vector<Opening>> loadCcerlSuite(const std::string& path,
                                              const std::shared_ptr<const Layout>& layout);

// One line of the suite.
Expected<Opening> parseSuiteRow(const std::shared_ptr<const Layout>& layout,
                                const std::string& line);

}  // namespace cc::match
