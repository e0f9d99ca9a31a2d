#include "tools/perft_counts.h"

#include <optional>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/movegen_internal.h"

namespace cc {
namespace {

using movegen::HopStyle;
using movegen::mustLeaveMayApply;
using movegen::PieceContext;
using movegen::pieceContext;
using movegen::PieceMoves;
using movegen::pieceMoves;
using movegen::SideContext;

// Holes whose contents a step or hop from a hole looks at. A short hop looks at the
// neighbours (bridges, steps) and the holes two along each line (landings); long hops
// and king rows look along whole lines.
class HopZones {
  public:
    HopZones() {
        const Geometry& geometry = Geometry::get();
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            for (int d = 0; d < kDirectionCount; ++d) {
                lines_[hole] |= geometry.rayMask(hole, d);
                for (int i = 0; i < 2 && geometry.ray(hole, d)[i] != kNoHole; ++i) {
                    short_[hole].set(geometry.ray(hole, d)[i]);
                }
            }
        }
    }
    [[nodiscard]] Bitboard zone(Hole hole, HopStyle style) const {
        return style == HopStyle::Short ? short_[hole] : lines_[hole];
    }

  private:
    std::array<Bitboard, kHoleCount> short_{};
    std::array<Bitboard, kHoleCount> lines_{};
};

const HopZones& hopZones() {
    static const HopZones zones;
    return zones;
}

// One piece of the player who moves in the children, counted on the parent's board.
struct CachedPiece {
    Seat seat;
    Hole from;
    uint64_t count;  // its moves
    Bitboard zone;   // holes whose change can change them
};

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
        pieces_.clear();
        Position asMover = parent;
        asMover.setMover(mover, false);
        const SideContext side(asMover);
        const HopZones& zones = hopZones();
        for (Seat seat : parent.layout().armies(mover)) {
            if (((doneArmies >> seat) & 1U) != 0) continue;
            for (Hole from : parent.army(seat)) {
                const PieceContext context = pieceContext(side, seat, from);
                const PieceMoves moves = pieceMoves(side, context);
                Bitboard zone = zones.zone(from, context.style);
                for (Hole landing : moves.landings) zone |= zones.zone(landing, context.style);
                pieces_.push_back(
                    {seat, from, uint64_t(moves.normal.count() + moves.swaps.count()), zone});
            }
        }
    }

    // The moves of the child where the parent's piece went from -> to.
    [[nodiscard]] uint64_t count(const Position& child, Hole from, Hole to) const {
        uint64_t total = 0;
        std::optional<SideContext> side;
        for (const CachedPiece& piece : pieces_) {
            if (!piece.zone.test(from) && !piece.zone.test(to)) {
                total += piece.count;
                continue;
            }
            if (!side) side.emplace(child);
            const PieceMoves moves = pieceMoves(*side, pieceContext(*side, piece.seat, piece.from));
            total += uint64_t(moves.normal.count() + moves.swaps.count());
        }
        return total == 0 ? 1 : total;  // no move: the automatic pass
    }

  private:
    int mover_ = -1;
    uint8_t doneArmies_ = 0;
    std::vector<CachedPiece> pieces_;
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
