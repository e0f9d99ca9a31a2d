#pragma once
// A strength limit (protocol-spec/protocol.md, option Skill): the move is the best of
// several lines after random noise on their scores.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/move.h"

namespace cc {

struct LineScore {
    Move move;
    int score;
};

// The line whose score plus noise, uniform in [0, noise), is highest; lines not searched
// to the end (-kInfinity) take no part. Nothing when no line does. The same seed gives
// the same choice.
std::optional<Move> noisyBest(const std::vector<LineScore>& lines, int noise, uint64_t seed);

}  // namespace cc
