#include "core/piece_moves.h"

#include <algorithm>

#include "core/movegen.h"

namespace cc::movegen {
namespace {

// Goals of other players' unfinished armies that are full but not all their owner's.
struct BlockedGoals {
    std::array<Bitboard, kSeatCount> goals{};
    int count = 0;
    Bitboard all;
};

BlockedGoals blockedGoals(const Position& position) {
    const Layout& layout = position.layout();
    BlockedGoals blocked;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (!layout.seatUsed(seat) || layout.owner(seat) == position.mover() ||
            position.armyDone(seat)) {
            continue;
        }
        const Bitboard goal = layout.goal(seat);
        if (position.occupied().contains(goal) && !position.army(seat).contains(goal)) {
            blocked.goals[blocked.count++] = goal;
            blocked.all |= goal;
        }
    }
    return blocked;
}

}  // namespace

SideContext::SideContext(const Position& at) : position(at), layout(at.layout()) {
    const Rules& rules = layout.rules();
    style = rules.hops == HopRange::Long ? HopStyle::Long : HopStyle::Short;
    goalLock = rules.goalLock != GoalLock::Off;
    goalChain = rules.goalLock == GoalLock::Chain;
    swapFinal = rules.swap == SwapRule::Final;
    occupied = at.occupied();
    bridges = occupied & ~at.kings();
    landMask = layout.landMask(at.mover());
    endMask = layout.endMask(at.mover());
    if (rules.swap != SwapRule::Off) {
        swappable = occupied & ~at.piecesOf(at.mover()) & ~at.spares();
    }
    blocked = occupied | ~landMask;
    for (Seat seat : layout.armies(at.mover())) {
        if (goalLock) goalLocked |= layout.goal(seat) & at.army(seat);
        plainArmy[seat] =
            style == HopStyle::Short && !goalChain && !swappable.intersects(layout.goal(seat));
    }
}

Bitboard movablePieces(const Position& position) {
    Bitboard pieces;
    for (Seat seat : position.layout().armies(position.mover())) {
        if (!position.armyDone(seat)) pieces |= position.army(seat);
    }
    return pieces;
}

void applyMustLeave(const Position& position, MoveList& moves) {
    const BlockedGoals blocked = blockedGoals(position);
    if (!blocked.all.intersects(movablePieces(position))) return;
    auto leaves = [&blocked](Move move) {
        return std::any_of(
            blocked.goals.begin(), blocked.goals.begin() + blocked.count,
            [&](Bitboard goal) { return goal.test(move.from) && !goal.test(move.to); });
    };
    int kept = 0;
    for (const Move move : moves) {
        if (leaves(move)) moves[kept++] = move;
    }
    if (kept > 0) moves.truncate(kept);
}

}  // namespace cc::movegen

bool cc::inBlockedGoal(const Position& position) {
    return movegen::blockedGoals(position).all.intersects(movegen::movablePieces(position));
}
