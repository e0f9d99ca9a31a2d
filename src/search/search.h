#pragma once
// One entry point for thinking: think(context) -> result. The search never prints: it
// reports through callbacks, and the engine facade turns reports into protocol lines.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "search/threads.h"
#include "search/time/limits.h"
#include "search/time/timeman.h"
#include "search/tt.h"

namespace cc {

// How three to six players are searched (protocol-spec/protocol.md, option Method).
// Automatic: the method the matches chose for the player count (methodFor).
enum class MultiPlayerMethod { Automatic, BestReply, Paranoid, MonteCarlo };
// Who chooses the move: the search, or a built-in reference player.
enum class PlayerKind { Search, Greedy, Spoiler, Random };

struct SearchOptions {
    int threads = 1;
    int multiPv = 1;
    MultiPlayerMethod method = MultiPlayerMethod::Automatic;
    PlayerKind player = PlayerKind::Search;
    uint64_t seed = 0;
    int skill = 20;  // 20: full strength
    // UCI_LimitStrength and UCI_Elo: play at this rating (search/think/strength.h).
    bool limitStrength = false;
    int elo = 1000;
    Millis moveOverhead{30};
};

// A score from the mover's point of view: centi-steps, or the mover's own turns to a
// proven finish (negative: an opponent gets there first).
struct Score {
    bool mate = false;
    int value = 0;
};

// A move with the player who makes it: best-reply search lets opponents answer out of
// the real turn order, so a line is not always replayable as it stands.
struct PlayedMove {
    Move move;
    int player;
};

struct SearchReport {
    int depth = 0;
    int seldepth = 0;
    int multiPv = 1;
    Score score;
    Bound bound = Bound::Exact;  // Lower / Upper: an aspiration window failed
    uint64_t nodes = 0;
    Millis time{0};
    int hashfull = 0;
    std::vector<PlayedMove> pv;
};

struct SearchCallbacks {
    std::function<void(const SearchReport&)> onReport;
    std::function<void(std::string_view)> onMessage;  // becomes `info string`
};

struct SearchResult {
    std::optional<Move> best;          // none when the game is over
    std::optional<SearchReport> last;  // the last report made, if any
    uint64_t nodes = 0;
};

class SoloPlan;
class MctsKeptTree;
namespace race {
class RaceTable;
}

struct SearchContext {
    const Game& game;
    const SearchLimits& limits;
    const SearchOptions& options;
    TranspositionTable& table;
    const std::atomic<bool>& stop;
    SearchCallbacks callbacks;
    SoloPlan& soloPlan;  // the solo puzzle's plan, kept between `go` calls
    SearchThreads& threads;
    MctsKeptTree* mctsTree = nullptr;  // the Monte-Carlo tree kept between `go` calls; none: fresh
    // The race table (search/race/), when one is loaded: a race no army meets any more is
    // played from it at two players.
    const race::RaceTable* race = nullptr;
};

// The method a search with `method` uses for `players` players: Automatic resolved.
MultiPlayerMethod methodFor(MultiPlayerMethod method, int players);

// Chooses a move for the player to move in the game's current position. Returns when
// the limits are reached or `stop` becomes true (under `infinite` only then).
SearchResult think(const SearchContext& context);

}  // namespace cc
