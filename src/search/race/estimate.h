#pragma once
// Moves to finish for any army, anywhere: the fewest moves it needs alone on the board,
// exact from the race table in its family, and beyond it (or without a table) estimated
// by networks fitted to the solo planner's transfers on lone armies from six-player games
// (protocol-spec/measurements-race.md, Moves to finish anywhere). The one count the
// engine asks for an army's race.

#include <array>
#include <optional>

#include "core/position.h"
#include "search/race/table.h"

namespace cc::race {

// The placement's features the networks read, in the order of scripts/lib/
// army_geometry.py's `estimate_features` (ten pieces seen from the south).
inline constexpr size_t kEstimateFeatures = 22;
[[nodiscard]] std::array<float, kEstimateFeatures> placementFeatures(Bitboard fromSouth);

// The networks' raw estimate of a placement's moves, with the table's count beyond its
// family as an input or without a table.
[[nodiscard]] float rawEstimate(Bitboard fromSouth, std::optional<int> tableCount);

// The count of ten pieces seen from the south: exact where the table has the placement;
// else the estimate, rounded, and never below the pieces still outside the goal (each
// needs a move of its own).
[[nodiscard]] std::optional<RaceCount> placementCount(const RaceTable* table, Bitboard fromSouth);

// The army on `seat` as if alone; none when the rules are not the ones counted
// (raceCovers) or the army is not ten pieces.
[[nodiscard]] std::optional<RaceCount> armyRace(const RaceTable* table, const Position& position,
                                                Seat seat);
// The sum over the player's armies (exact only for one army whose count is exact).
[[nodiscard]] std::optional<RaceCount> playerRace(const RaceTable* table, const Position& position,
                                                  int player);

}  // namespace cc::race
