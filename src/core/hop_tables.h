#pragma once
// Move generation's hop tables (private to core/movegen*.cpp): the short hops from each
// hole, and the holes a piece's moves look at (perft's sibling counts).

#include <array>
#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/bitboard.h"
#include "core/geometry.h"

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
    ShortHops();

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

const ShortHops& shortHops();

// Holes whose contents the steps and hops of a piece on `hole` look at: for short hops
// the neighbours (bridges, steps) and the holes a hop lands on; for long hops and king
// rows the whole lines.
Bitboard hopZone(Hole hole, HopStyle style);

}  // namespace cc::movegen
