#pragma once
// Playing a race from the table: once the mover's army stands in the table's family and
// no other piece comes near it, its race is the single-agent one the table solves, and a
// move to a placement one move nearer the end is a best move, at any player count: no
// move of the army can then help or hinder another, and finishing sooner never ranks a
// player lower (protocol-spec/measurements-race.md, Playing the race from the table).
// Solo games have their own search of the whole transfer (search/solo/solo.h).

#include <optional>

#include "core/move.h"
#include "core/position.h"
#include "search/race/table.h"

namespace cc::race {

// Whether the race of `seat`'s army is the table's: every piece of it in the family, and
// every other piece at least three steps from every hole of the family's region (a chain
// then lands only next to the region and hops only over the army's own pieces).
bool raceIsAlone(const RaceTable& table, const Position& position, Seat seat);

// The first of `moves` that brings the mover's one army a move nearer the end by the
// table, when its race is alone and the game has two players or more; none otherwise.
std::optional<Move> raceTableMove(const RaceTable& table, const Position& position,
                                  const MoveList& moves);

}  // namespace cc::race
