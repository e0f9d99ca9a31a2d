#include "tools/bench.h"

#include <fmt/format.h>

#include "core/movegen.h"
#include "core/presets.h"
#include "core/rules_text.h"
#include "search/players.h"
#include "search/solo/solo.h"
#include "util/text.h"

namespace cc {
namespace {

constexpr uint64_t kOpeningSeed = 1;

// Leaves the start after two greedy moves per player, so the position is not the
// symmetric start and every preset's own rules have begun to matter.
Game benchGame(const std::shared_ptr<const Layout>& layout) {
    Game game(layout, Position::start(*layout));
    MoveList moves;
    for (int ply = 0; ply < 2 * layout->players() && !game.position().over(); ++ply) {
        generateLegal(game.position(), moves);
        game.play(greedyMove(game.position(), moves, kOpeningSeed));
    }
    return game;
}

}  // namespace

BenchTotals runBench(int depth, int threads, SearchThreads& searchThreads,
                     const std::atomic<bool>& stop,
                     const std::function<void(std::string_view line)>& onMessage) {
    TranspositionTable table(kBenchHashMegabytes);
    return runBench(depth, threads, searchThreads, table, stop, onMessage);
}

BenchTotals runBench(int depth, int threads, SearchThreads& searchThreads,
                     TranspositionTable& table, const std::atomic<bool>& stop,
                     const std::function<void(std::string_view line)>& onMessage) {
    BenchTotals totals;
    SearchOptions options;
    options.threads = threads;
    SearchLimits limits;
    limits.depth = depth;
    int index = 0;
    for (const PresetDefinition& preset : presetDefinitions()) {
        for (int players = 2; players <= kMaxPlayers; ++players) {
            const std::string words = fmt::format("preset={} players={}", preset.name, players);
            const Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(words));
            if (!rules.ok()) continue;  // a player count the preset is not for
            const auto layout = Layout::make(*rules);
            const Game game = benchGame(layout);
            table.clear();
            searchThreads.clearMemory();
            limits.received = std::chrono::steady_clock::now();
            SoloPlan plan;
            const SearchContext context{game, limits, options, table,
                                        stop, {},     plan,    searchThreads};
            const SearchResult result = think(context);
            totals.nodes += result.nodes;
            if (stop.load()) {
                totals.complete = false;
                return totals;
            }
            ++index;
            if (onMessage) {
                onMessage(fmt::format("bench {} preset={} players={} depth {} nodes {}", index,
                                      preset.name, players, depth, result.nodes));
            }
        }
    }
    return totals;
}

}  // namespace cc
