#include "core/hop_tables.h"

namespace cc::movegen {
namespace {

class HopZones {
  public:
    HopZones() {
        const Geometry& geometry = Geometry::get();
        const ShortHops& hops = shortHops();
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            short_[hole] = geometry.neighbours(hole) | hops.landings(hole, Bitboard::all());
            for (int d = 0; d < kDirectionCount; ++d) lines_[hole] |= geometry.rayMask(hole, d);
        }
    }
    [[nodiscard]] Bitboard zone(Hole hole, HopStyle style) const {
        return style == HopStyle::Short ? short_[hole] : lines_[hole];
    }

  private:
    std::array<Bitboard, kHoleCount> short_{};
    std::array<Bitboard, kHoleCount> lines_{};
};

}  // namespace

ShortHops::ShortHops() {
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

const ShortHops& shortHops() {
    static const ShortHops table;
    return table;
}

Bitboard hopZone(Hole hole, HopStyle style) {
    static const HopZones zones;
    return zones.zone(hole, style);
}

}  // namespace cc::movegen
