#pragma once
// bench: a fixed list of positions, one for every preset and player count the preset
// allows (two players and more), each searched to a fixed depth with a fresh table and
// fresh move-ordering tables. The total node count is a signature of the search: it changes only
// when the search does.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "search/threads.h"
#include "search/tt.h"

namespace cc {

struct BenchTotals {
    uint64_t nodes = 0;
    bool complete = true;  // false when `stop` cut it short
};

// The size of bench's own table, whatever the Hash option says.
constexpr size_t kBenchHashMegabytes = 16;

// With more than one of `threads` the count varies from run to run (lazy SMP); bench
// then measures speed only. `table` (of kBenchHashMegabytes) is cleared before each
// position: an owner that benches often keeps one rather than taking its memory anew.
BenchTotals runBench(int depth, int threads, SearchThreads& searchThreads,
                     TranspositionTable& table, const std::atomic<bool>& stop,
                     const std::function<void(std::string_view line)>& onMessage);
// The same with a table of its own.
BenchTotals runBench(int depth, int threads, SearchThreads& searchThreads,
                     const std::atomic<bool>& stop,
                     const std::function<void(std::string_view line)>& onMessage);

}  // namespace cc
