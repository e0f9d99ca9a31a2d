#pragma once
// A home left open to a fill finish (protocol-spec/rules.md §5: under finish=fill a goal
// is full once every hole is occupied and one piece is the army's own, whoever holds the
// rest). Our home is the goal of the army opposite; while our own pieces still hold most
// of it, the army opposite needs only the few holes we opened, and a chain into them
// finishes it within a turn or two: the shortest race on the board. The Monte-Carlo
// search sees it only where its playouts happen to take those chains, so the root asks
// this check directly (protocol-spec/play.md, A home left open).

#include <cstdint>

#include "core/move.h"
#include "core/position.h"

namespace cc {

class FillThreat {
  public:
    // `turns`: how many of the opposite army's own turns to look at.
    FillThreat(const Layout& layout, int turns);

    // Whether an army whose goal is a home of `defender` can fill it within the horizon
    // by its own moves alone, every other piece frozen where it stands (the players in
    // between may move, but the threat is the fill the board already offers).
    [[nodiscard]] bool threatened(const Position& position, int defender);

    // The moves after which no such fill is in reach, where the mover's home is
    // threatened after some move; all of them where a player has several armies, when
    // none is threatened, none is safe, or
    // the check would list the moves of more than kRootNodes positions (where each player has
    // several armies the lines multiply: the search must not wait on its root).
    [[nodiscard]] MoveList keepingHomeFillable(const Position& root, const MoveList& moves);

    static constexpr uint64_t kRootNodes = 12000;

  private:
    // Whether `attacker` (the army of `seat`) fills its goal within `turns` own moves.
    [[nodiscard]] bool fills(const Position& position, Seat seat, int turns);
    // The empty holes of the goal of `seat`: each own move fills at most one.
    [[nodiscard]] int emptyGoalHoles(const Position& position, Seat seat) const;

    const Layout* layout_;
    int turns_;
    uint64_t nodes_ = 0;
    uint64_t nodeLimit_ = UINT64_MAX;  // kRootNodes within keepingHomeFillable
};

}  // namespace cc
