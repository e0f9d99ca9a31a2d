#include "tools/race.h"

#include <fmt/format.h>

#include <boost/program_options.hpp>
#include <chrono>

#include "core/layout.h"
#include "core/movegen.h"
#include "search/race/family.h"
#include "search/race/file.h"
#include "search/race/generate.h"
#include "search/race/index.h"
#include "search/race/table.h"
#include "util/random.h"

namespace cc {

namespace po = boost::program_options;

namespace {

constexpr std::string_view kRaceUsage =
    "usage: ccengine race build [--rows N] [--threads N] [--out FILE]\n"
    "       ccengine race verify FILE [--samples N] [--seed N]\n"
    "Generates the race table: the fewest moves a lone 10-piece army (short hops) needs to\n"
    "fill its goal, for every placement of its pieces in the goal and the N rows of the\n"
    "hexagon before it, and writes it to FILE for the RacePath option.\n"
    "  --rows N     rows before the goal, 1..4 (default 4: 254,186,856 placements, 254 MB)\n"
    "  --threads N  threads sharing each layer of the search (default 1)\n"
    "  --out FILE   the table file (default ccengine-race.bin)\n"
    "verify: reads FILE as the engine does, then checks N random placements (default\n"
    "100000) against the engine's own move generation: the finished one has 0, every\n"
    "other one more than the least of the placements one move away.\n";

struct RaceCommand {
    bool verify = false;
    uint64_t samples = 100000;
    uint64_t seed = 1;
    int rows = kDefaultRaceRows;
    int threads = 1;
    std::string out = kDefaultRaceFile;
    bool help = false;
};

Expected<RaceCommand> parseRaceArgs(const std::vector<std::string>& args) {
    RaceCommand command;
    const bool build = !args.empty() && args[0] == "build";
    command.verify = !args.empty() && args[0] == "verify";
    if (args.empty() || (!build && !command.verify && args[0] != "--help" && args[0] != "-h"))
        return Error{"race: expected 'build' or 'verify'"};
    po::options_description options;
    options.add_options()("help,h", "")("rows", po::value<int>(&command.rows))(
        "threads", po::value<int>(&command.threads))("out", po::value<std::string>(&command.out))(
        "samples", po::value<uint64_t>(&command.samples))("seed",
                                                          po::value<uint64_t>(&command.seed));
    po::positional_options_description file;
    file.add("out", 1);
    po::variables_map values;
    try {
        const std::vector<std::string> rest(args.begin() + (build || command.verify ? 1 : 0),
                                            args.end());
        po::store(po::command_line_parser(rest).options(options).positional(file).run(), values);
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

// The table's values against core/movegen (players=1, standard rules): exact where the
// finished placement has 0 and every other one more than its best successor.
int verifyRaceFile(const std::string& path, uint64_t samples, uint64_t seed, std::ostream& out) {
    Expected<std::shared_ptr<const race::RaceTable>> table = race::RaceTable::load(path);
    if (!table) {
        out << fmt::format("race verify {}: {}\n", path, table.error());
        return 1;
    }
    const race::Family& family = (*table)->family();
    const race::PlacementIndex index(family.regionSize(), race::kRacePieces);
    Rules rules;
    rules.players = 1;
    rules.seatOwner = defaultSeating(1);
    const std::shared_ptr<const Layout> layout = Layout::make(rules);
    Random random(seed);
    uint64_t wrong = 0;
    for (uint64_t sample = 0; sample < samples; ++sample) {
        const uint64_t bits = index.unrank(random.next() % index.size());
        const Bitboard pieces = family.piecesOf(bits);
        Position position = Position::empty(*layout);
        for (Hole hole : pieces) position.putPiece(hole, 0, false, false);
        MoveList moves;
        generateLegal(position, moves);
        int best = race::kUnreachable;
        for (const Move move : moves) {
            if (!move.isPieceMove() || !family.region().test(move.to)) continue;
            Bitboard after = pieces;
            after.reset(move.from);
            after.set(move.to);
            best = std::min(best, (*table)->exact(after).value_or(race::kUnreachable));
        }
        const int value = (*table)->exact(pieces).value_or(race::kUnreachable);
        const int expected = bits == family.goalBits() ? 0 : best + 1;
        if (value != expected) {
            if (++wrong <= 10)
                out << fmt::format("wrong: placement {} has {}, its successors say {}\n",
                                   index.rank(bits), value, expected);
        }
    }
    out << fmt::format("race verify {}: {} of {} placements agree with the engine's moves\n", path,
                       samples - wrong, samples);
    return wrong == 0 ? 0 : 1;
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
    if (command->verify) return verifyRaceFile(command->out, command->samples, command->seed, out);
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
