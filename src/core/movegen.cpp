#include "core/movegen.h"

#include <algorithm>
#include <optional>
#include <bit>
#if defined(__BMI2__)
#include <immintrin.h>
#endif


#include "core/game.h"

namespace cc {
namespace {

enum class HopStyle { Short, Long, KingRow };

// pext and pdep are fast on Intel since Haswell and on AMD since Zen 3; Zen 1 and 2
// run them in microcode, where the plain loop is faster.
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#define CC_FAST_PEXT 1
#endif

// Short hops from each hole. With fast pext/pdep, the bridges among a hole's neighbours
// are gathered into a pattern (pext) and scattered onto the landings beyond them
// (pdep): neighbours and their landings lie in the same index order, so bit i of the
// pattern belongs to the i-th landing. Otherwise a plain loop over the hops.
class ShortHops {
public:
    ShortHops() {
        const Geometry& geometry = Geometry::get();
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            HoleHops& hops = hops_[hole];
#if defined(CC_FAST_PEXT)
            uint32_t withLanding = 0;
            int rank = 0;
            Bitboard landings;
            for (Hole neighbour : geometry.neighbours(hole)) {
                for (int d = 0; d < kDirectionCount; ++d) {
                    const auto& ray = geometry.ray(hole, d);
                    if (ray[0] != neighbour || ray[1] == kNoHole) continue;
                    withLanding |= 1U << rank;
                    landings.set(ray[1]);
                }
                ++rank;
            }
            const Bitboard around = geometry.neighbours(hole);
            hops.neighboursLow = around.low();
            hops.neighboursHigh = around.high();
            hops.neighboursLowCount = uint8_t(std::popcount(around.low()));
            hops.withLanding = withLanding;
            hops.landingsLow = landings.low();
            hops.landingsHigh = landings.high();
            hops.landingsLowCount = uint8_t(std::popcount(landings.low()));
#else
            for (int d = 0; d < kDirectionCount; ++d) {
                const auto& ray = geometry.ray(hole, d);
                if (ray[0] == kNoHole || ray[1] == kNoHole) continue;
                hops.pairs[hops.count++] = {uint8_t(ray[0]), uint8_t(ray[1])};
            }
#endif
        }
    }

    // Holes one short hop from `hole` lands on, given where the bridges stand
    // (landing holes not checked for emptiness).
    [[nodiscard]] Bitboard landings(Hole hole, Bitboard bridges) const {
        const HoleHops& hops = hops_[hole];
#if defined(CC_FAST_PEXT)
        const uint64_t pattern =
            _pext_u64(bridges.low(), hops.neighboursLow) |
            (_pext_u64(bridges.high(), hops.neighboursHigh) << hops.neighboursLowCount);
        const uint64_t landed = _pext_u64(pattern, hops.withLanding);
        return {_pdep_u64(landed, hops.landingsLow),
                _pdep_u64(landed >> hops.landingsLowCount, hops.landingsHigh)};
#else
        Bitboard landings;
        for (int i = 0; i < hops.count; ++i) {
            if (bridges.test(hops.pairs[i].over)) landings.set(hops.pairs[i].land);
        }
        return landings;
#endif
    }

private:
    struct HoleHops {
#if defined(CC_FAST_PEXT)
        uint64_t neighboursLow = 0;
        uint64_t neighboursHigh = 0;
        uint64_t landingsLow = 0;
        uint64_t landingsHigh = 0;
        uint32_t withLanding = 0;  // neighbours (by rank) with a landing beyond them
        uint8_t neighboursLowCount = 0;
        uint8_t landingsLowCount = 0;
#else
        struct Pair {
            uint8_t over;
            uint8_t land;
        };
        std::array<Pair, kDirectionCount> pairs{};
        uint8_t count = 0;
#endif
    };
    std::array<HoleHops, kHoleCount> hops_{};
};

const ShortHops& shortHops() {
    static const ShortHops table;
    return table;
}

// What the moves of all the mover's pieces share, computed once per position.
struct SideContext {
    const Position& position;
    const Layout& layout;
    const Geometry& geometry = Geometry::get();
    const ShortHops& shortHops = cc::shortHops();
    HopStyle style = HopStyle::Short;
    bool goalLock = false;
    bool swapFinal = false;
    Bitboard occupied;
    Bitboard bridges;  // pieces that may be hopped over (no kings)
    Bitboard landMask;
    Bitboard endMask;
    Bitboard swappable;  // other players' pieces, which a swap may displace (swaps on)
    Bitboard blocked;    // holes no hop may land on: occupied or outside the landing mask
    Bitboard goalLocked;  // holes where a piece is held by goal lock (its own goal)
    // Armies whose pieces (kings and goal-locked pieces aside) hop short with no swap
    // target: their moves follow from the shared sets above (countLegal's fast path).
    std::array<bool, kSeatCount> plainArmy{};

