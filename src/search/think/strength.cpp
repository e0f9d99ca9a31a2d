#include "search/think/strength.h"

#include <algorithm>
#include <cmath>

namespace cc {
namespace {

// How a mixture's strength grows with the share of the upper rung's moves, where a rung
// is a search: a fraction 1 - (1 - share)^kSearchMixPower of the gap between the rungs.
// Half the moves at the stronger rung play about two thirds of the way to its strength
// (a race is lost on a few moves); measurements.md, "Strength on a scale", has the fit
// that set it (from greedy to 1,024 nodes and between searches alike). Between two
// beginners the mixture is a beginner of the middle greedy share, and the rungs there
// are close: their share goes straight.
constexpr double kSearchMixPower = 1.7;

}  // namespace

StrengthSetting strengthSetting(int elo, uint64_t draw) {
    elo = std::clamp(elo, kStrengthLadder.front().elo, kStrengthLadder.back().elo);
    const auto upper = std::find_if(kStrengthLadder.begin(), kStrengthLadder.end(),
                                    [&](const StrengthRung& rung) { return rung.elo >= elo; });
    if (upper == kStrengthLadder.begin() || upper->elo == elo) return upper->setting;
    const auto lower = upper - 1;
    double share = double(elo - lower->elo) / double(upper->elo - lower->elo);
    if (upper->setting.kind != StrengthKind::Beginner)
        share = 1.0 - std::pow(1.0 - share, 1.0 / kSearchMixPower);
    // In 1/1024, drawn from the move's random number.
    return double(draw % 1024) < share * 1024.0 ? upper->setting : lower->setting;
}

}  // namespace cc
