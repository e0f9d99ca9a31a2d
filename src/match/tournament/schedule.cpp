#include "match/tournament/schedule.h"

#include "match/tournament/seating.h"

namespace cc::match {

namespace {

// Every ascending choice of `size` numbers from [first, count), appended after `prefix`.
void choose(int first, int count, int size, std::vector<int>& prefix,
            std::vector<std::vector<int>>& out) {
    if (size == 0) {
        out.push_back(prefix);
        return;
    }
    for (int engine = first; engine + size <= count; ++engine) {
        prefix.push_back(engine);
        choose(engine + 1, count, size - 1, prefix, out);
        prefix.pop_back();
    }
}

}  // namespace

std::vector<std::vector<int>> tournamentTables(int engines, int players, Tournament kind) {
    std::vector<std::vector<int>> tables;
    std::vector<int> prefix;
    if (kind == Tournament::Gauntlet) {
        prefix.push_back(0);
        choose(1, engines, players - 1, prefix, tables);
    } else {
        choose(0, engines, players, prefix, tables);
    }
    return tables;
}

std::vector<ScheduledGame> scheduleShard(const MatchConfig& config) {
    std::vector<ScheduledGame> games;
    const int perTable = config.gamesPerRound;
    const int perRound = perTable * int(config.tables.size());
    for (int round = 0; round < config.rounds; ++round) {
        if (round % config.shard.count != config.shard.index - 1) continue;
        for (size_t table = 0; table < config.tables.size(); ++table) {
            for (int index = 0; index < perTable; ++index) {
                // Round r starts its rotations at r: the game of a pair (or rotation) that
                // is started first, and so may run beside other games, is not always
                // the one with the lineup's first engine as the first player.
                games.push_back({round * perRound + int(table) * perTable + index + 1, round,
                                 rotateLineup(config.tables[table], index + round)});
            }
        }
    }
    return games;
}

}  // namespace cc::match