    explicit SideContext(const Position& at) : position(at), layout(at.layout()) {
        const Rules& rules = layout.rules();
        style = rules.hops == HopRange::Long ? HopStyle::Long : HopStyle::Short;
        goalLock = rules.goalLock;
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
            plainArmy[seat] = style == HopStyle::Short && !swappable.intersects(layout.goal(seat));
        }
    }
};

// Everything the moves of one piece depend on.
struct PieceContext {
    Hole from;
    Seat seat;
    HopStyle style;
    Bitboard occupied;     // without the moving piece: its start counts as empty
    Bitboard bridges;
    Bitboard kings;
    Bitboard landMask;     // where a hop chain may land
    Bitboard endMask;      // where a move may end
    Bitboard swapTargets;  // other players' pieces in the mover's goal, when swaps are on
    const ShortHops* shortHops;
    const Geometry* geometry;
};

// Inlined into the per-piece loops: a call here costs as much as a short flood.
#define CC_HOT inline __attribute__((always_inline))

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
        .shortHops = &side.shortHops,
        .geometry = &side.geometry,
    };
}

struct HopLandings {
    Bitboard open;   // empty holes one hop lands on (landing mask not applied)
    Bitboard swaps;  // swap targets one hop reaches
};

template <HopStyle kStyle>
CC_HOT HopLandings hopLandings(const PieceContext& context, Hole at) {
    if constexpr (kStyle == HopStyle::Short) {
        const Bitboard reached = context.shortHops->landings(at, context.bridges);
        return {reached & ~context.occupied, reached & context.swapTargets};
    } else if constexpr (kStyle == HopStyle::Long) {
        // The bridge is the nearest piece on each ray; the landing lies as far beyond
        // it, with nothing between.
        HopLandings result;
        const Geometry& geometry = *context.geometry;
        for (int d = 0; d < kDirectionCount; ++d) {
            const Bitboard onRay = context.occupied & geometry.rayMask(at, d);
            if (onRay.empty()) continue;
            const bool grows = Geometry::indexGrows(d);
            const Hole bridge = grows ? onRay.first() : onRay.last();
            const int beyond = 2 * geometry.distance(at, bridge) - 1;
            if (context.kings.test(bridge) || beyond >= kMaxRayLength) continue;
            const Hole landing = geometry.ray(at, d)[beyond];
            if (landing == kNoHole) continue;
            const Bitboard between = grows ? Bitboard::below(landing) & ~Bitboard::below(bridge + 1)
                                           : Bitboard::below(bridge) & ~Bitboard::below(landing + 1);
            if (onRay.intersects(between)) continue;
            if (!context.occupied.test(landing)) {
                result.open.set(landing);
            } else if (context.swapTargets.test(landing)) {
                result.swaps.set(landing);
            }
        }
        return result;
    } else {
        // The king lands on the first empty hole after the row. A hole after a shorter
        // part of the row that holds an opponent in the mover's goal is where the hop
        // would have landed but for that piece: a swap target.
        HopLandings result;
        for (int d = 0; d < kDirectionCount; ++d) {
            const auto& ray = context.geometry->ray(at, d);
            int length = 0;
            bool overKing = false;
            while (ray[length] != kNoHole && context.occupied.test(ray[length])) {
                if (length > 0 && !overKing && context.swapTargets.test(ray[length])) {
                    result.swaps.set(ray[length]);
                }
                overKing = overKing || context.kings.test(ray[length]);
                ++length;
            }
            if (length == 0 || overKing || ray[length] == kNoHole) continue;
            result.open.set(ray[length]);
        }
        return result;
    }
}

HopLandings hopLandingsAnyStyle(const PieceContext& context, Hole at) {
    switch (context.style) {
        case HopStyle::Short: return hopLandings<HopStyle::Short>(context, at);
        case HopStyle::Long: return hopLandings<HopStyle::Long>(context, at);
        default: return hopLandings<HopStyle::KingRow>(context, at);
    }
}

struct FloodResult {
    Bitboard landings;  // every hole a chain may stop on or pass (landing mask applied)
    Bitboard swaps;     // swap targets a hop reaches
};

