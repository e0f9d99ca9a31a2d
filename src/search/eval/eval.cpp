#include "search/eval/eval.h"

#include <algorithm>
#include <climits>
#include <vector>

#include "core/geometry.h"
#include "search/score.h"

namespace cc {

const EvalWeights& evalWeightsFor(int players) {
    const int row = std::clamp(players - kMinEvalPlayers, 0, int(kEvalWeights.size()) - 1);
    return kEvalWeights[size_t(row)];
}

Evaluator::Evaluator(const Layout& layout) : Evaluator(layout, evalWeightsFor(layout.players())) {}

Evaluator::Evaluator(const Layout& layout, const Position& root)
    : Evaluator(layout, evalWeightsFor(layout.players()), root) {}

Evaluator::Evaluator(const Layout& layout, const EvalWeights& weights, const Position& root)
    : Evaluator(layout, weights) {
    if (weights.guard == 0) return;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        guardLive_[seat] = layout.seatUsed(seat) && blockade_.blocked(root, seat);
        guarding_ = guarding_ || guardLive_[seat];
    }
}

namespace {

// Holes of any triangle: every arm and every army's start and goal (Diamond Game camps).
Bitboard triangles(const Layout& layout) {
    const Geometry& geometry = Geometry::get();
    Bitboard all;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        all |= geometry.arm(seat);
        if (layout.seatUsed(seat)) all |= layout.start(seat) | layout.goal(seat);
    }
    return all;
}

// Steps from each hole to the straight line through the centre and the goal's tip (on
// it, the two cube coordinates that are equal at the tip stay equal).
std::array<int, kHoleCount> axisDistances(Hole goalTip) {
    const Geometry& geometry = Geometry::get();
    auto coordinates = [&](Hole hole) {
        const Cube cube = geometry.cube(hole);
        return std::array<int, 3>{cube.q, cube.r, cube.s()};
    };
    const std::array<int, 3> tip = coordinates(goalTip);
    size_t first = 0;
    size_t second = 1;
    if (tip[0] != tip[1]) {
        second = 2;
        if (tip[0] != tip[2]) first = 1;
    }
    // The line's holes first: every search builds an evaluator, and testing all holes
    // against all holes cost more than a short search under the fuzzers' sanitizers.
    std::vector<Hole> line;
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        const std::array<int, 3> onAxis = coordinates(hole);
        if (onAxis[first] == onAxis[second]) line.push_back(hole);
    }
    std::array<int, kHoleCount> result{};
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        result[hole] = INT_MAX;
        for (const Hole axis : line)
            result[hole] = std::min(result[hole], geometry.distance(hole, axis));
    }
    return result;
}

}  // namespace

Evaluator::Evaluator(const Layout& layout, const EvalWeights& weights)
    : layout_(&layout),
      weights_(weights),
      blockade_(layout),
      fillCounting_(layout.rules().finish == FinishRule::Fill && weights.fillHeld != 0) {
    const Bitboard anyTriangle = triangles(layout);
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        const Bitboard parkedAt = anyTriangle & ~layout.start(seat) & ~layout.goal(seat);
        parkedAt_[seat] = parkedAt;
        std::array<int, kHoleCount>& offAxis = offAxis_[seat];
        if (weights.offAxis != 0 && layout.seatUsed(seat))
            offAxis = axisDistances(layout.goalTip(seat));
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            const int distance = layout.distanceToGoal(seat, hole);
            pieceCost_[seat][hole] = weights.step * distance +
                                     weights.straggler * distance * distance +
                                     weights.offAxis * offAxis[hole];
            if (layout.start(seat).test(hole)) pieceCost_[seat][hole] += weights.atHome;
            if (parkedAt.test(hole)) pieceCost_[seat][hole] += weights.parked;
            if (layout.rules().finish == FinishRule::All && !layout.goal(seat).test(hole))
                pieceCost_[seat][hole] += weights.outside;
            kingCost_[seat][hole] = pieceCost_[seat][hole] + weights.kingStep * distance;
        }
    }
}

int Evaluator::laggingCost(Seat seat, Bitboard army) const {
    int pieces = 0;
    int sum = 0;
    int last = 0;
    for (Hole hole : army) {
        const int distance = layout_->distanceToGoal(seat, hole);
        ++pieces;
        sum += distance;
        last = std::max(last, distance);
    }
    return pieces == 0 ? 0 : weights_.lagging * (last * pieces - sum) / pieces;
}

int Evaluator::neededPermille(const Position& position, Seat seat) const {
    const Bitboard army = position.army(seat);
    if (position.doneArmies() == 0) return 1000 * army.count();  // nothing held for good
    const Bitboard held = layout_->goal(seat) & position.occupied() & ~army;
    int filled = 0;
    for (const Hole hole : held) {
        if (position.armyDone(position.seatAt(hole))) filled += 10 * weights_.fillHeld;
    }
    // At least one piece of its own: a goal full of others' pieces is not finished.
    return std::max(1000, 1000 * army.count() - filled);
}

