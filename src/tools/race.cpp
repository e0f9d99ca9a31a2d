#include "tools/race.h"

#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <chrono>

#include "search/race/family.h"
#include "search/race/file.h"
#include "search/race/generate.h"
#include "search/race/index.h"

namespace cc {

namespace po = boost::program_options;

namespace {

constexpr std::string_view kRaceUsage =
    "usage: ccengine race build [--rows N] [--threads N] [--out FILE]\n"
    "Generates the race table: the fewest moves a lone 10-piece army (short hops) needs to\n"
    "fill its goal, for every placement of its pieces in the goal and the N rows of the\n"
    "hexagon before it, and writes it to FILE for the RacePath option.\n"
    "  --rows N     rows before the goal, 1..4 (default 4: 254,186,856 placements, 254 MB)\n"
    "  --threads N  threads sharing each layer of the search (default 1)\n"
    "  --out FILE   the table file (default ccengine-race.bin)\n";

struct RaceCommand {
    int rows = kDefaultRaceRows;
    int threads = 1;
    std::string out = kDefaultRaceFile;
    bool help = false;
};

Expected<RaceCommand> parseRaceArgs(const std::vector<std::string>& args) {
    RaceCommand command;
    if (args.empty() || (args[0] != "build" && args[0] != "--help" && args[0] != "-h"))
        return Error{"race: expected 'build'"};
    po::options_description options;
    options.add_options()("help,h", "")("rows", po::value<int>(&command.rows))(
        "threads", po::value<int>(&command.threads))("out", po::value<std::string>(&command.out));
    po::variables_map values;
    try {
        const std::vector<std::string> rest(args.begin() + (args[0] == "build" ? 1 : 0),
                                            args.end());
        po::store(po::command_line_parser(rest).options(options).run(), values);
        po::notify(values);
    } catch (const po::error& failure) {
        return Error{std::string("race: ") + failure.what()};
    }
    command.help = values.count("help") != 0;
    if (command.rows < race::kMinFamilyRows || command.rows > race::kMaxFamilyRows)
        return Error{
            fmt::format("race: --rows must be {}..{}", race::kMinFamilyRows, race::kMaxFamilyRows)};
    if (command.threads < 1 || command.threads > 64) return Error{"race: --threads must be 1..64"};
    return command;
}

}  // namespace

int runRace(const std::vector<std::string>& args, std::ostream& out, std::ostream& errors) {
    const Expected<RaceCommand> command = parseRaceArgs(args);
    if (!command) {
        errors << command.error() << '\n' << kRaceUsage;
        return 2;
    }
    if (command->help) {
        out << kRaceUsage;
        return 0;
    }
    const auto started = std::chrono::steady_clock::now();
    const auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    const race::Family family(command->rows);
    const race::PlacementIndex index(family.regionSize(), race::kRacePieces);
    out << fmt::format("race table: rows {}, {} holes, {} placements\n", family.rows(),
                       family.regionSize(), index.size())
        << std::flush;
    const std::vector<uint8_t> values =
        race::generateRaceValues(family, command->threads, [&](race::GenerateReport report) {
            out << fmt::format("layer {} placements {} time {:.1f}s\n", report.layer,
                               report.placements, seconds())
                << std::flush;
        });
    uint64_t unreachable = 0;
    for (const uint8_t value : values) unreachable += value == race::kUnreachable ? 1 : 0;
    if (const Expected<void> written = race::writeRaceFile(command->out, family.rows(), values);
        !written) {
        errors << "race: " << written.error() << '\n';
        return 1;
    }
    out << fmt::format("wrote {} ({} placements, {} unreachable) in {:.1f}s\n", command->out,
                       values.size(), unreachable, seconds());
    return 0;
}

}  // namespace cc
