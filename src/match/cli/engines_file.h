#pragma once
// Engines from a file (`-engines FILE`, `-engine conf=NAME`): a JSON list in
// cutechess-cli's engines.json form (protocol-spec/match.md, "Engines file").

#include <string>
#include <vector>

#include "match/settings/match_config.h"
#include "util/expected.h"

namespace cc::match {

// Every engine the file defines; an error names the file and what is wrong.
Expected<std::vector<EngineSpec>> loadEnginesFile(const std::string& path);

}  // namespace cc::match
