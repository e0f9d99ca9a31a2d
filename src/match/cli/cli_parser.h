#pragma once
// ccmatch's command line in cutechess-cli's spelling (protocol-spec/match.md): a small
// hand parser, because Boost.Program_options cannot read `-engine cmd=X name=Y`.
// Never throws; every mistake comes back as a message.

#include <string>
#include <vector>

#include "match/settings/match_config.h"
#include "util/expected.h"

namespace cc::match {

Expected<MatchConfig> parseCommandLine(const std::vector<std::string>& arguments);

// What `ccmatch --help` prints.
std::string usageText();

}  // namespace cc::match
