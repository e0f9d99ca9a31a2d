#pragma once
// Legal moves: steps, hop floods (short, long, king rows), arm and goal restrictions,
// swaps, must-leave and the automatic pass. One code path serves `legal`, perft and
// search.

#include <array>
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace cc {

// Every legal move of the player to move, as `legal` lists them: one per distinct
// (from, to), a swap as its own entry, must-leave applied, just a pass when nothing
// else is legal, nothing when the game is over.
void generateLegal(const Position& position, MoveList& moves);

// One movable piece and where it may go, as generateLegal lists its moves: the normal
// moves' destinations, then the swaps'.
struct PieceDestinations {
    Seat seat = 0;
    Hole from = 0;
    Bitboard normal;
    Bitboard swaps;
};

// Every movable piece of the player to move, in generateLegal's order; at most one
// entry per hole.
class PieceDestinationList {
  public:
    void clear() { size_ = 0; }
    void push(const PieceDestinations& piece) { pieces_[size_++] = piece; }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] const PieceDestinations* begin() const { return pieces_.data(); }
    [[nodiscard]] const PieceDestinations* end() const { return pieces_.data() + size_; }

  private:
    std::array<PieceDestinations, kHoleCount> pieces_;
    int size_ = 0;
};

// generateLegal's moves grouped by piece, without a Move each: for callers that look
// at every move (the playouts' greedy rule). Returns false, and lists nothing, where
// generateLegal would do more than list them: a game over, or must-leave cutting the
// moves down. An empty list with true means the player passes.
bool listDestinations(const Position& position, PieceDestinationList& pieces);

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
