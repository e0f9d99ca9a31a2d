// `ccengine tune`'s command line: its options read by Boost.Program_options, as
// ccengine's own are (src/main.cpp), then the records read and each player count fitted.

#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <fstream>
#include <sstream>

#include "tools/tune.h"
#include "util/text.h"

namespace cc {

namespace po = boost::program_options;

namespace {

std::string formatWeights(const EvalWeights& weights) {
    return fmt::format(
        "{{.step = {}, .straggler = {}, .kingStep = {}, .tempo = {}, .atHome = {}, .parked = {}, "
        ".offAxis = {}, .lagging = {}, .hopGain = {}, .fillHeld = {}, .outside = {}, .guard = {}, "
        ".goalCount = {}}}",
        weights.step, weights.straggler, weights.kingStep, weights.tempo, weights.atHome,
        weights.parked, weights.offAxis, weights.lagging, weights.hopGain, weights.fillHeld,
        weights.outside, weights.guard, weights.goalCount);
}

constexpr std::string_view kTuneUsage =
    "usage: ccengine tune [--players N] [--skip-plies N] [--quiet-margin CP] [--passes N]\n"
    "                     [--no-crowded] [--only NAMES] FILE...\n"
    "Fits the evaluation's weights to ccmatch records (-pgnout FILE) by the Texel method\n"
    "and prints them as rows of kEvalWeights (src/search/eval/eval.h), one per player count\n"
    "found (or the one of --players), with the error before and after.\n"
    "  --players N        only games of N players (2..6)\n"
    "  --skip-plies N     plies at the start of each game not sampled (default 8)\n"
    "  --quiet-margin CP  a position is sampled when the mover's best move gains at most\n"
    "                     CP centi-steps over its static score (default 300)\n"
    "  --passes N         passes of the local search at most (default 100)\n"
    "  --no-crowded       fit only straggler, kingStep and tempo (step stays the unit)\n"
    "  --only A,B         fit only the weights named (e.g. hopGain), the others as set\n";

struct TuneCommand {
    TuneSettings settings;
    int onlyPlayers = 0;  // 0: every player count found
    std::vector<std::string> files;
    bool help = false;
};

// The options and files of the command line, or the one line that says what is wrong.
Expected<TuneCommand> parseTuneArgs(const std::vector<std::string>& args) {
    TuneCommand command;
    std::string only;
    po::options_description options;
    options.add_options()("help,h", "")("no-crowded", "")("only", po::value<std::string>(&only))(
        "players", po::value<int>(&command.onlyPlayers))(
        "skip-plies", po::value<int>(&command.settings.skipPlies))(
        "quiet-margin", po::value<int>(&command.settings.quietMargin))(
        "passes", po::value<int>(&command.settings.maxPasses))(
        "file", po::value<std::vector<std::string>>(&command.files));
    po::positional_options_description positional;
    positional.add("file", -1);
    po::variables_map given;
    try {
        po::store(po::command_line_parser(args).options(options).positional(positional).run(),
                  given);
        po::notify(given);
    } catch (const po::error& failure) {
        return Error{failure.what()};
    }
    command.help = given.count("help") != 0;
    command.settings.fitLagging = given.count("no-crowded") == 0;
    for (const char* number : {"players", "skip-plies", "quiet-margin", "passes"}) {
        if (given.count(number) != 0 && given[number].as<int>() < 0)
            return Error{fmt::format("--{} needs a number of at least 0", number)};
    }
    if (given.count("only") != 0) {
        if (const Expected<void> named = checkWeightNames(only); !named)
            return Error{fmt::format("--only: {}", named.error())};
        command.settings.only = only;
    }
    if (!command.help && command.files.empty()) return Error{"no record file"};
    return command;
}

}  // namespace

int runTune(const std::vector<std::string>& args, std::ostream& out, std::ostream& errors) {
    const Expected<TuneCommand> command = parseTuneArgs(args);
    if (!command) {
        // Boost's messages quote the words given: made printable, cut only when very long.
        errors << fmt::format("ccengine tune: {}\n{}", sanitize(command.error(), 200), kTuneUsage);
        return 1;
    }
    if (command->help) {
        out << kTuneUsage;
        return 0;
    }
    std::string text;
    for (const std::string& file : command->files) {
        std::ifstream stream(file);
        if (!stream) {
            errors << fmt::format("ccengine tune: cannot read {}\n", sanitize(file));
            return 1;
        }
        std::ostringstream content;
        content << stream.rdbuf();
        text += content.str();
        text += '\n';
    }
    bool any = false;
    for (int players = kMinEvalPlayers; players <= kMaxPlayers; ++players) {
        if (command->onlyPlayers != 0 && players != command->onlyPlayers) continue;
        Expected<TuneData> data = readTuneData(text, players, command->settings);
        if (!data) {
            errors << fmt::format("ccengine tune: {}\n", data.error());
            return 1;
        }
        if (data->samples.empty()) continue;
        any = true;
        const EvalWeights& start = evalWeightsFor(players);
        const TuneResult result = fitWeights(*data, start, command->settings);
        out << fmt::format(
            "// {} players: {} games, {} positions, {} quiet samples; scale {:.0f}; "
            "error {:.6f} -> {:.6f}\n"
            "// hand-set: {},\n"
            "    {},  // {} players\n",
            players, data->games, data->positions, data->samples.size(), result.scale,
            result.errorBefore, result.errorAfter, formatWeights(start),
            formatWeights(result.weights), players);
        out.flush();
    }
    if (!any) {
        errors << "ccengine tune: no quiet position in the records\n";
        return 1;
    }
    return 0;
}

}  // namespace cc
