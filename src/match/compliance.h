#pragma once
// `ccmatch -compliance CMD` (protocol-spec/match.md, "Compliance"): drives one engine
// through the protocol's promises and prints a line per check.

#include <ostream>
#include <string>

namespace cc::match {

// 0 when every check passes, 2 when one fails.
int runCompliance(const std::string& command, std::ostream& out);

}  // namespace cc::match
