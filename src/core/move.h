#pragma once
// A move as search needs it: (from, to) and its kind. The landing path is rebuilt
// only for printing (movegen.h: shortestPath).

#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace cc {

enum class MoveKind : uint8_t { Normal, Swap, Pass, Resign };

// Trivially constructible, so a MoveList's storage is left uninitialised until used.
struct Move {
    uint8_t from;
    uint8_t to;
    MoveKind kind;

    static constexpr Move normal(Hole from, Hole to) {
        return {uint8_t(from), uint8_t(to), MoveKind::Normal};
    }
    static constexpr Move swap(Hole from, Hole to) {
        return {uint8_t(from), uint8_t(to), MoveKind::Swap};
    }
    static constexpr Move pass() { return {0, 0, MoveKind::Pass}; }
    static constexpr Move resign() { return {0, 0, MoveKind::Resign}; }

    [[nodiscard]] constexpr bool isPieceMove() const {
        return kind == MoveKind::Normal || kind == MoveKind::Swap;
    }
    constexpr bool operator==(const Move&) const = default;
};

// A fixed-capacity move list: no allocation per generated move. The capacity covers
// the worst case with room to spare: a player moves at most 30 pieces (three armies),
// each reaching at most the other 120 holes, plus swaps into at most 15 goal holes
// each: 30 x 135 = 4050 moves.
class MoveList {
  public:
    static constexpr int kCapacity = 4096;
    void push(Move move) {
        if (size_ < kCapacity) moves_[size_++] = move;
    }
    void clear() { size_ = 0; }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    Move& operator[](int index) { return moves_[index]; }
    const Move& operator[](int index) const { return moves_[index]; }
    [[nodiscard]] const Move* begin() const { return moves_.data(); }
    [[nodiscard]] const Move* end() const { return moves_.data() + size_; }
    Move* begin() { return moves_.data(); }
    Move* end() { return moves_.data() + size_; }
    void truncate(int size) { size_ = size; }

  private:
    std::array<Move, kCapacity> moves_;
    int size_ = 0;
};

}  // namespace cc
