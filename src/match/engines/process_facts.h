#pragma once

#include <cstdint>

namespace cc::match {

// An engine process at the end of a game: with restart=off one process plays game after
// game, and these show whether its memory grows (protocol-spec/match.md, "Records").
struct EngineProcessFacts {
    int64_t pid = 0;          // 0: unknown
    int games = 0;            // the games this process has started, this one included
    int64_t residentKib = 0;  // VmRSS at the game's end; 0: unknown
    // VmHWM, the most it has ever had resident: one sample of VmRSS moves with whatever
    // the last search left allocated, the peak only with what a search ever needed.
    int64_t peakKib = 0;

    bool operator==(const EngineProcessFacts&) const = default;
};

}  // namespace cc::match
