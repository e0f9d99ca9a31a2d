#include <fmt/format.h>

#include <algorithm>

#include "core/movegen.h"
#include "search/alphabeta/alphabeta.h"
#include "search/eval/blockade.h"
#include "search/eval/eval.h"
#include "search/eval/fill_threat.h"
#include "search/mcts/field.h"
#include "search/mcts/mcts.h"
#include "search/players.h"
#include "search/race/race_move.h"
#include "search/score.h"
#include "search/search.h"
#include "search/solo/solo.h"
#include "search/think/strength.h"
#include "util/random.h"
#include "util/threading.h"

namespace cc {
namespace {

constexpr int kFullSkill = 20;

// `go infinite` answers only after `stop` (as in UCI), whatever the search found; it
// sleeps until the flag changes, so the answer follows the stop at once. Not in a build
// without threads, where the `stop` could only come after the answer.
void waitForStop(const SearchContext& context) {
    if (kHaveThreads && context.limits.infinite) context.stop.wait(false);
}

// The root moves where a blocker holds our goal (search/eval/blockade.h, protocol-spec/
// play.md, Against a blocker). Alpha-beta values a refilled guard hole at
// every depth; Monte-Carlo only where its playouts are cut, so it is told to refill.
MoveList againstBlocker(const Game& game, MoveList moves, bool montecarlo) {
    const Position& root = game.position();
    const Blockade blockade(root.layout());
    moves = blockade.keepingHomeShut(root, blockade.keepingGuard(root, moves));
    if (montecarlo) moves = blockade.refillingGuard(root, moves);
    return blockade.keepingFresh(game, blockade.keepingStall(root, moves));
}

// UCI_LimitStrength (search/think/strength.h): this move's rung of the ladder, taking
// precedence over Skill Level as in UCI. A beginner's rung returns its greedy share (the
// move is then no search's); a skill rung sets the skill, a node rung the node limit.
std::optional<int> limitStrength(const Position& root, SearchOptions& options,
                                 SearchLimits& limits) {
    if (!options.limitStrength || options.player != PlayerKind::Search) return std::nullopt;
    const StrengthSetting setting =
        strengthSetting(options.elo, streamSeed(options.seed, root.key()));
    options.skill = kFullSkill;
    switch (setting.kind) {
        case StrengthKind::Beginner:
            return setting.value;
        case StrengthKind::Skill:
            options.skill = setting.value;
            break;
        case StrengthKind::Nodes:
            limits.nodes = std::min(limits.nodes.value_or(UINT64_MAX), uint64_t(setting.value));
            break;
    }
    return std::nullopt;
}

// The root moves that leave no army a fill finish into the mover's home within three of
// its own turns (search/eval/fill_threat.h), for Monte-Carlo, whose playouts find such a
// chain only by chance; alpha-beta sees it within its depth. Says so when it leaves
// moves out.
MoveList closingHome(const SearchContext& context, const MoveList& moves) {
    constexpr int kThreatTurns = 3;
    const Position& root = context.game.position();
    MoveList kept = FillThreat(root.layout(), kThreatTurns).keepingHomeFillable(root, moves);
    if (kept.size() != moves.size() && context.callbacks.onMessage) {
        context.callbacks.onMessage(
            fmt::format("home open to a fill finish after {} of {} moves: searching the other {}",
                        moves.size() - kept.size(), moves.size(), kept.size()));
    }
    return kept;
}

SearchResult chosen(Move move) {
    SearchResult result;
    result.best = move;
    return result;
}

}  // namespace

MultiPlayerMethod methodFor(MultiPlayerMethod method, int players) {
    if (method != MultiPlayerMethod::Automatic) return method;
    // Decided by matches against best-reply search at 0.1 s a move (protocol-spec/
    // protocol.md, option Method): Monte-Carlo where a match found it stronger.
    const bool montecarloStronger = players >= 3;
    return montecarloStronger ? MultiPlayerMethod::MonteCarlo : MultiPlayerMethod::BestReply;
}

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
    SearchOptions options = context.options;
    SearchLimits limits = context.limits;
    const std::optional<int> beginnerShare = limitStrength(root, options, limits);
    const int players = root.layout().players();
    options.method = methodFor(options.method, players);
    // Two players, or a strength limit (Skill Level or UCI_LimitStrength): the alpha-beta
    // search, best reply for mcts, whose node count means the same as at two players.
    const bool montecarlo = players > 2 && options.method == MultiPlayerMethod::MonteCarlo &&
                            options.skill >= kFullSkill && !options.limitStrength;
    if (options.player == PlayerKind::Search && evalWeightsFor(players).guard != 0)
        moves = againstBlocker(context.game, moves, montecarlo);
    if (options.player == PlayerKind::Search && montecarlo) moves = closingHome(context, moves);
    if (options.method == MultiPlayerMethod::MonteCarlo && !montecarlo)
        options.method = MultiPlayerMethod::BestReply;
    const SearchContext resolved{
        context.game,      limits,           options,         context.table,    context.stop,
        context.callbacks, context.soloPlan, context.threads, context.mctsTree, context.race};
    const std::optional<Move> raceMove =
        context.race != nullptr && options.player == PlayerKind::Search &&
                options.skill >= kFullSkill && !options.limitStrength
            ? race::raceTableMove(*context.race, root, moves)
            : std::nullopt;
    SearchResult result;
    if (options.player == PlayerKind::Random) {
        result = chosen(randomMove(root, moves, options.seed));
    } else if (options.player == PlayerKind::Greedy) {
        result = chosen(greedyMove(root, moves, options.seed));
    } else if (options.player == PlayerKind::Spoiler) {
        result = chosen(spoilerMove(root, moves, options.seed));
    } else if (beginnerShare) {
        result = chosen(beginnerMove(root, moves, options.seed, *beginnerShare));
    } else if (moves.size() == 1) {
        result = chosen(moves[0]);
    } else if (raceMove) {
        result = chosen(*raceMove);
    } else {
        const int mover = root.mover();
        const TimeBudget budget =
            planTime(limits, mover, options.moveOverhead, root.remainingDistance(mover) / 3);
        if (players == 1) {
            result = solveSolo(resolved, context.soloPlan, budget);
        } else if (montecarlo) {
            MctsPlan plan;
            mcts::FieldReading field;
            plan.settings = mcts::fieldSettings(context.game, field);
            if (context.callbacks.onMessage) {
                context.callbacks.onMessage(
                    fmt::format("mcts field greedy {} of {} moves, playouts cut after {} rounds, "
                                "evaluation {}",
                                field.greedy, field.moves, plan.settings.playout.cutRounds,
                                plan.settings.playout.weights ? "greedy-field" : "usual"));
            }
            plan.rootMoves.assign(moves.begin(), moves.end());
            plan.budget = budget;
            plan.maxDepth = limits.depth;
            plan.multiPv = std::max(1, options.multiPv);
            result = searchMcts(resolved, plan);
        } else {
            AlphaBetaPlan plan;
            plan.rootMoves.assign(moves.begin(), moves.end());
            plan.budget = budget;
            plan.maxDepth = std::clamp(limits.depth.value_or(kMaxPly - 2), 1, kMaxPly - 2);
            plan.multiPv = std::max(1, options.multiPv);
            plan.reportedLines = plan.multiPv;
            if (options.skill < kFullSkill) {
                const int skill = std::max(0, options.skill);
                plan.maxDepth = std::min(plan.maxDepth, 1 + skill / 4);
                plan.multiPv = std::max(plan.multiPv, 4);
                plan.noise = (kFullSkill - skill) * 25;
            }
            result = searchAlphaBeta(resolved, plan);
        }
    }
    waitForStop(context);
    return result;
}

}  // namespace cc
