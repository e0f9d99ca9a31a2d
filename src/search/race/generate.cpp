#include "search/race/generate.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "search/race/index.h"
#include "search/race/moves.h"

namespace cc::race {
namespace {

// Expands the placements of `layer` among ranks [begin, end); returns how many it set
// to layer + 1.
uint64_t expandSlice(const PlacementIndex& index, const RaceMoves& moves,
                     std::vector<uint8_t>& values, int layer, uint64_t begin, uint64_t end) {
    uint64_t found = 0;
    const auto next = uint8_t(layer + 1);
    for (uint64_t rank = begin; rank < end; ++rank) {
        if (std::atomic_ref<uint8_t>(values[rank]).load(std::memory_order_relaxed) != layer)
            continue;
        moves.forEachSuccessor(index.unrank(rank), [&](uint64_t bits) {
            std::atomic_ref<uint8_t> value(values[index.rank(bits)]);
            uint8_t expected = kUnreachable;
            if (value.compare_exchange_strong(expected, next, std::memory_order_relaxed)) ++found;
        });
    }
    return found;
}

}  // namespace

std::vector<uint8_t> generateRaceValues(const Family& family, int threads,
                                        const std::function<void(GenerateReport)>& onLayer) {
    const PlacementIndex index(family.regionSize(), kRacePieces);
    const RaceMoves moves(family);
    std::vector<uint8_t> values(index.size(), kUnreachable);
    values[index.rank(family.goalBits())] = 0;
    if (onLayer) onLayer({0, 1});
    threads = std::max(1, threads);
    for (int layer = 0; layer + 1 < kUnreachable; ++layer) {
        std::vector<uint64_t> found(size_t(threads), 0);
        std::vector<std::thread> helpers;
        const uint64_t slice = (values.size() + uint64_t(threads) - 1) / uint64_t(threads);
        for (int t = 0; t < threads; ++t) {
            const uint64_t begin = std::min<uint64_t>(values.size(), slice * uint64_t(t));
            const uint64_t end = std::min<uint64_t>(values.size(), begin + slice);
            helpers.emplace_back([&, t, begin, end] {
                found[size_t(t)] = expandSlice(index, moves, values, layer, begin, end);
            });
        }
        for (std::thread& helper : helpers) helper.join();
        uint64_t total = 0;
        for (const uint64_t count : found) total += count;
        if (total == 0) break;
        if (onLayer) onLayer({layer + 1, total});
    }
    return values;
}

}  // namespace cc::race
