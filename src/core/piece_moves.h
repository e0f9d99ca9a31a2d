#pragma once
// The moves of one piece (private to core/movegen*.cpp): what all the mover's pieces
// share, what one piece's moves depend on, and its destinations.

#include <array>

#include "core/finish.h"
#include "core/flood.h"
#include "core/layout.h"
#include "core/move.h"
#include "core/position.h"

namespace cc::movegen {

// What the moves of all the mover's pieces share, computed once per position.
struct SideContext {
    const Position& position;
    const Layout& layout;
    const Geometry& geometry = Geometry::get();
    const ShortHops& shortHops = movegen::shortHops();
    HopStyle style = HopStyle::Short;
    bool goalLock = false;
    bool goalChain = false;  // goallock=chain: a chain that lands in the goal stays there
    bool swapFinal = false;
    Bitboard occupied;
    Bitboard bridges;  // pieces that may be hopped over (no kings)
    Bitboard landMask;
    Bitboard endMask;
    Bitboard swappable;   // other players' pieces, which a swap may displace (swaps on)
    Bitboard blocked;     // holes no hop may land on: occupied or outside the landing mask
    Bitboard goalLocked;  // holes where a piece is held by goal lock (its own goal)
    // Armies whose pieces (kings and goal-locked pieces aside) hop short with no swap
    // target: their moves follow from the shared sets above (countLegal's fast path).
    std::array<bool, kSeatCount> plainArmy{};

    explicit SideContext(const Position& at);
};

CC_HOT PieceContext pieceContext(const SideContext& side, Seat seat, Hole from) {
    const Bitboard here = Bitboard::fromHole(from);
    const Bitboard goal = side.layout.goal(seat);
    const bool locked = side.goalLock && goal.test(from);
    const Bitboard kings = side.position.kings();
    return PieceContext{
        .from = from,
        .seat = seat,
        .style = kings.test(from) ? HopStyle::KingRow : side.style,
        .occupied = side.occupied & ~here,
        .bridges = side.bridges & ~here,
        .kings = kings,
        .landMask = locked ? goal : side.landMask,
        .endMask = locked ? goal : side.endMask,
        .swapTargets = side.swappable & goal,
        .chainGoal = side.goalChain && !locked ? goal : Bitboard(),
        .shortHops = &side.shortHops,
        .geometry = &side.geometry,
    };
}

struct PieceMoves {
    Bitboard normal;
    Bitboard swaps;
    Bitboard landings;  // every hole its hop chains land on
};

CC_HOT PieceMoves pieceMoves(const SideContext& side, const PieceContext& context) {
    const FloodResult reached = floodAnyStyle<false>(context, nullptr);
    const Bitboard around = side.geometry.neighbours(context.from);
    PieceMoves moves;
    moves.normal = ((around & ~context.occupied) | reached.landings) & context.endMask;
    moves.swaps = (around & context.swapTargets) | reached.swaps;
    moves.landings = reached.landings;
    if (moves.swaps.any() && side.swapFinal) {
        Bitboard completing;
        for (Hole target : moves.swaps) {
            if (swapCompletesArmy(side.position, context.seat, context.from, target)) {
                completing.set(target);
            }
        }
        moves.swaps = completing;
    }
    return moves;
}

// The destinations of a piece of a plain army (SideContext::plainArmy) that is neither
// a king nor goal-locked: steps and chains of short hops, no swaps. What pieceMoves
// gives such a piece, without building its context (countLegal's fast path).
CC_HOT Bitboard plainPieceMoves(const SideContext& side, Hole from) {
    const Bitboard reach =
        shortHopReach(side.shortHops, from, side.bridges & ~Bitboard::fromHole(from), side.blocked);
    const Bitboard steps = side.geometry.neighbours(from) & ~side.occupied;
    return (steps | reach) & side.endMask;
}

// Pieces that may move this turn: the mover's armies that have not finished.
Bitboard movablePieces(const Position& position);

// Must-leave: when some move takes one of the mover's pieces out of a blocked goal,
// only such moves remain.
void applyMustLeave(const Position& position, MoveList& moves);

}  // namespace cc::movegen
