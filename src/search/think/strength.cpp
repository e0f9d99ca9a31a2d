#include "search/think/strength.h"

#include <algorithm>

namespace cc {

StrengthSetting strengthSetting(int elo, uint64_t draw) {
    elo = std::clamp(elo, kMinStrengthElo, kMaxStrengthElo);
    const auto upper = std::find_if(kStrengthLadder.begin(), kStrengthLadder.end(),
                                    [&](const StrengthRung& rung) { return rung.elo >= elo; });
    if (upper == kStrengthLadder.begin() || upper->elo == elo) return upper->setting;
    const auto lower = upper - 1;
    // The upper rung's share, in 1/1024: its place between the two.
    const int64_t share = int64_t(elo - lower->elo) * 1024 / (upper->elo - lower->elo);
    return int64_t(draw % 1024) < share ? upper->setting : lower->setting;
}

}  // namespace cc
