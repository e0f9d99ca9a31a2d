#pragma once
// Legal moves: steps, hop floods (short, long, king rows), arm and goal restrictions,
// swaps, must-leave and the automatic pass. One code path serves `legal`, perft and
// search.

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace cc {

// Every legal move of the player to move, as `legal` lists them: one per distinct
// (from, to), a swap as its own entry, must-leave applied, just a pass when nothing
// else is legal, nothing when the game is over.
void generateLegal(const Position& position, MoveList& moves);

// The number of moves generateLegal would list, without listing them when it can
// (perft's last ply).
uint64_t countLegal(const Position& position);

// The landing path of a legal piece move with the fewest hops, start first.
std::vector<Hole> shortestPath(const Position& position, Move move);

// Whether a path given as input (start, then every landing; at least two holes beyond
// a plain from-to) is a chain of single hops the moving piece may make, ending with a
// swap when `swapEnd`. Legality of the whole move is checked against generateLegal.
bool isHopChain(const Position& position, const std::vector<Hole>& path, bool swapEnd);

}  // namespace cc
