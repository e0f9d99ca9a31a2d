#pragma once
// A record's game rebuilt by the referee (protocol-spec/match.md, "Records"): its rules,
// its opening, then its moves one by one; for -replay and the report's win-chance graphs.

#include <functional>
#include <memory>

#include "core/game.h"
#include "match/records/game_record.h"
#include "util/expected.h"

namespace cc::match {

// The game after the record's opening (Rules and Opening tags).
Expected<Game> recordStart(const GameRecord& record);

// Plays the record's moves from recordStart, calling `played(ply, mover, after)` after
// each (ply 1-based, mover 0-based); an error names the game and the ply it cannot play.
Expected<void> replayRecord(
    const GameRecord& record,
    const std::function<void(int ply, int mover, const Game& after)>& played);

}  // namespace cc::match
