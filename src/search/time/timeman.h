#pragma once
// A thinking-time budget from the clocks: a soft limit (no new iteration starts after
// it) and a hard limit (the search is cut off there). A fixed time a move (`movetime`)
// has only the hard limit.

#include <chrono>
#include <optional>

#include "search/time/limits.h"

namespace cc {

using Millis = std::chrono::milliseconds;

struct TimeBudget {
    std::optional<Millis> soft;
    std::optional<Millis> hard;
};

// What a fixed time a move keeps back for sending the reply (MoveOverhead, if smaller).
inline constexpr Millis kMoveTimeReplyMargin{5};

// `movesLeft` is the mover's own moves the game is still expected to take (used when
// `movestogo` is not given); `overhead` is kept back for the pipe and the manager.
TimeBudget planTime(const SearchLimits& limits, int mover, Millis overhead, int movesLeft);

}  // namespace cc
