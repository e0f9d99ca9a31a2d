// The evaluation term by term (Evaluator::terms, the `eval` command): the terms add up
// to the remaining cost the search uses, and each weight lands in its own term.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/game.h"
#include "core/movegen.h"
#include "layout_for.h"
#include "search/eval/eval.h"

namespace cc {
namespace {

using testutil::layoutFor;

// Positions along a game of random legal moves.
std::vector<Position> randomGame(const Layout& layout, unsigned seed, int plies) {
    std::mt19937 random(seed);
    std::vector<Position> positions{Position::start(layout)};
    MoveList moves;
    for (int ply = 0; ply < plies && !positions.back().over(); ++ply) {
        generateLegal(positions.back(), moves);
        if (moves.empty()) break;
        Position next = positions.back();
        playMove(next, moves[int(random() % unsigned(moves.size()))]);
        positions.push_back(next);
    }
    return positions;
}

TEST(EvalTerms, AddUpToTheRemainingCostAtEveryPlayerCountAndRuleSet) {
    for (const std::string words :
         {"players=2", "players=3", "players=4", "players=6", "players=2 finish=all",
          "preset=diamond players=3", "players=2 armies=1+3+5,2+4+6", "preset=super players=2"}) {
        const auto layout = layoutFor(words);
        const Evaluator evaluator(*layout);
        for (const Position& position : randomGame(*layout, 7, 60)) {
            for (int player = 0; player < layout->players(); ++player) {
                EXPECT_EQ(evaluator.terms(position, player).total(),
                          evaluator.remainingCost(position, player))
                    << words << " player " << player;
            }
        }
    }
}

TEST(EvalTerms, EachWeightLandsInItsOwnTerm) {
    const auto layout = layoutFor("players=2");
    const Position position = randomGame(*layout, 11, 30).back();
    EvalWeights none{};
    none.step = 0;
    none.straggler = 0;
    none.kingStep = 0;
    none.tempo = 0;
    const auto only = [&](auto setter) {
        EvalWeights weights = none;
        setter(weights);
        return Evaluator(*layout, weights).terms(position, 0);
    };
    const EvalTerms steps = only([](EvalWeights& w) { w.step = 100; });
    EXPECT_GT(steps.steps, 0);
    EXPECT_EQ(steps.total(), steps.steps);
    const EvalTerms straggler = only([](EvalWeights& w) { w.straggler = 3; });
    EXPECT_GT(straggler.straggler, 0);
    EXPECT_EQ(straggler.total(), straggler.straggler);
    const EvalTerms lagging = only([](EvalWeights& w) { w.lagging = 50; });
    EXPECT_EQ(lagging.total(), lagging.lagging);
    const EvalTerms hops = only([](EvalWeights& w) { w.hopGain = 10; });
    EXPECT_LE(hops.hops, 0);
    EXPECT_EQ(hops.total(), hops.hops);
    const EvalTerms home = only([](EvalWeights& w) { w.atHome = 7; });
    EXPECT_EQ(home.total(), home.atHome);
    EXPECT_EQ(home.atHome % 7, 0);
}

}  // namespace
}  // namespace cc
