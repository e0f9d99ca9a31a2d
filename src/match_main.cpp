// ccmatch: plays matches between engines that speak the protocol, with core as the
// referee (protocol-spec/match.md).

#include <signal.h>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "match/cli/cli_parser.h"
#include "match/compliance/compliance.h"
#include "match/reports/record_tools.h"
#include "match/tournament/match_runner.h"

namespace {

int run(const std::vector<std::string>& arguments) {
    cc::Expected<cc::match::MatchConfig> config = cc::match::parseCommandLine(arguments);
    if (!config) {
        std::cerr << "ccmatch: " << config.error() << "\n(ccmatch --help lists the options)\n";
        return 1;
    }
    switch (config->mode) {
        case cc::match::Mode::Help:
            std::cout << cc::match::usageText();
            return 0;
        case cc::match::Mode::Match:
            return cc::match::runMatch(*config, std::cout, std::cerr);
        case cc::match::Mode::Merge:
            return cc::match::mergeRecords(*config, std::cout, std::cerr);
        case cc::match::Mode::Replay:
            return cc::match::replayRecords(*config, std::cout, std::cerr);
        case cc::match::Mode::Compliance:
            return cc::match::runCompliance(config->complianceCommand, config->complianceProtocol,
                                            std::cout);
    }
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    // A dead engine's pipe must give EPIPE on write, not end ccmatch.
    ::signal(SIGPIPE, SIG_IGN);
    try {
        return run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::exception& error) {
        // Only the system can fail here (no memory, no threads): parsing returns errors.
        std::cerr << "ccmatch: " << error.what() << '\n';
        return 1;
    }
}
