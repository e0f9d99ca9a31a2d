#include "search/search.h"

#include <algorithm>

#include "core/movegen.h"
#include "search/alphabeta.h"
#include "search/mcts.h"
#include "search/players.h"
#include "search/score.h"
#include "search/solo.h"

namespace cc {
namespace {

constexpr int kFullSkill = 20;

// `go infinite` answers only after `stop` (as in UCI), whatever the search found; it
// sleeps until the flag changes, so the answer follows the stop at once.
void waitForStop(const SearchContext& context) {
    if (context.limits.infinite) context.stop.wait(false);
}

SearchResult chosen(Move move) {
    SearchResult result;
    result.best = move;
    return result;
}

}  // namespace

SearchResult think(const SearchContext& context) {
    const Position& root = context.game.position();
    if (root.over()) return {};
    MoveList legal;
    generateLegal(root, legal);
    MoveList moves;
    for (const Move move : legal) {
        const auto& only = context.limits.searchMoves;
        if (only.empty() || std::find(only.begin(), only.end(), move) != only.end())
            moves.push(move);
    }
    if (moves.empty()) moves = legal;  // searchmoves named no legal move: search them all

    const SearchOptions& options = context.options;
    SearchResult result;
    if (options.player == PlayerKind::Random) {
        result = chosen(randomMove(root, moves, options.seed));
    } else if (options.player == PlayerKind::Greedy) {
        result = chosen(greedyMove(root, moves, options.seed));
    } else if (moves.size() == 1) {
        result = chosen(moves[0]);
    } else {
        const int mover = root.mover();
        const TimeBudget budget = planTime(context.limits, mover, options.moveOverhead,
                                           root.remainingDistance(mover) / 3);
        if (root.layout().players() == 1) {
            result = solveSolo(context, context.soloPlan, budget);
        } else if (root.layout().players() > 2 && options.method == MultiPlayerMethod::MonteCarlo &&
                   options.skill >= kFullSkill) {
            MctsPlan plan;
            plan.rootMoves.assign(moves.begin(), moves.end());
            plan.budget = budget;
            plan.maxDepth = context.limits.depth;
            plan.multiPv = std::max(1, options.multiPv);
            result = searchMcts(context, plan);
        } else {
            AlphaBetaPlan plan;
            plan.rootMoves.assign(moves.begin(), moves.end());
            plan.budget = budget;
            plan.maxDepth = std::clamp(context.limits.depth.value_or(kMaxPly - 2), 1, kMaxPly - 2);
            plan.multiPv = std::max(1, options.multiPv);
            plan.reportedLines = plan.multiPv;
            if (options.skill < kFullSkill) {
                const int skill = std::max(0, options.skill);
                plan.maxDepth = std::min(plan.maxDepth, 1 + skill / 4);
                plan.multiPv = std::max(plan.multiPv, 4);
                plan.noise = (kFullSkill - skill) * 25;
            }
            // Two players, or a strength limit: Monte-Carlo search hands over to best reply.
            SearchOptions alphaBetaOptions = options;
            if (alphaBetaOptions.method == MultiPlayerMethod::MonteCarlo)
                alphaBetaOptions.method = MultiPlayerMethod::BestReply;
            const SearchContext alphaBeta{context.game,    context.limits, alphaBetaOptions,
                                          context.table,   context.stop,   context.callbacks,
                                          context.soloPlan};
            result = searchAlphaBeta(alphaBeta, plan);
        }
    }
    waitForStop(context);
    return result;
}

}  // namespace cc
