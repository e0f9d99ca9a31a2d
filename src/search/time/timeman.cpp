#include "search/time/timeman.h"

#include <algorithm>

namespace cc {

namespace {

TimeBudget planAsked(const SearchLimits& limits, int mover, Millis overhead, int movesLeft) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    if (limits.moveTime) {
        // A fixed time a move is the whole of it: no clock runs down, so only the reply
        // itself needs a margin, and no soft limit stops the search early (an iteration
        // cut at the end still counts: search/alphabeta/alphabeta.cpp keeps its finished moves).
        const Millis margin = std::min(overhead, kMoveTimeReplyMargin);
        budget.hard = std::max(Millis(1), Millis(*limits.moveTime) - margin);
    }
    if (limits.time[mover]) {
        const int64_t usable = std::max<int64_t>(1, *limits.time[mover] - overhead.count());
        const int64_t increment = limits.increment[mover].value_or(0);
        // A time control with moves to go hands the whole clock back at its end, so its
        // last move may use more; without one, spread the clock over the moves the race
        // still needs, with a floor because endings take longer than distance says.
        const int64_t moves = limits.movesToGo ? std::max(1, std::min(*limits.movesToGo, 50))
                                               : std::clamp(movesLeft, 20, 60);
        // A fifth of the clock is never planned: it absorbs a loaded machine's delays.
        const int64_t planned = usable - usable / 5;
        int64_t soft = planned / moves + increment * 3 / 4;
        int64_t hard = std::min(planned / 4 + increment / 2, soft * 3);
        // A fast game's clock ends up living on its increment. Spending at most half of
        // what it holds beyond three more overheads keeps four overheads on it, not
        // one, where a single slow reply of the machine loses on time.
        const int64_t aboveFloor = usable - 3 * overhead.count();
        hard = std::clamp<int64_t>(hard, 1, std::max<int64_t>(1, aboveFloor / 2));
        soft = std::clamp<int64_t>(soft, 1, hard);
        const Millis clockSoft(soft);
        const Millis clockHard(hard);
        budget.hard = budget.hard ? std::min(*budget.hard, clockHard) : clockHard;
        budget.soft = std::min(clockSoft, *budget.hard);
    }
    return budget;
}

}  // namespace

TimeBudget planTime(const SearchLimits& limits, int mover, Millis overhead, int movesLeft) {
    TimeBudget budget = planAsked(limits, mover, overhead, movesLeft);
    if (limits.capMs) {
        const Millis cap(std::max<int64_t>(1, *limits.capMs));
        budget.hard = budget.hard ? std::min(*budget.hard, cap) : cap;
        if (budget.soft) budget.soft = std::min(*budget.soft, cap);
    }
    return budget;
}

}  // namespace cc