// Every hole a chain of short hops from `from` reaches: the hot case of every flood.
// `blocked` holds the holes no landing may take (the start among them).
CC_HOT Bitboard shortHopReach(const ShortHops& hops, Hole from, Bitboard bridges,
                              Bitboard blocked) {
    Bitboard closed = blocked;
    Bitboard pending = hops.landings(from, bridges) & ~closed;
    closed |= pending;
    while (pending.any()) {
        const Bitboard fresh = hops.landings(pending.popFirst(), bridges) & ~closed;
        closed |= fresh;
        pending |= fresh;
    }
    return closed & ~blocked;
}

template <HopStyle kStyle, bool kSwaps, bool kRecordParents>
CC_HOT FloodResult flood(const PieceContext& context, std::array<uint8_t, kHoleCount>* parents) {
    FloodResult result;
    // Holes a landing may not take: occupied, already visited, or outside the landing
    // mask. What a flood adds to it is what it reached.
    const Bitboard blocked = context.occupied | Bitboard::fromHole(context.from) | ~context.landMask;
    if constexpr (kStyle == HopStyle::Short && !kSwaps && !kRecordParents) {
        result.landings = shortHopReach(*context.shortHops, context.from, context.bridges, blocked);
        return result;
    }
    Bitboard closed = blocked;
    auto expand = [&](Hole at) {
        const HopLandings reached = hopLandings<kStyle>(context, at);
        const Bitboard fresh = reached.open & ~closed;
        closed |= fresh;
        if constexpr (kSwaps) {
            const Bitboard freshSwaps = reached.swaps & ~result.swaps;
            result.swaps |= freshSwaps;
            if constexpr (kRecordParents) {
                for (Hole hole : freshSwaps) (*parents)[hole] = uint8_t(at);
            }
        }
        if constexpr (kRecordParents) {
            for (Hole hole : fresh) (*parents)[hole] = uint8_t(at);
        }
        return fresh;
    };
    if constexpr (kRecordParents) {
        // Breadth-first, so the first parent recorded for a hole lies on a path with
        // the fewest hops.
        std::array<uint8_t, kHoleCount> queue;
        int head = 0;
        int tail = 0;
        queue[tail++] = uint8_t(context.from);
        while (head < tail) {
            for (Hole land : expand(queue[head++])) queue[tail++] = uint8_t(land);
        }
    } else {
        // Only the reached set matters: expand in any order.
        Bitboard pending = expand(context.from);
        while (pending.any()) pending |= expand(pending.popFirst());
    }
    result.landings = closed & ~blocked;
    return result;
}

template <HopStyle kStyle, bool kRecordParents>
CC_HOT FloodResult floodWithStyle(const PieceContext& context,
                                  std::array<uint8_t, kHoleCount>* parents) {
    return context.swapTargets.any() ? flood<kStyle, true, kRecordParents>(context, parents)
                                     : flood<kStyle, false, kRecordParents>(context, parents);
}

template <bool kRecordParents>
FloodResult floodAnyStyle(const PieceContext& context, std::array<uint8_t, kHoleCount>* parents) {
    switch (context.style) {
        case HopStyle::Short: return floodWithStyle<HopStyle::Short, kRecordParents>(context, parents);
        case HopStyle::Long: return floodWithStyle<HopStyle::Long, kRecordParents>(context, parents);
        default: return floodWithStyle<HopStyle::KingRow, kRecordParents>(context, parents);
    }
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
        return std::any_of(blocked.goals.begin(), blocked.goals.begin() + blocked.count,
                           [&](Bitboard goal) { return goal.test(move.from) && !goal.test(move.to); });
    };
    int kept = 0;
    for (const Move move : moves) {
        if (leaves(move)) moves[kept++] = move;
    }
    if (kept > 0) moves.truncate(kept);
}

bool mustLeaveMayApply(const Position& position) {
    return position.layout().rules().mustLeave &&
           blockedGoals(position).all.intersects(movablePieces(position));
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
    if (position.layout().rules().mustLeave) applyMustLeave(position, moves);
    if (moves.empty()) moves.push(Move::pass());
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

namespace {

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
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        const bool last = i + 2 == path.size();
        const HopLandings reached = hopLandingsAnyStyle(context, path[i]);
        const Bitboard allowed = !last   ? reached.open & context.landMask
                                 : swapEnd ? reached.swaps
                                           : reached.open & context.endMask;
        if (!allowed.test(path[i + 1])) return false;
    }
    return true;
}

}  // namespace cc
