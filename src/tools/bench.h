#pragma once
// bench: a fixed list of positions, one for every preset and player count the preset
// allows (two players and more), each searched to a fixed depth with a fresh table and
// fresh move-ordering tables. The total node count is a signature of the search: it changes only
// when the search does.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string_view>

#include "search/threads.h"

namespace cc {

struct BenchTotals {
    uint64_t nodes = 0;
    bool complete = true;  // false when `stop` cut it short
};

// With more than one of `threads` the count varies from run to run (lazy SMP); bench
// then measures speed only.
BenchTotals runBench(int depth, int threads, SearchThreads& searchThreads,
                     const std::atomic<bool>& stop,
                     const std::function<void(std::string_view line)>& onMessage);

}  // namespace cc
