#pragma once
// Move generation's per-piece machinery, shared with tools that count moves without
// listing them (perft's sibling counts). Not for anything else: the game's interface is
// core/movegen.h. The per-piece hot path lives here, as always-inline templates, so that
// a counting loop outside core is compiled as tightly as generateLegal's own.

#include <array>
#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/bitboard.h"
#include "core/game.h"
#include "core/geometry.h"
#include "core/layout.h"
#include "core/position.h"

namespace cc::movegen {

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

inline const ShortHops& shortHops() {
    static const ShortHops table;
    return table;
}

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

    explicit SideContext(const Position& at) : position(at), layout(at.layout()) {
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
};

// Everything the moves of one piece depend on.
struct PieceContext {
    Hole from;
    Seat seat;
    HopStyle style;
    Bitboard occupied;  // without the moving piece: its start counts as empty
    Bitboard bridges;
    Bitboard kings;
    Bitboard landMask;     // where a hop chain may land
    Bitboard endMask;      // where a move may end
    Bitboard swapTargets;  // other players' pieces in the mover's goal, when swaps are on
    // Under goallock=chain, the goal of a piece that starts outside it: once a hop lands
    // there, the rest of the chain lands only there. Empty otherwise.
    Bitboard chainGoal;
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
        .chainGoal = side.goalChain && !locked ? goal : Bitboard(),
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
            const Bitboard between = grows
                                         ? Bitboard::below(landing) & ~Bitboard::below(bridge + 1)
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
    const Bitboard blocked =
        context.occupied | Bitboard::fromHole(context.from) | ~context.landMask;
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

// The flood under goallock=chain (protocol-spec/rules.md §6.2): first the chains that
// have not landed in the goal (landings outside it), then, from the start and every
// such landing, the hops into the goal and the chains that go on inside it. The two
// parts land on disjoint holes, so one parents array holds both.
template <HopStyle kStyle, bool kRecordParents>
FloodResult chainLockedFlood(const PieceContext& context,
                             std::array<uint8_t, kHoleCount>* parents) {
    PieceContext outside = context;
    outside.landMask = context.landMask & ~context.chainGoal;
    outside.chainGoal = Bitboard();
    FloodResult result = outside.swapTargets.any()
                             ? flood<kStyle, true, kRecordParents>(outside, parents)
                             : flood<kStyle, false, kRecordParents>(outside, parents);
    const Bitboard open = context.chainGoal & context.landMask & ~context.occupied &
                          ~Bitboard::fromHole(context.from);
    Bitboard inside;
    std::array<uint8_t, kHoleCount> queue;
    int head = 0;
    int tail = 0;
    auto expand = [&](Hole at) {
        const HopLandings reached = hopLandings<kStyle>(context, at);
        const Bitboard fresh = reached.open & open & ~inside;
        const Bitboard freshSwaps = reached.swaps & ~result.swaps;
        inside |= fresh;
        result.swaps |= freshSwaps;
        if constexpr (kRecordParents) {
            for (Hole hole : fresh | freshSwaps) (*parents)[hole] = uint8_t(at);
        }
        for (Hole hole : fresh) queue[tail++] = uint8_t(hole);
    };
    expand(context.from);
    for (Hole hole : result.landings) expand(hole);
    while (head < tail) expand(queue[head++]);
    result.landings |= inside;
    return result;
}

template <HopStyle kStyle, bool kRecordParents>
CC_HOT FloodResult floodWithStyle(const PieceContext& context,
                                  std::array<uint8_t, kHoleCount>* parents) {
    if (context.chainGoal.any()) return chainLockedFlood<kStyle, kRecordParents>(context, parents);
    return context.swapTargets.any() ? flood<kStyle, true, kRecordParents>(context, parents)
                                     : flood<kStyle, false, kRecordParents>(context, parents);
}

template <bool kRecordParents>
FloodResult floodAnyStyle(const PieceContext& context, std::array<uint8_t, kHoleCount>* parents) {
    switch (context.style) {
        case HopStyle::Short:
            return floodWithStyle<HopStyle::Short, kRecordParents>(context, parents);
        case HopStyle::Long:
            return floodWithStyle<HopStyle::Long, kRecordParents>(context, parents);
        default:
            return floodWithStyle<HopStyle::KingRow, kRecordParents>(context, parents);
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

// Whether one of the mover's pieces that may move stands in a blocked goal: another
// player's goal, full but not all its owner's.
bool inBlockedGoal(const Position& position);

// Whether must-leave may cut the position's moves down (then only a full listing
// counts them). Inline: counting loops ask it for every position, and the rule is
// mostly off.
inline bool mustLeaveMayApply(const Position& position) {
    return position.layout().rules().mustLeave && inBlockedGoal(position);
}

}  // namespace cc::movegen
