#pragma once

#include <cstdint>

namespace cc::match {

// An engine process at the end of a game: with restart=off one process plays game after
// game, and these show whether its memory grows (protocol-spec/match.md, "Records").
struct EngineProcessFacts {
    int64_t pid = 0;          // 0: unknown
    int games = 0;            // the games this process has started, this one included
    int64_t residentKib = 0;  // VmRSS at the game's end; 0: unknown

    bool operator==(const EngineProcessFacts&) const = default;
};

}  // namespace cc::match
