#include "search/players.h"

#include "core/game.h"

namespace cc {
namespace {

// The holes of the mover's start camps that are some opponent's goal: what a spoiler
// holds on to, since a piece left there keeps that goal from filling.
Bitboard blockedGoals(const Position& position) {
    const Layout& layout = position.layout();
    const int mover = position.mover();
    Bitboard opponentGoals;
    for (int player = 0; player < layout.players(); ++player)
        if (player != mover)
            for (const Seat seat : layout.armies(player)) opponentGoals |= layout.goal(seat);
    Bitboard camps;
    for (const Seat seat : layout.armies(mover)) camps |= layout.start(seat);
    return camps & opponentGoals;
}

}  // namespace

int64_t greedyScore(const Position& position, Move move) {
    const Layout& layout = position.layout();
    Position next = position;
    playMove(next, move);
    const Seat seat = position.seatAt(move.from);
    return greedyProgress(layout.distanceToGoal(seat, move.from),
                          layout.distanceToGoal(seat, move.to), next.place(position.mover()) != 0);
}

Move greedyMove(const Position& position, const MoveList& moves, uint64_t seed) {
    Random random(streamSeed(seed, position.key()));
    Move best = moves[0];
    int64_t bestScore = INT64_MIN;
    for (const Move move : moves) {
        int64_t score = move.isPieceMove() ? greedyScore(position, move) : 0;
        score = score * 16 + int64_t(random.below(16));
        if (score > bestScore) {
            bestScore = score;
            best = move;
        }
    }
    return best;
}

Move spoilerMove(const Position& position, const MoveList& moves, uint64_t seed) {
    const Bitboard held = blockedGoals(position);
    MoveList staying;
    for (const Move move : moves)
        if (!move.isPieceMove() || !held.test(move.from) || held.test(move.to)) staying.push(move);
    return greedyMove(position, staying.empty() ? moves : staying, seed);
}

Move randomMove(const Position& position, const MoveList& moves, uint64_t seed) {
    Random random(streamSeed(seed, position.key()));
    return moves[int(random.below(uint64_t(moves.size())))];
}

Move beginnerMove(const Position& position, const MoveList& moves, uint64_t seed,
                  int greedyPercent) {
    Random random(streamSeed(seed ^ 0x6265676eULL, position.key()));
    if (int(random.below(100)) < greedyPercent) return greedyMove(position, moves, seed);
    const Layout& layout = position.layout();
    MoveList forward;
    MoveList level;
    for (const Move move : moves) {
        if (!move.isPieceMove()) continue;
        const Seat seat = position.seatAt(move.from);
        const int from = layout.distanceToGoal(seat, move.from);
        const int to = layout.distanceToGoal(seat, move.to);
        if (to < from) forward.push(move);
        if (to == from) level.push(move);
    }
    const MoveList& pool = !forward.empty() ? forward : !level.empty() ? level : moves;
    return pool[int(random.below(uint64_t(pool.size())))];
}

}  // namespace cc
