#pragma once
// What `go` asked for (protocol-spec/protocol.md, go): per-player clocks and
// increments, moves to the next time control, fixed time, depth or nodes, infinite,
// and the root moves to consider. A limit not given never influences the search.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/move.h"
#include "core/rules.h"

namespace cc {

struct SearchLimits {
    std::array<std::optional<int64_t>, kMaxPlayers> time{};       // ms left, by player
    std::array<std::optional<int64_t>, kMaxPlayers> increment{};  // ms per move, by player
    std::optional<int> movesToGo;
    std::optional<int64_t> moveTime;  // ms
    std::optional<int> depth;
    std::optional<uint64_t> nodes;
    bool infinite = false;
    // `go ponder`: search without limit until `ponderhit` (then the limits above apply,
    // timed from it) or `stop`.
    bool ponder = false;
    std::vector<Move> searchMoves;  // empty: every legal move
    // The longest the search may run, whatever else was asked (a server's limit,
    // protocol-spec/gui.md): it ends the search, not the wait of `infinite` for `stop`.
    std::optional<int64_t> capMs;
    // When `go` arrived: every budget counts from here, not from when the worker began.
    std::chrono::steady_clock::time_point received = std::chrono::steady_clock::now();

    // Whether anything but `stop` ends the search.
    [[nodiscard]] bool bounded(int mover) const {
        return !infinite && !ponder && (time[mover] || moveTime || depth || nodes);
    }
};

}  // namespace cc
