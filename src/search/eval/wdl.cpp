#include "search/eval/wdl.h"

#include <algorithm>
#include <cmath>

namespace cc {
namespace {

// Whole per mille that sum to 1000: each share rounded down, the rest to the largest
// remainders.
std::vector<int> perMille(const std::vector<double>& shares) {
    std::vector<int> result(shares.size());
    std::vector<std::pair<double, size_t>> remainders;
    int given = 0;
    for (size_t index = 0; index < shares.size(); ++index) {
        const double exact = shares[index] * 1000.0;
        result[index] = int(std::floor(exact));
        given += result[index];
        remainders.emplace_back(exact - std::floor(exact), index);
    }
    std::sort(remainders.begin(), remainders.end(), std::greater<>());
    for (size_t index = 0; given < 1000 && index < remainders.size(); ++index, ++given)
        ++result[remainders[index].second];
    return result;
}

}  // namespace

WinChances::WinChances(const Position& root, const Evaluator& evaluator)
    : players_(root.layout().players()),
      mover_(root.mover()),
      row_(kWdlRows[size_t(std::clamp(players_ - kMinEvalPlayers, 0, int(kWdlRows.size()) - 1))]),
      temperature_(1.0) {
    const Position start = Position::start(root.layout());
    int stepsNow = 0;
    int stepsAtStart = 0;
    for (int player = 0; player < players_; ++player) {
        if (root.place(player) == 1) decided_ = player;
        racing_[size_t(player)] = root.active(player);
        if (racing_[size_t(player)]) costs_[size_t(player)] = evaluator.remainingCost(root, player);
        stepsNow += evaluator.terms(root, player).steps;
        stepsAtStart += evaluator.terms(start, player).steps;
    }
    const double progress = stepsAtStart > 0 ? double(stepsNow) / double(stepsAtStart) : 0.0;
    if (players_ > 1 && root.active(mover_)) staticScore_ = evaluator.evaluate(root, mover_);
    temperature_ = std::exp(row_.base + row_.slope * progress);
}

std::vector<int> WinChances::firstPlace(const Score& score) const {
    if (players_ < 2) return {};
    std::vector<double> shares(size_t(players_), 0.0);
    if (decided_ >= 0) {
        shares[size_t(decided_)] = 1.0;
        return perMille(shares);
    }
    std::array<double, kMaxPlayers> costs{};
    std::copy(costs_.begin(), costs_.end(), costs.begin());
    std::array<bool, kMaxPlayers> racing = racing_;
    double leader = HUGE_VAL;
    for (int player = 0; player < players_; ++player) {
        if (player != mover_ && racing[size_t(player)])
            leader = std::min(leader, costs[size_t(player)]);
    }
    // A proven result: the mover finishes first, or is out of the race for it.
    if (leader == HUGE_VAL || (score.mate && score.value > 0)) {
        shares[size_t(mover_)] = 1.0;
        return perMille(shares);
    }
    if (score.mate) {
        racing[size_t(mover_)] = false;
    } else {
        const double lead = row_.search * score.value + row_.stat * staticScore_ - row_.shift;
        costs[size_t(mover_)] = leader - lead;
    }
    double least = HUGE_VAL;
    for (int player = 0; player < players_; ++player)
        if (racing[size_t(player)]) least = std::min(least, costs[size_t(player)]);
    double total = 0.0;
    for (int player = 0; player < players_; ++player) {
        if (!racing[size_t(player)]) continue;
        shares[size_t(player)] = std::exp(-(costs[size_t(player)] - least) / temperature_);
        total += shares[size_t(player)];
    }
    for (double& share : shares) share /= total;
    return perMille(shares);
}

}  // namespace cc
