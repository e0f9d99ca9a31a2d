#include "core/flood.h"

namespace cc::movegen {

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

FloodResult floodWithParents(const PieceContext& context,
                             std::array<uint8_t, kHoleCount>& parents) {
    return floodAnyStyle<true>(context, &parents);
}

}  // namespace cc::movegen
