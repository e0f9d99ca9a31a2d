// The last ply of alpha-beta: a child whose move can end nothing is valued from its
// parent's remaining costs without being played; the others are played and evaluated.

#include "core/game.h"
#include "core/movegen.h"
#include "search/alphabeta/alphabeta_worker.h"

namespace cc::alphabeta {

bool Worker::quietLeaf(const Position& position, const ScoredMove& move) const {
    // A move into any goal may finish someone or earn a bonus (leaving a goal cannot
    // complete one); near the stall count or the move limit any move may end the game;
    // repetition and adjacent entry need the child itself.
    const Rules& rules = s_.layout.rules();
    if (move.move.kind != MoveKind::Normal || s_.repetition || rules.adjacentEntry) return false;
    // In the last round of fair finish any move may close the round and end the game.
    if (lastRound(position)) return false;
    if (s_.layout.goalSeatsAt(move.move.to) != 0) return false;
    if (rules.stall > 0 && position.quietMoves() + 2 >= rules.stall * position.activeCount())
        return false;
    return rules.moveLimit == 0 || position.round() < rules.moveLimit;
}

int Worker::nextMover(const Position& position, int player) const {
    if (s_.bestReply && player != s_.root) return s_.root;
    return nextActivePlayer(position, player);
}

int Worker::frontier(const Position& position, int alpha, int beta, int ply, bool pvNode,
                     uint64_t key) {
    const int players = s_.layout.players();
    std::array<int, kMaxPlayers> costs{};
    for (int player = 0; player < players; ++player) {
        if (player == s_.root || position.active(player))
            costs[player] = s_.evaluator.remainingCost(position, player);
    }
    // A quiet leaf's value depends only on its player's new cost: for each player only
    // its cheapest quiet move can be the best (every quiet leaf still counts as a node).
    std::array<int, kMaxPlayers> cheapest;
    cheapest.fill(INT32_MAX);
    std::array<const ScoredMove*, kMaxPlayers> cheapestMove{};
    std::vector<const ScoredMove*> loud;
    // Where costChange misses part of what a move does (the guard, the fill count),
    // every move is played.
    const bool playEvery = !s_.evaluator.changesExact();
    uint64_t quiet = 0;
    Hole lastFrom = kNoHole;
    Seat lastSeat = 0;
    bool lastKing = false;
    for (const ScoredMove& current : movesAt_[ply]) {
        if (playEvery || !quietLeaf(position, current)) {
            loud.push_back(&current);
            continue;
        }
        ++quiet;
        const Move move = current.move;
        if (move.from != lastFrom) {
            lastFrom = move.from;
            lastSeat = position.seatAt(move.from);
            lastKing = position.kings().test(move.from);
        }
        const int change = s_.evaluator.costChange(lastSeat, lastKing, move.from, move.to);
        const auto player = size_t(uint8_t(current.player));
        if (change < cheapest[player]) {
            cheapest[player] = change;
            cheapestMove[player] = &current;
        }
    }
    countNodes(quiet);
    const bool rootSide = position.mover() == s_.root;
    NodeBest node(alpha, beta);
    bool cut = false;
    for (int player = 0; player < players && !cut; ++player) {
        if (cheapestMove[size_t(player)] == nullptr) continue;
        std::array<int, kMaxPlayers> after = costs;
        after[size_t(player)] += cheapest[size_t(player)];
        const int forRoot =
            std::clamp(s_.evaluator.evaluate(position, after, s_.root, nextMover(position, player)),
                       -kEvalLimit, kEvalLimit);
        pvLength_[ply + 1] = 0;  // a leaf valued without being played has no line
        cut = improve(position, *cheapestMove[size_t(player)], rootSide ? forRoot : -forRoot, 1,
                      ply, pvNode, node);
    }
    std::stable_sort(loud.begin(), loud.end(),
                     [](const ScoredMove* a, const ScoredMove* b) { return a->score > b->score; });
    for (size_t index = 0; index < loud.size() && !cut; ++index) {
        const Position next = play(position, *loud[index]);
        const int value = child(position, next, node.alpha, beta, 0, ply, false);
        if (s_.aborted()) return 0;
        cut = improve(position, *loud[index], value, 1, ply, pvNode, node);
    }
    store(key, node, 1, ply);
    return node.best;
}

}  // namespace cc::alphabeta
