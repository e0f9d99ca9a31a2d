#pragma once
// The race table in memory and its probes: the fewest moves an army needs to finish
// alone on the board, exact for the placements of its family (search/race/family.h),
// estimated beyond it (protocol-spec/measurements-race.md, Beyond the table).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/rules.h"
#include "search/race/family.h"
#include "search/race/index.h"
#include "util/expected.h"

namespace cc::race {

struct RaceCount {
    int moves = 0;
    bool exact = false;
};

class RaceTable {
  public:
    RaceTable(int rows, std::vector<uint8_t> values);
    static Expected<std::shared_ptr<const RaceTable>> load(const std::string& path);

    [[nodiscard]] const Family& family() const { return family_; }
    [[nodiscard]] uint64_t size() const { return values_.size(); }
    // The table's value of a placement of ten pieces seen from the south; none when a
    // piece stands outside the family or no move sequence finishes.
    [[nodiscard]] std::optional<int> exact(Bitboard fromSouth) const;
    // Exact in the family; beyond it, each piece outside is put on the nearest free hole
    // of the region, and the army pays a move per kStepsPerMove steps of their ways there
    // together (pieces outside travel in hop chains, several rows a move).
    [[nodiscard]] std::optional<RaceCount> count(Bitboard fromSouth) const;

    // Steps the pieces outside the region are taken to cover per move on their way in
    // (protocol-spec/measurements-race.md, Beyond the table).
    static constexpr int kStepsPerMove = 6;

  private:
    Family family_;
    PlacementIndex index_;
    std::vector<uint8_t> values_;
};

// Whether the table counts moves of these rules: short hops, ten pieces, no king, no
// goal lock, no bonus moves, no spare pieces; other arms free or pass-through (a chain
// may land in them on its way).
bool raceCovers(const Rules& rules);

}  // namespace cc::race
