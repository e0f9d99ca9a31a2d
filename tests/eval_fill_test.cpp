// The evaluation's fill count (EvalWeights::fillHeld): under finish=fill a goal hole held
// by a piece of an army that has finished counts as filled, and the army's farthest
// pieces, the ones it no longer needs, cost nothing.

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/geometry.h"
#include "layout_for.h"
#include "search/eval/eval.h"

namespace cc {
namespace {

using testutil::layoutFor;

// Costs of 100 per step and nothing else, so that a piece's cost is its distance.
EvalWeights stepsOnly(int fillHeld) {
    EvalWeights weights{};
    weights.straggler = 0;
    weights.kingStep = 0;
    weights.tempo = 0;
    weights.fillHeld = fillHeld;
    return weights;
}

// The holes of no triangle, in hole order.
std::vector<Hole> hexagonHoles() {
    const Geometry& geometry = Geometry::get();
    Bitboard arms;
    for (Seat seat = 0; seat < kSeatCount; ++seat) arms |= geometry.arm(seat);
    std::vector<Hole> holes;
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        if (!arms.test(hole)) holes.push_back(hole);
    }
    return holes;
}

TEST(EvalFill, NothingChangesWhileEveryArmyIsAtHome) {
    const auto layout = layoutFor("players=6");
    const Position start = Position::start(*layout);
    for (int player = 0; player < 6; ++player) {
        EXPECT_EQ(Evaluator(*layout, stepsOnly(100)).remainingCost(start, player),
                  Evaluator(*layout, stepsOnly(0)).remainingCost(start, player));
    }
}

TEST(EvalFill, AFinishedArmysPiecesInTheGoalSpareTheFarthestPieces) {
    const auto layout = layoutFor("players=6");
    const Seat own = layout->armies(0).front();
    const Seat finished = layout->armies(1).front();
    const std::vector<Hole> hexagon = hexagonHoles();
    Position position = Position::empty(*layout);
    // The second army finished elsewhere with 2 of its pieces left in our goal.
    std::vector<Hole> goal;
    for (const Hole hole : layout->goal(own)) goal.push_back(hole);
    for (size_t index = 0; index < 2; ++index)
        position.putPiece(goal[index], finished, false, false);
    for (size_t index = 0; index < 8; ++index)
        position.putPiece(hexagon[index], finished, false, false);
    std::vector<int> distances;
    for (size_t index = 20; index < 30; ++index) {
        position.putPiece(hexagon[index], own, false, false);
        distances.push_back(layout->distanceToGoal(own, hexagon[index]));
    }
    std::sort(distances.begin(), distances.end());
    const Evaluator counting(*layout, stepsOnly(100));
    const int plain = Evaluator(*layout, stepsOnly(0)).remainingCost(position, 0);
    // While that army still races, its pieces will move on: nothing is counted.
    EXPECT_EQ(counting.remainingCost(position, 0), plain);
    position.setArmyDone(finished);
    int eight = 0;
    for (size_t index = 0; index < 8; ++index) eight += 100 * distances[index];
    EXPECT_EQ(counting.remainingCost(position, 0), eight);
    EXPECT_LT(eight, plain);
    EXPECT_EQ(counting.terms(position, 0).fillHeld, eight - plain);
    EXPECT_EQ(counting.terms(position, 0).total(), eight);
    // Half the percentage: one hole filled, nine pieces needed.
    EXPECT_EQ(Evaluator(*layout, stepsOnly(50)).remainingCost(position, 0),
              eight + 100 * distances[8]);
}

TEST(EvalFill, AGoalFullOfAFinishedArmyStillNeedsOnePieceOfItsOwn) {
    const auto layout = layoutFor("players=6");
    const Seat own = layout->armies(0).front();
    const Seat finished = layout->armies(1).front();
    const std::vector<Hole> hexagon = hexagonHoles();
    Position position = Position::empty(*layout);
    for (const Hole hole : layout->goal(own)) position.putPiece(hole, finished, false, false);
    position.setArmyDone(finished);
    int nearest = 1000;
    for (size_t index = 0; index < 10; ++index) {
        position.putPiece(hexagon[index], own, false, false);
        nearest = std::min(nearest, layout->distanceToGoal(own, hexagon[index]));
    }
    EXPECT_EQ(Evaluator(*layout, stepsOnly(100)).remainingCost(position, 0), 100 * nearest);
}

TEST(EvalFill, OnlyUnderTheFillRule) {
    const auto layout = layoutFor("players=6 finish=all");
    const Seat own = layout->armies(0).front();
    const Seat passer = layout->armies(1).front();
    const std::vector<Hole> hexagon = hexagonHoles();
    Position position = Position::empty(*layout);
    for (const Hole hole : layout->goal(own)) position.putPiece(hole, passer, false, false);
    position.setArmyDone(passer);
    for (size_t index = 0; index < 10; ++index)
        position.putPiece(hexagon[index], own, false, false);
    EXPECT_EQ(Evaluator(*layout, stepsOnly(100)).remainingCost(position, 0),
              Evaluator(*layout, stepsOnly(0)).remainingCost(position, 0));
}

}  // namespace
}  // namespace cc
