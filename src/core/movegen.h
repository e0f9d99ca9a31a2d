#pragma once
// Legal moves: steps, hop floods (short, long, king rows), arm and goal restrictions,
// swaps, must-leave and the automatic pass. One code path serves `legal`, perft and
// search.

#include <array>
#include <cstdint>
#include <optional>
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

// Whether a piece of the mover's army `seat` that stands outside `skip` has a move (a
// normal one or a swap) onto a hole of `targets`: what listDestinations' list would say,
// without listing every piece. Nothing where listDestinations returns false.
std::optional<bool> armyReaches(const Position& position, Seat seat, Bitboard skip,
                                Bitboard targets);

// The number of moves generateLegal would list, without listing them when it can
// (perft's last ply).
uint64_t countLegal(const Position& position);

// Whether one of the mover's pieces that may move stands in a blocked goal: another
// player's goal, full but not all its owner's.
bool inBlockedGoal(const Position& position);

// Whether must-leave may cut the position's moves down (then only a full listing
// counts them). Inline: counting loops ask it for every position, and the rule is
// mostly off.
inline bool mustLeaveMayApply(const Position& position) {
    return position.layout().rules().mustLeave && inBlockedGoal(position);
}

// One piece's moves counted, with the holes whose contents they depend on (steps,
// bridges, landings): perft's sibling counts reuse the count while none of them changes.
struct PieceMoveCount {
    Seat seat = 0;
    Hole from = 0;
    uint64_t moves = 0;
    Bitboard zone;
};

// Counts the moves of every piece of `player`'s armies (but those with their bit set in
// `skipArmies`) on `board`, as if `player` were to move.
void countPieceMoves(const Position& board, int player, uint8_t skipArmies,
                     std::vector<PieceMoveCount>& pieces);

// The moves of `position`'s mover, whose pieces were counted by countPieceMoves on a
// board that differs from this one only in the holes `changed`: only the pieces whose
// zone meets them are counted again. Just the pass (1) when nothing else is legal.
uint64_t recountPieceMoves(const Position& position, const std::vector<PieceMoveCount>& pieces,
                           Bitboard changed);

// The landing path of a legal piece move with the fewest hops, start first.
std::vector<Hole> shortestPath(const Position& position, Move move);

// Whether a path given as input (start, then every landing; at least two holes beyond
// a plain from-to) is a chain of single hops the moving piece may make, ending with a
// swap when `swapEnd`. Legality of the whole move is checked against generateLegal.
bool isHopChain(const Position& position, const std::vector<Hole>& path, bool swapEnd);

}  // namespace cc