Evaluator::FillCount Evaluator::fillCount(const Position& position, Seat seat, int needed) const {
    struct Piece {
        int cost;
        int distance;
    };
    std::array<Piece, kHoleCount> pieces{};
    size_t count = 0;
    const Bitboard army = position.army(seat);
    const Bitboard kings = position.kings();
    for (const Hole hole : army) {
        const int cost = (kings.test(hole) ? kingCost_[seat] : pieceCost_[seat])[hole];
        pieces[count++] = Piece{cost, layout_->distanceToGoal(seat, hole)};
    }
    std::sort(pieces.begin(), pieces.begin() + ptrdiff_t(count),
              [](const Piece& a, const Piece& b) { return a.cost < b.cost; });
    const auto whole = size_t(needed / 1000);
    const int part = needed % 1000;
    FillCount result;
    int all = 0;
    int sum = 0;
    int last = 0;
    for (size_t index = 0; index < count; ++index) {
        all += pieces[index].cost;
        if (index < whole) {
            result.counted += pieces[index].cost;
            sum += pieces[index].distance;
            last = std::max(last, pieces[index].distance);
        } else if (index == whole) {
            result.counted += pieces[index].cost * part / 1000;
        }
    }
    const int lagging = whole == 0 ? 0 : weights_.lagging * (last * int(whole) - sum) / int(whole);
    const int laggingAll = weights_.lagging != 0 ? laggingCost(seat, army) : 0;
    result.counted += lagging;
    result.dropped = all + laggingAll - result.counted;
    return result;
}

// Steps gained by each piece's best single short hop (over any piece, onto an empty
// hole), summed: an army with ladders ahead moves faster than its distance says.
int Evaluator::hopSteps(Seat seat, Bitboard army, Bitboard occupied) const {
    const Geometry& geometry = Geometry::get();
    int steps = 0;
    for (Hole hole : army) {
        const int here = layout_->distanceToGoal(seat, hole);
        int best = 0;
        for (int direction = 0; direction < kDirectionCount; ++direction) {
            const auto& ray = geometry.ray(hole, direction);
            if (ray[0] == kNoHole || ray[1] == kNoHole) continue;
            if (!occupied.test(ray[0]) || occupied.test(ray[1])) continue;
            best = std::max(best, here - layout_->distanceToGoal(seat, ray[1]));
        }
        steps += best;
    }
    return steps;
}

int Evaluator::guardCost(const Position& position, Seat seat) const {
    if (!guarding_) return 0;
    const int counted = weights_.goalCount * (position.army(seat) & layout_->goal(seat)).count();
    if (!guardLive_[seat]) return -counted;
    return weights_.guard * blockade_.openGuardHoles(position, seat) - counted;
}

int Evaluator::remainingCost(const Position& position, int player) const {
    int cost = 0;
    const Bitboard kings = position.kings();
    for (Seat seat : layout_->armies(player)) {
        const Bitboard army = position.army(seat);
        const int needed = fillCounting_ ? neededPermille(position, seat) : 1000 * army.count();
        if (needed < 1000 * army.count()) {
            cost += fillCount(position, seat, needed).counted;
        } else {
            const auto& table = pieceCost_[seat];
            for (Hole hole : army & ~kings) cost += table[hole];
            for (Hole hole : army& kings) cost += kingCost_[seat][hole];
            if (weights_.lagging != 0) cost += laggingCost(seat, army);
        }
        if (weights_.hopGain != 0)
            cost -= weights_.hopGain * hopSteps(seat, army, position.occupied());
        cost += guardCost(position, seat);
    }
    return cost;
}

EvalTerms Evaluator::terms(const Position& position, int player) const {
    EvalTerms terms;
    const Bitboard kings = position.kings();
    const bool all = layout_->rules().finish == FinishRule::All;
    for (Seat seat : layout_->armies(player)) {
        const Bitboard army = position.army(seat);
        for (Hole hole : army) {
            const int distance = layout_->distanceToGoal(seat, hole);
            terms.steps += weights_.step * distance;
            terms.straggler += weights_.straggler * distance * distance;
            terms.offAxis += weights_.offAxis * offAxis_[seat][hole];
            if (kings.test(hole)) terms.king += weights_.kingStep * distance;
            if (layout_->start(seat).test(hole)) terms.atHome += weights_.atHome;
            if (parkedAt_[seat].test(hole)) terms.parked += weights_.parked;
            if (all && !layout_->goal(seat).test(hole)) terms.outside += weights_.outside;
        }
        if (weights_.lagging != 0) terms.lagging += laggingCost(seat, army);
        if (weights_.hopGain != 0)
            terms.hops -= weights_.hopGain * hopSteps(seat, army, position.occupied());
        const int needed = fillCounting_ ? neededPermille(position, seat) : 1000 * army.count();
        if (needed < 1000 * army.count())
            terms.fillHeld -= fillCount(position, seat, needed).dropped;
        terms.guard += guardCost(position, seat);
    }
    return terms;
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
