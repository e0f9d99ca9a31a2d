#include "match/records/whole_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "util/text.h"

namespace cc::match {

namespace {

Expected<void> noGameTwice(const std::vector<FiledRecord>& games) {
    for (size_t index = 1; index < games.size(); ++index) {
        const FiledRecord& first = games[index - 1];
        const FiledRecord& second = games[index];
        if (second.record.game == first.record.game) {
            return Error{fmt::format(
                "game {} (round {}) appears twice, in {} and in {}: a shard merged twice or "
                "played twice",
                second.record.game, second.record.round, first.file, second.file)};
        }
    }
    return {};
}

std::string numbers(const std::vector<int>& values) {
    std::vector<std::string> texts;
    texts.reserve(values.size());
    for (const int value : values) texts.push_back(std::to_string(value));
    return join(texts, ", ");
}

}  // namespace

Expected<void> checkWholeRun(const std::vector<FiledRecord>& games) {
    if (Expected<void> once = noGameTwice(games); !once) return once;
    const auto sharded = [](const FiledRecord& game) { return game.record.shardCount > 0; };
    if (std::none_of(games.begin(), games.end(), sharded)) return {};
    const GameRecord& first = games.front().record;
    for (const FiledRecord& game : games) {
        if (game.record.shardCount != first.shardCount || game.record.rounds != first.rounds) {
            return Error{fmt::format(
                "{}: game {} is not of the sharded run of game {} ({} shards, {} rounds)",
                game.file, game.record.game, first.game, first.shardCount, first.rounds)};
        }
    }
    // Every round of a run has the same number of games, so the fullest round tells how
    // many a round should have.
    std::map<int, int> gamesOfRound;
    for (const FiledRecord& game : games) ++gamesOfRound[game.record.round];
    int gamesPerRound = 0;
    for (const auto& [round, count] : gamesOfRound) gamesPerRound = std::max(gamesPerRound, count);

    std::vector<std::string> shortShards;
    for (int shard = 1; shard <= first.shardCount; ++shard) {
        std::vector<int> missing;
        std::vector<std::string> short_;
        // -shard I/N plays the rounds r (1-based) with (r - 1) mod N = I - 1.
        for (int round = shard; round <= first.rounds; round += first.shardCount) {
            const auto found = gamesOfRound.find(round);
            if (found == gamesOfRound.end()) {
                missing.push_back(round);
            } else if (found->second < gamesPerRound) {
                short_.push_back(fmt::format("round {} has {} of {} games", round, found->second,
                                             gamesPerRound));
            }
        }
        if (missing.empty() && short_.empty()) continue;
        std::vector<std::string> parts;
        if (!missing.empty()) {
            parts.push_back(
                fmt::format("round{} {} missing", missing.size() > 1 ? "s" : "", numbers(missing)));
        }
        parts.insert(parts.end(), short_.begin(), short_.end());
        shortShards.push_back(
            fmt::format("shard {}/{} ({})", shard, first.shardCount, join(parts, "; ")));
    }
    if (shortShards.empty()) return {};
    return Error{
        fmt::format("the run is not whole: {}; play each shard named again with its "
                    "-shard into a new record file and merge that in place of the old",
                    join(shortShards, ", "))};
}

}  // namespace cc::match
