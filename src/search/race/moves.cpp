#include "search/race/moves.h"

namespace cc::race {

RaceMoves::RaceMoves(const Family& family) : family_(family) {
    const Geometry& geometry = Geometry::get();
    for (Hole h = 0; h < kHoleCount; ++h) {
        for (int d = 0; d < kDirectionCount; ++d) {
            const auto& ray = geometry.ray(h, d);
            if (ray[0] == kNoHole || ray[1] == kNoHole) continue;
            hops_[h][hopCount_[h]++] = Hop{ray[0], ray[1]};
        }
    }
}

Bitboard RaceMoves::destinations(Hole from, Bitboard pieces) const {
    const Geometry& geometry = Geometry::get();
    // The moving piece's start counts as empty during its chain (rules.md §8).
    const Bitboard others = pieces & ~Bitboard::fromHole(from);
    Bitboard reached = Bitboard::fromHole(from);
    Bitboard todo = reached;
    while (todo.any()) {
        const Hole at = todo.popFirst();
        for (int i = 0; i < hopCount_[at]; ++i) {
            const Hop hop = hops_[at][i];
            if (!others.test(hop.over) || others.test(hop.land) || reached.test(hop.land)) continue;
            reached.set(hop.land);
            todo.set(hop.land);
        }
    }
    reached.reset(from);
    return reached | (geometry.neighbours(from) & ~others & ~Bitboard::fromHole(from));
}

uint64_t RaceMoves::localBits(Bitboard holes) const {
    uint64_t bits = 0;
    for (Hole h : holes& family_.region()) bits |= uint64_t{1} << family_.localIndex(h);
    return bits;
}

}  // namespace cc::race
