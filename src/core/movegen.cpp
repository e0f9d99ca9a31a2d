#include "core/movegen.h"

#include <algorithm>
#include <optional>

#include "core/piece_moves.h"

namespace cc {

using movegen::floodWithParents;
using movegen::HopLandings;
using movegen::hopLandingsAnyStyle;
using movegen::hopZone;
using movegen::movablePieces;
using movegen::PieceContext;
using movegen::pieceContext;
using movegen::PieceMoves;
using movegen::pieceMoves;
using movegen::plainPieceMoves;
using movegen::SideContext;

namespace {

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

}  // namespace

void generateLegal(const Position& position, MoveList& moves) {
    moves.clear();
    if (position.over()) return;
    const SideContext side(position);
    forEachMovablePieceInOrder(position, [&](Seat seat, Hole from) {
        const PieceMoves reached = pieceMoves(side, pieceContext(side, seat, from));
        for (Hole to : reached.normal) moves.push(Move::normal(from, to));
        for (Hole to : reached.swaps) moves.push(Move::swap(from, to));
    });
    if (position.layout().rules().mustLeave) movegen::applyMustLeave(position, moves);
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

std::optional<bool> armyReaches(const Position& position, Seat seat, Bitboard skip,
                                Bitboard targets) {
    if (position.over() || mustLeaveMayApply(position)) return std::nullopt;
    const std::vector<Seat>& armies = position.layout().armies(position.mover());
    if (std::find(armies.begin(), armies.end(), seat) == armies.end()) return false;
    const SideContext side(position);
    const Bitboard special = position.kings() | side.goalLocked;
    const Bitboard pieces = movablePieces(position) & position.army(seat) & ~skip;
    // A plain piece enters a target by a step from a neighbour, or by a short hop's last
    // landing from a hole one hop away (the same hole hops back over the same bridge),
    // where the chain began or landed before (an empty hole it may land on). Where no
    // target has such a hole, no plain piece reaches one: only the others are looked at.
    bool plainMayReach = false;
    if (side.plainArmy[seat]) {
        const Bitboard plain = pieces & ~special;
        const Bitboard entries = targets & side.endMask;
        for (Hole target : entries) {
            const Bitboard before = side.shortHops.landings(target, side.bridges);
            if (side.geometry.neighbours(target).intersects(plain) ||
                before.intersects(~side.blocked | plain))
                plainMayReach = true;
        }
    }
    for (Hole from : pieces) {
        // A plain piece's moves as countLegal takes them (piece_moves.h, plainPieceMoves).
        if (side.plainArmy[seat] && !special.test(from)) {
            if (!plainMayReach) continue;
            if (plainPieceMoves(side, from).intersects(targets)) return true;
            continue;
        }
        const PieceMoves reached = pieceMoves(side, pieceContext(side, seat, from));
        if ((reached.normal | reached.swaps).intersects(targets)) return true;
    }
    return false;
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
            count += uint64_t(plainPieceMoves(side, from).count());
            return;
        }
        const PieceMoves reached = pieceMoves(side, pieceContext(side, seat, from));
        count += uint64_t(reached.normal.count() + reached.swaps.count());
    });
    return count == 0 ? 1 : count;
}

void countPieceMoves(const Position& board, int player, uint8_t skipArmies,
                     std::vector<PieceMoveCount>& pieces) {
    pieces.clear();
    Position asPlayer = board;
    asPlayer.setMover(player, false);
    const SideContext side(asPlayer);
    for (Seat seat : board.layout().armies(player)) {
        if (((skipArmies >> seat) & 1U) != 0) continue;
        for (Hole from : board.army(seat)) {
            const PieceContext context = pieceContext(side, seat, from);
            const PieceMoves moves = pieceMoves(side, context);
            Bitboard zone = hopZone(from, context.style);
            for (Hole landing : moves.landings) zone |= hopZone(landing, context.style);
            pieces.push_back(
                {seat, from, uint64_t(moves.normal.count() + moves.swaps.count()), zone});
        }
    }
}

uint64_t recountPieceMoves(const Position& position, const std::vector<PieceMoveCount>& pieces,
                           Bitboard changed) {
    uint64_t total = 0;
    std::optional<SideContext> side;
    for (const PieceMoveCount& piece : pieces) {
        if (!piece.zone.intersects(changed)) {
            total += piece.moves;
            continue;
        }
        if (!side) side.emplace(position);
        const PieceMoves moves = pieceMoves(*side, pieceContext(*side, piece.seat, piece.from));
        total += uint64_t(moves.normal.count() + moves.swaps.count());
    }
    return total == 0 ? 1 : total;  // no move: the automatic pass
}

std::vector<Hole> shortestPath(const Position& position, Move move) {
    if (!move.isPieceMove()) return {};
    if (Geometry::get().neighbours(move.from).test(move.to)) return {move.from, move.to};
    const SideContext side(position);
    const PieceContext context = pieceContext(side, position.seatAt(move.from), move.from);
    constexpr uint8_t kUnreached = 0xff;
    std::array<uint8_t, kHoleCount> parents;
    parents.fill(kUnreached);
    floodWithParents(context, parents);
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
