#pragma once
// Generating the race table: a breadth-first search outwards from the one finished
// placement (all ten pieces in the goal). A move of a lone army can be played back (a
// step back, or the same hops in reverse over the same bridges, the region holding both
// ends), so the moves form an undirected graph and the search's layer is the fewest
// moves to finish.

#include <cstdint>
#include <functional>
#include <vector>

#include "search/race/family.h"

namespace cc::race {

// The value of a placement no move sequence within the region finishes.
constexpr uint8_t kUnreachable = 0xFF;

struct GenerateReport {
    int layer = 0;
    uint64_t placements = 0;  // in this layer
};

// One byte per placement of Family(rows), in PlacementIndex order. `onLayer` hears each
// layer as it is done; `threads` share each layer.
std::vector<uint8_t> generateRaceValues(const Family& family, int threads,
                                        const std::function<void(GenerateReport)>& onLayer);

}  // namespace cc::race
