#pragma once
// Perft: leaf count of the move tree, every listed move (pass included) a ply, a
// finished game a leaf. The last ply is counted in bulk.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

#include "core/game.h"

namespace cc {

// Leaves `depth` plies below the game's current position, counted by `threads`
// threads that share out the subtrees of the first two plies. `perMove`, when set, is
// told each root move's subtotal (perft divide), in the order of the legal moves and on
// the calling thread. No count when `stop` became true before the count was complete.
std::optional<uint64_t> perft(const Game& game, int depth,
                              const std::function<void(Move, uint64_t)>& perMove = nullptr,
                              const std::atomic<bool>* stop = nullptr, int threads = 1);

}  // namespace cc
