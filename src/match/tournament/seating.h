#pragma once
// Seat rotation (protocol-spec/match.md, "Seats"): game k of a round shifts the lineup
// by k places, so over a full rotation every engine of the lineup plays every player
// number once, hence every seat and every place in the turn order.

#include <vector>

namespace cc::match {

// The engine of each player in the game with this rotation: player p gets the
// lineup's entry (p + rotation) mod players.
std::vector<int> rotateLineup(const std::vector<int>& lineup, int rotation);

}  // namespace cc::match
