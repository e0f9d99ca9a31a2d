#pragma once
// Hop chains of one piece (private to core/movegen*.cpp): the landings of one hop in
// each style, and the flood of every chain, with goal lock and swaps. Always-inline
// templates, so the per-piece loops of generateLegal and countLegal compile tightly.

#include <array>
#include <cstdint>

#include "core/bitboard.h"
#include "core/geometry.h"
#include "core/hop_tables.h"

// Inlined into the per-piece loops: a call here costs as much as a short flood.
#define CC_HOT inline __attribute__((always_inline))

namespace cc::movegen {

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

// The non-inlined entries, for the callers outside the per-piece loops.
HopLandings hopLandingsAnyStyle(const PieceContext& context, Hole at);
// The flood that records, for every hole reached, the hole it was reached from by a
// path with the fewest hops.
FloodResult floodWithParents(const PieceContext& context, std::array<uint8_t, kHoleCount>& parents);

}  // namespace cc::movegen
