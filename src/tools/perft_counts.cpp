#include "tools/perft_counts.h"

#include <vector>

#include "core/game.h"
#include "core/movegen.h"

namespace cc {
namespace {

// The counts of one player's pieces on the parent's board, reused by every child in
// which only holes outside a piece's zone changed.
class ChildMoverCache {
  public:
    // Whether the cache holds `mover`'s pieces with these armies done.
    [[nodiscard]] bool holds(int mover, uint8_t doneArmies) const {
        return mover_ == mover && doneArmies_ == doneArmies;
    }

    void build(const Position& parent, int mover, uint8_t doneArmies) {
        mover_ = mover;
        doneArmies_ = doneArmies;
        countPieceMoves(parent, mover, doneArmies, pieces_);
    }

    // The moves of the child where the parent's piece went from -> to.
    [[nodiscard]] uint64_t count(const Position& child, Hole from, Hole to) const {
        return recountPieceMoves(child, pieces_, Bitboard::fromHole(from) | Bitboard::fromHole(to));
    }

  private:
    int mover_ = -1;
    uint8_t doneArmies_ = 0;
    std::vector<PieceMoveCount> pieces_;
};

uint8_t doneArmiesOf(const Position& position, int player) {
    uint8_t done = 0;
    for (Seat seat : position.layout().armies(player)) {
        if (position.armyDone(seat)) done |= uint8_t(1U << seat);
    }
    return done;
}

}  // namespace

uint64_t countGrandchildren(const Position& parent, const MoveList& moves) {
    const Rules& rules = parent.layout().rules();
    // A final swap depends on the whole army, not only on holes near the piece.
    const bool local = rules.swap != SwapRule::Final;
    ChildMoverCache cache;
    uint64_t total = 0;
    for (const Move move : moves) {
        Position child = parent;
        playMove(child, move);
        if (child.over()) {
            ++total;
            continue;
        }
        const int mover = child.mover();
        if (!local || move.kind != MoveKind::Normal || mover == parent.mover() ||
            mustLeaveMayApply(child)) {
            total += countLegal(child);
            continue;
        }
        const uint8_t done = doneArmiesOf(child, mover);
        if (!cache.holds(mover, done)) cache.build(parent, mover, done);
        total += cache.count(child, move.from, move.to);
    }
    return total;
}

}  // namespace cc
