#include "match/tournament/seating.h"

#include <cstddef>

namespace cc::match {

std::vector<int> rotateLineup(const std::vector<int>& lineup, int rotation) {
    std::vector<int> engines;
    const size_t players = lineup.size();
    for (size_t player = 0; player < players; ++player) {
        engines.push_back(lineup[(player + size_t(rotation)) % players]);
    }
    return engines;
}

}  // namespace cc::match
