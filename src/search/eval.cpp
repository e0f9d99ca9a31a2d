#include "search/eval.h"

#include <algorithm>
#include <climits>

#include "search/score.h"

namespace cc {

const EvalWeights& evalWeightsFor(int players) {
    const int row = std::clamp(players - kMinEvalPlayers, 0, int(kEvalWeights.size()) - 1);
    return kEvalWeights[size_t(row)];
}

Evaluator::Evaluator(const Layout& layout) : Evaluator(layout, evalWeightsFor(layout.players())) {}

Evaluator::Evaluator(const Layout& layout, const EvalWeights& weights)
    : layout_(&layout), weights_(weights) {
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            const int distance = layout.distanceToGoal(seat, hole);
            pieceCost_[seat][hole] =
                weights.step * distance + weights.straggler * distance * distance;
            kingCost_[seat][hole] = pieceCost_[seat][hole] + weights.kingStep * distance;
        }
    }
}

int Evaluator::remainingCost(const Position& position, int player) const {
    int cost = 0;
    const Bitboard kings = position.kings();
    for (Seat seat : layout_->armies(player)) {
        const Bitboard army = position.army(seat);
        const auto& table = pieceCost_[seat];
        for (Hole hole : army & ~kings) cost += table[hole];
        for (Hole hole : army& kings) cost += kingCost_[seat][hole];
    }
    return cost;
}

int Evaluator::evaluate(const Position& position, int perspective) const {
    std::array<int, kMaxPlayers> costs{};
    for (int player = 0; player < layout_->players(); ++player) {
        if (player == perspective || position.active(player))
            costs[player] = remainingCost(position, player);
    }
    return evaluate(position, costs, perspective, position.mover());
}

int Evaluator::evaluate(const Position& position, const std::array<int, kMaxPlayers>& costs,
                        int perspective, int mover) const {
    // Fair finish (protocol-spec/rules.md §8.3): after the first finish the game ends
    // with the round. Those who have finished are then the leaders (nothing left to go),
    // and a perspective player that has finished is first, alone or shared.
    const bool lastRound = layout_->rules().fairFinishApplies() && position.finishedCount() > 0;
    const int own = costs[perspective];
    int leader = INT_MAX;
    bool shared = false;  // someone has finished too, or is a move from it
    for (int player = 0; player < layout_->players(); ++player) {
        if (player == perspective) continue;
        if (position.active(player)) {
            leader = std::min(leader, costs[player]);
            shared =
                shared || position.piecesOf(player).count() - position.piecesInGoal(player) <= 1;
        } else if (lastRound && position.place(player) == 1) {
            shared = true;
            leader = 0;
        }
    }
    if (lastRound && !position.active(perspective)) {
        const int sharedFirst = layout_->players() == 2 ? 0 : kSharedWin;
        return shared ? sharedFirst : kLikelySoleWin;
    }
    if (leader == INT_MAX) leader = own;  // alone in the race: only the result counts
    const int tempo = mover == perspective ? weights_.tempo : -weights_.tempo;
    return leader - own + tempo;
}

}  // namespace cc
