#pragma once
// Built-in reference players (protocol-spec/protocol.md, option Player), so matches and
// tests have known opponents: greedy takes the move that brings its piece furthest
// towards its goal (a finishing move first); spoiler plays greedily but never takes a
// piece out of an opponent's goal while it has another move, the oldest way people block
// a goal; random takes any legal move. They draw ties from the Seed option, so a seed
// replays the same games.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"
#include "util/random.h"  // Random, which the players draw from

namespace cc {

// The greedy rule's preference for a piece move from `from` to `to` steps from its goal: a
// finishing move first, then the furthest step forward, then the piece further behind.
constexpr int64_t greedyProgress(int from, int to, bool finishes) {
    return (finishes ? int64_t{1} << 40 : 0) + int64_t(from - to) * 1024 + int64_t(from) * 16;
}

// The greedy rule's score of a piece move of the player to move in `position`.
int64_t greedyScore(const Position& position, Move move);

// The moves to choose from must not be empty.
Move greedyMove(const Position& position, const MoveList& moves, uint64_t seed);
Move spoilerMove(const Position& position, const MoveList& moves, uint64_t seed);
Move randomMove(const Position& position, const MoveList& moves, uint64_t seed);
// A beginner who is trying: the greedy move `greedyPercent` percent of the time, else
// any move that brings a piece nearer its goal (one that keeps its distance when none
// does, any move when none of those): never a step back while a step forward exists.
Move beginnerMove(const Position& position, const MoveList& moves, uint64_t seed,
                  int greedyPercent);

}  // namespace cc
