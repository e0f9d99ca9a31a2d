#pragma once
// Perft's last two plies in one count. Only perft counts this way, so it lives with the
// perft tool rather than in core.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"

namespace cc {

// perft 2 below `parent` whose legal moves are `moves` (a finished child is one leaf),
// without regenerating what the children share: the next player's pieces are counted
// once on the parent's board, and only those whose moves the parent's move can reach
// are counted again.
uint64_t countGrandchildren(const Position& parent, const MoveList& moves);

}  // namespace cc
