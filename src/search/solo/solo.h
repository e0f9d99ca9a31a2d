#pragma once
// The solo puzzle (players=1): the fewest moves to bring every piece home. A beam
// search widens until the time runs out, pruned by a sound bound (every piece outside
// its goal needs at least one more move); the best transfer found is kept as a plan, so
// repeated `go` calls follow it move by move.

#include <cstdint>
#include <vector>

#include "search/search.h"

namespace cc {

class SoloPlan {
  public:
    // The plan's move for this position, if the position lies on the plan.
    [[nodiscard]] std::optional<Move> next(const Position& position) const;
    [[nodiscard]] int remaining(const Position& position) const;
    [[nodiscard]] std::vector<PlayedMove> line(const Position& position) const;
    void set(const Position& start, const std::vector<Move>& moves);
    void clear() { keys_.clear(), moves_.clear(); }

  private:
    [[nodiscard]] std::optional<size_t> find(const Position& position) const;
    std::vector<uint64_t> keys_;  // the position before each move
    std::vector<Move> moves_;
};

SearchResult solveSolo(const SearchContext& context, SoloPlan& plan, const TimeBudget& budget);

}  // namespace cc
