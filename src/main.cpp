// ccengine: reads protocol commands on stdin (or runs one command given on the command
// line) and answers on stdout.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "protocol/ccp.h"
#include "protocol/go_words.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "protocol/session.h"
#include "tools/race.h"
#include "tools/tune.h"
#include "util/text.h"

namespace po = boost::program_options;

namespace {

// Why a one-shot `go` could search forever (protocol-spec/protocol.md, The command
// line): no bound for the player to move. Words `go` cannot parse are left to `go`'s own
// error line.
cc::Expected<void> unboundedGo(const cc::Engine& engine, const std::string& command) {
    std::vector<std::string_view> words = cc::splitWords(command);
    if (words.empty() || words[0] != "go") return {};
    words.erase(words.begin());
    const cc::Expected<cc::SearchLimits> limits = cc::parseGoWords(engine, words);
    const int mover = engine.position().mover();
    if (!limits || limits->bounded(mover)) return {};
    return cc::Error{fmt::format(
        "go: a one-shot go needs a bound for player {} (to move): depth, nodes, movetime or "
        "p{}time, without infinite or ponder",
        mover + 1, mover + 1)};
}

// The limits a server (ccengine-gui) starts the engine with; none when a value is
// below 1.
std::optional<cc::ServeLimits> serveLimits(const po::variables_map& options) {
    cc::ServeLimits limits;
    const std::array<std::pair<const char*, std::optional<int64_t>*>, 4> flags = {{
        {"max-hash", &limits.hashMegabytes},
        {"max-threads", &limits.threads},
        {"max-multipv", &limits.multiPv},
        {"max-think", &limits.thinkMs},
    }};
    for (const auto& [flag, limit] : flags) {
        if (options.count(flag) == 0) continue;
        // Stored by po::value<int64_t>, so it holds an int64_t.
        const int64_t* value = boost::any_cast<int64_t>(&options[flag].value());
        if (value == nullptr || *value < 1) return std::nullopt;
        *limit = *value;
    }
    return limits;
}

// `--option NAME=VALUE` (or `NAME` for a button) as the protocol's setoption line.
std::vector<std::string> setOptionLines(const po::variables_map& options) {
    std::vector<std::string> lines;
    if (options.count("option") == 0) return lines;
    // Stored by po::value<std::vector<std::string>>, so it holds one.
    const auto* given = boost::any_cast<std::vector<std::string>>(&options["option"].value());
    if (given == nullptr) return lines;
    for (const std::string& option : *given) {
        const size_t equals = option.find('=');
        if (equals == std::string::npos) {
            lines.push_back("setoption name " + option);
            continue;
        }
        lines.push_back(fmt::format("setoption name {} value {}", option.substr(0, equals),
                                    option.substr(equals + 1)));
    }
    return lines;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    // `ccengine tune ...` is a tool of its own (CONTRIBUTING.md, "Tuning the evaluation").
    if (argc >= 2 && std::string_view(argv[1]) == "tune")
        return cc::runTune(std::vector<std::string>(argv + 2, argv + argc), std::cout, std::cerr);
    // `ccengine race build ...` makes the race table (README, "The race table").
    if (argc >= 2 && std::string_view(argv[1]) == "race")
        return cc::runRace(std::vector<std::string>(argv + 2, argv + argc), std::cout, std::cerr);
    po::options_description visible(
        "Usage: ccengine [options] [command words...]\n"
        "Without a command, reads protocol commands on stdin (see protocol-spec/).\n"
        "With one, runs the options' setup, then that command, and exits\n"
        "(status 1 if any error line was printed).\n"
        "`ccengine tune --help`: fit the evaluation's weights to ccmatch records.\n"
        "`ccengine race --help`: make the race table for the RacePath option.\n\nOptions");
    visible.add_options()("help,h", "print this help and exit")("version,v",
                                                                "print the version and exit")(
        "rules,r", po::value<std::string>(), "setrules words, e.g. \"preset=super players=3\"")(
        "position,p", po::value<std::string>(),
        "position arguments, e.g. \"startpos moves m4-l5\"")(
        "notation,n", po::value<std::string>(), "hole notation of the output: name or index")(
        "max-hash", po::value<int64_t>(), "a server's limit: Hash above it is set to it (MiB)")(
        "max-threads", po::value<int64_t>(), "a server's limit on Threads")(
        "max-multipv", po::value<int64_t>(), "a server's limit on MultiPV")(
        "max-think", po::value<int64_t>(), "a server's limit: every search ends within it (ms)")(
        "ccp", "speak CCP, the CCERL referee's protocol, on stdin (protocol-spec/ccp.md)")(
        "option,o", po::value<std::vector<std::string>>(),
        "NAME=VALUE: setoption before anything else, e.g. Threads=4 (repeatable)");
    po::options_description hidden;
    hidden.add_options()("command", po::value<std::vector<std::string>>(), "command words");
    po::options_description all;
    all.add(visible).add(hidden);
    po::positional_options_description positional;
    positional.add("command", -1);

    po::variables_map options;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(),
                  options);
        po::notify(options);
    } catch (const po::error& failure) {
        std::cerr << "ccengine: " << failure.what() << "\n" << visible << '\n';
        return 2;
    }
    if (options.count("help") != 0) {
        std::cout << visible;
        return 0;
    }
    if (options.count("version") != 0) {
        std::cout << fmt::format("{} {}\n", cc::kEngineName, cc::kEngineVersion);
        return 0;
    }

    const std::optional<cc::ServeLimits> limits = serveLimits(options);
    if (!limits) {
        std::cerr << "ccengine: every --max-... value must be at least 1\n" << visible << '\n';
        return 2;
    }
    cc::EngineOptions startOptions;
    // The default table may be larger than a server allows.
    if (limits->hashMegabytes)
        startOptions.hashMegabytes =
            std::min(startOptions.hashMegabytes, size_t(*limits->hashMegabytes));
    cc::Engine engine(startOptions);
    cc::Output output(std::cout);
    const bool limited =
        limits->hashMegabytes || limits->threads || limits->multiPv || limits->thinkMs;
    if (options.count("ccp") != 0) {
        if (options.count("rules") + options.count("position") + options.count("notation") +
                    options.count("command") !=
                0 ||
            limited) {
            std::cerr << "ccengine: --ccp takes no options but --option, nor command words\n";
            return 2;
        }
        cc::CcpProtocol ccp(engine, output);
        for (const std::string& line : setOptionLines(options)) ccp.handle(line);
        if (ccp.errorsPrinted() != 0) return 1;
        ccp.run(std::cin);
        return 0;
    }
    cc::Protocol protocol(engine, output, *limits);
    if (options.count("rules") != 0)
        protocol.handle("setrules " + options["rules"].as<std::string>());
    if (options.count("position") != 0) {
        protocol.handle("position " + options["position"].as<std::string>());
    }
    if (options.count("notation") != 0) {
        protocol.handle("setoption name Notation value " + options["notation"].as<std::string>());
    }
    for (const std::string& line : setOptionLines(options)) protocol.handle(line);
    // Setup that failed leaves the engine in a state the caller did not ask for.
    if (protocol.errorsPrinted() != 0) return 1;
    if (options.count("command") != 0) {
        const std::string command =
            cc::join(options["command"].as<std::vector<std::string>>(), " ");
        // Nothing reads stdin here, so nothing would ever stop a search without a bound.
        if (const cc::Expected<void> bounded = unboundedGo(engine, command); !bounded) {
            output.error(bounded.error());
            return 1;
        }
        protocol.handle(command);
        protocol.finishRunning();
        return protocol.errorsPrinted() == 0 ? 0 : 1;
    }
    cc::runSession(engine, output, protocol, std::cin, !limited);
    return 0;
}
