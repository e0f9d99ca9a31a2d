#pragma once
// `ccmatch -compliance [proto=ccp] CMD` (protocol-spec/match.md, "Compliance"): drives
// one engine through its protocol's promises (cci's, or CCP's) and prints a line per check.

#include <ostream>
#include <string>

#include "match/engines/child_process.h"
#include "match/settings/match_config.h"

namespace cc::match {

// 0 when every check passes, 2 when one fails.
int runCompliance(const std::string& command, EngineProtocol protocol, std::ostream& out);
// CCP's checks (compliance_ccp.cpp) on a started engine.
int runCcpCompliance(ChildProcess process, std::ostream& out);

}  // namespace cc::match
