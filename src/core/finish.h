#pragma once
// The finishing rule (protocol-spec/rules.md): whether an army stands finished on the
// board, or would right after a swap. Move generation (final swaps) and playing a move
// both ask it.

#include "core/position.h"

namespace cc {

// Whether the army meets its finishing rule (all / fill, king on tip) on the board.
bool armyMeetsFinish(const Position& position, Seat seat);
// Whether the army meets its finishing rule right after its piece swaps from -> to.
bool swapCompletesArmy(const Position& position, Seat seat, Hole from, Hole to);
// The hole of the army's king, kNoHole without one.
Hole kingOf(const Position& position, Seat seat);

}  // namespace cc
