#include "core/movegen.h"

#include <algorithm>

#include "core/game.h"
#include "core/movegen_internal.h"

namespace cc {

using movegen::floodAnyStyle;
using movegen::HopLandings;
using movegen::hopLandings;
using movegen::HopStyle;
using movegen::mustLeaveMayApply;
using movegen::PieceContext;
using movegen::pieceContext;
using movegen::PieceMoves;
using movegen::pieceMoves;
using movegen::shortHopReach;
using movegen::SideContext;

namespace {

HopLandings hopLandingsAnyStyle(const PieceContext& context, Hole at) {
    switch (context.style) {
        case HopStyle::Short:
            return hopLandings<HopStyle::Short>(context, at);
        case HopStyle::Long:
            return hopLandings<HopStyle::Long>(context, at);
        default:
            return hopLandings<HopStyle::KingRow>(context, at);
    }
}

// Pieces that may move this turn: the mover's armies that have not finished.
Bitboard movablePieces(const Position& position) {
    Bitboard pieces;
    for (Seat seat : position.layout().armies(position.mover())) {
        if (!position.armyDone(seat)) pieces |= position.army(seat);
    }
    return pieces;
}

// Calls visit(seat, from) for every piece that may move this turn, army by army.
template <typename Visit>
CC_HOT void forEachMovablePiece(const Position& position, Visit&& visit) {
    for (Seat seat : position.layout().armies(position.mover())) {
        if (position.armyDone(seat)) continue;
        for (Hole from : position.army(seat)) visit(seat, from);
    }
}

// The same in ascending hole order, whatever army a piece belongs to: the order
// `legal` lists moves in.
template <typename Visit>
void forEachMovablePieceInOrder(const Position& position, Visit&& visit) {
    const std::vector<Seat>& armies = position.layout().armies(position.mover());
    for (Hole from : movablePieces(position)) {
        for (Seat seat : armies) {
            if (position.army(seat).test(from)) visit(seat, from);
        }
    }
}

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

// Must-leave: when some move takes one of the mover's pieces out of a blocked goal,
// only such moves remain.
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

}  // namespace

bool movegen::inBlockedGoal(const Position& position) {
    return blockedGoals(position).all.intersects(movablePieces(position));
}

void generateLegal(const Position& position, MoveList& moves) {
    moves.clear();
    if (position.over()) return;
    const SideContext side(position);
    forEachMovablePieceInOrder(position, [&](Seat seat, Hole from) {
        const PieceMoves reached = pieceMoves(side, pieceContext(side, seat, from));
        for (Hole to : reached.normal) moves.push(Move::normal(from, to));
        for (Hole to : reached.swaps) moves.push(Move::swap(from, to));
    });
    if (position.layout().rules().mustLeave) applyMustLeave(position, moves);
    if (moves.empty()) moves.push(Move::pass());
}

bool listDestinations(const Position& position, PieceDestinationList& pieces) {
    pieces.clear();
    if (position.over() || mustLeaveMayApply(position)) return false;
    const SideContext side(position);
    forEachMovablePieceInOrder(position, [&](Seat seat, Hole from) {
        const PieceMoves reached = pieceMoves(side, pieceContext(side, seat, from));
        if (reached.normal.any() || reached.swaps.any())
            pieces.push(PieceDestinations{seat, from, reached.normal, reached.swaps});
    });
    return true;
}

uint64_t countLegal(const Position& position) {
    if (position.over()) return 0;
    if (mustLeaveMayApply(position)) {
        MoveList moves;
        generateLegal(position, moves);
        return uint64_t(moves.size());
    }
    const SideContext side(position);
    const Bitboard special = position.kings() | side.goalLocked;
    uint64_t count = 0;
    forEachMovablePiece(position, [&](Seat seat, Hole from) {
        if (side.plainArmy[seat] && !special.test(from)) {
            const Bitboard here = Bitboard::fromHole(from);
            const Bitboard reach =
                shortHopReach(side.shortHops, from, side.bridges & ~here, side.blocked);
            const Bitboard steps = side.geometry.neighbours(from) & ~side.occupied;
            count += uint64_t(((steps | reach) & side.endMask).count());
            return;
        }
        const PieceMoves reached = pieceMoves(side, pieceContext(side, seat, from));
        count += uint64_t(reached.normal.count() + reached.swaps.count());
    });
    return count == 0 ? 1 : count;
}

std::vector<Hole> shortestPath(const Position& position, Move move) {
    if (!move.isPieceMove()) return {};
    if (Geometry::get().neighbours(move.from).test(move.to)) return {move.from, move.to};
    const SideContext side(position);
    const PieceContext context = pieceContext(side, position.seatAt(move.from), move.from);
    constexpr uint8_t kUnreached = 0xff;
    std::array<uint8_t, kHoleCount> parents;
    parents.fill(kUnreached);
    floodAnyStyle<true>(context, &parents);
    // A move the flood did not reach has no path; the walk also stops rather than
    // loop should the parents ever form a cycle.
    std::vector<Hole> path{move.to};
    for (Hole at = move.to; at != move.from;) {
        if (parents[at] == kUnreached || path.size() > kHoleCount) return {};
        at = parents[at];
        path.push_back(at);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

bool isHopChain(const Position& position, const std::vector<Hole>& path, bool swapEnd) {
    if (path.size() < 2) return false;
    const Seat seat = position.seatAt(path.front());
    if (seat < 0) return false;
    const SideContext side(position);
    const PieceContext context = pieceContext(side, seat, path.front());
    bool inChainGoal = false;  // goallock=chain: a hop has landed in the goal
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        const bool last = i + 2 == path.size();
        const HopLandings reached = hopLandingsAnyStyle(context, path[i]);
        Bitboard allowed = !last     ? reached.open & context.landMask
                           : swapEnd ? reached.swaps
                                     : reached.open & context.endMask;
        if (inChainGoal) allowed &= context.chainGoal;
        if (!allowed.test(path[i + 1])) return false;
        inChainGoal = inChainGoal || context.chainGoal.test(path[i + 1]);
    }
    return true;
}

}  // namespace cc
