// The last step of the command line: the seats, tables and defaults the options left
// open, and the checks that need every option at once.

#include <fmt/format.h>

#include <algorithm>

#include "match/cli/cli_internal.h"
#include "match/engines/ccp_client.h"
#include "match/tournament/schedule.h"
#include "util/text.h"

namespace cc::match::cli {

namespace {

Expected<void> parseLineup(const Words& words, size_t engineCount, std::vector<int>& lineup) {
    if (words.size() != 1) return Error{"-lineup takes one list, e.g. 1,2,2"};
    for (std::string_view part : split(words[0], ',')) {
        const std::optional<int> engine = parseInt(part);
        if (!engine || *engine < 1 || size_t(*engine) > engineCount) {
            return Error{
                fmt::format("-lineup: '{}' is not an engine number 1..{}", part, engineCount)};
        }
        lineup.push_back(*engine - 1);
    }
    return {};
}

}  // namespace

Expected<void> completeMatch(ParseState& state) {
    MatchConfig& config = state.config;
    const Words& lineupWords = state.lineupWords;
    if (state.engineWords.empty())
        return Error{"no engines: give -engine cmd=CMD ... at least once"};
    if (Expected<void> done = buildEngines(state); !done) return done;
    const size_t players = size_t(config.rules.players);
    if (config.tournament == Tournament::None && lineupWords.empty() &&
        config.engines.size() > players) {
        config.tournament = Tournament::RoundRobin;
    }
    if (config.tournament != Tournament::None) {
        if (!lineupWords.empty()) {
            return Error{"-lineup is for matches: a tournament seats its engines itself"};
        }
        if (config.engines.size() < players) {
            return Error{
                fmt::format("a tournament for {} players needs at least {} engines, got {}",
                            players, players, config.engines.size())};
        }
        config.tables =
            tournamentTables(int(config.engines.size()), int(players), config.tournament);
    } else if (!lineupWords.empty()) {
        if (Expected<void> done = parseLineup(lineupWords, config.engines.size(), config.lineup);
            !done)
            return done;
        if (config.lineup.size() != players) {
            return Error{fmt::format("-lineup lists {} engines but the rules have {} players",
                                     config.lineup.size(), players)};
        }
    } else {
        // The last engine fills the seats left: one engine against N-1 copies of another.
        for (size_t player = 0; player < players; ++player) {
            config.lineup.push_back(int(std::min(player, config.engines.size() - 1)));
        }
    }
    if (config.tournament == Tournament::None) config.tables = {config.lineup};
    if (config.sprt && config.engines.size() != 2) {
        return Error{"-sprt tests the first engine against the second: two engines only"};
    }
    const auto named = [&](const EngineSpec& engine) { return engine.name == config.anchor.name; };
    if (!config.anchor.name.empty() &&
        std::none_of(config.engines.begin(), config.engines.end(), named)) {
        return Error{fmt::format("-anchor: no engine named '{}'", config.anchor.name)};
    }
    if (config.gamesPerRound == 0) config.gamesPerRound = int(players);
    if ((config.resign || config.draw) && players != 2) {
        return Error{
            "-resign and -draw read one engine's score against the other's: two players only"};
    }
    if (Expected<void> done = ccpMatchRefusal(config); !done) return done;
    return ccerlFormatsRefusal(config);
}

}  // namespace cc::match::cli
