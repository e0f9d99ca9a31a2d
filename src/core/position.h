#pragma once
// A position: where every piece stands (by army seat, king and bonus marks), whose turn
// it is, the counters the end-of-game rules need, and who has finished. Cheap to copy
// (no heap), so search and perft copy-make. Playing a move lives in game.h.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/layout.h"

namespace cc {

// The largest round, quiet count and pass count (protocol-spec/notation.md): a position
// text holds no more, and play stops the counters there, so that every position reached
// prints as a text that reads back. Far below int overflow.
constexpr int kMaxCounter = 1'000'000'000;

enum class GameStatus : uint8_t {
    Playing,
    Finish,
    Resign,
    MoveLimit,
    Stall,
    Repetition,
    PassRound
};

class Position {
  public:
    // The start position of the layout's rules.
    static Position start(const Layout& layout);
    // An empty board for the layout, player to move = first player (for parsers).
    static Position empty(const Layout& layout);

    [[nodiscard]] const Layout& layout() const { return *layout_; }

    // --- pieces ---
    [[nodiscard]] Bitboard occupied() const { return occupied_; }
    [[nodiscard]] Bitboard army(Seat seat) const { return army_[seat]; }
    [[nodiscard]] Bitboard kings() const { return kings_; }
    [[nodiscard]] Bitboard bonusEarned() const { return bonusEarned_; }
    [[nodiscard]] Bitboard spares() const { return spares_; }
    // Seat of the army whose piece stands on the hole; -1 for empty or spare.
    [[nodiscard]] Seat seatAt(Hole hole) const;
    [[nodiscard]] Bitboard piecesOf(int player) const;

    // Board edits that keep the hash in step.
    void putPiece(Hole hole, Seat seat, bool king, bool earned);
    void putSpare(Hole hole);
    void removePiece(Hole hole);
    // Moves whatever stands on `from` (with its marks) to the empty hole `to`.
    void movePiece(Hole from, Hole to);
    void markBonusEarned(Hole hole);

    // --- turn ---
    [[nodiscard]] int mover() const { return mover_; }
    [[nodiscard]] bool bonusMove() const { return bonusMove_; }
    void setMover(int player, bool bonusMove);
    [[nodiscard]] int round() const { return round_; }
    [[nodiscard]] int quietMoves() const { return quiet_; }
    [[nodiscard]] int passes() const { return passes_; }
    void setCounters(int round, int quiet, int passes) {
        round_ = std::min(round, kMaxCounter);
        quiet_ = std::min(quiet, kMaxCounter);
        passes_ = std::min(passes, kMaxCounter);
    }

    // --- finishing and places ---
    [[nodiscard]] bool armyDone(Seat seat) const { return (doneArmies_ >> seat) & 1U; }
    // A bit per seat whose army has finished.
    [[nodiscard]] uint8_t doneArmies() const { return doneArmies_; }
    void setArmyDone(Seat seat);
    // 0 while the player has no place.
    [[nodiscard]] int place(int player) const { return place_[player]; }
    [[nodiscard]] bool resigned(int player) const { return (resigned_ >> player) & 1U; }
    void setPlace(int player, int place, bool byResigning);
    // Still taking turns: no place yet.
    [[nodiscard]] bool active(int player) const { return place_[player] == 0; }
    [[nodiscard]] int activeCount() const { return layout_->players() - std::popcount(placed_); }
    // Players with a place earned by finishing (not by resigning).
    [[nodiscard]] int finishedCount() const { return std::popcount(uint8_t(placed_ & ~resigned_)); }
    [[nodiscard]] GameStatus status() const { return status_; }
    [[nodiscard]] bool over() const { return status_ != GameStatus::Playing; }
    void setStatus(GameStatus status);

    // Identity for transposition: everything that changes the legal moves or the
    // outcome (pieces with their marks, player to move, pending bonus, finished armies,
    // places, resignations, the end status, and the rules). The counters (round, quiet
    // moves, passes) are left out, as chess engines leave out the fifty-move clock.
    [[nodiscard]] uint64_t key() const { return placementKey_ ^ outcomeKey_; }
    // Identity for the repetition rule (protocol-spec/rules.md §8.7 Repetition): pieces
    // with their marks, player to move and pending bonus, and the rules.
    [[nodiscard]] uint64_t repetitionKey() const { return placementKey_; }

    // Sum over all the player's pieces (every army) of their distance to their goal.
    [[nodiscard]] int remainingDistance(int player) const;
    [[nodiscard]] int piecesInGoal(int player) const;

  private:
    explicit Position(const Layout& layout);
    static uint64_t pieceKey(Hole hole, int kind);
    [[nodiscard]] int kindAt(Hole hole) const;
    void toggleKey(Hole hole) { placementKey_ ^= pieceKey(hole, kindAt(hole)); }

    const Layout* layout_;
    Bitboard occupied_;
    std::array<Bitboard, kSeatCount> army_{};
    Bitboard kings_;
    Bitboard bonusEarned_;
    Bitboard spares_;
    uint64_t placementKey_ = 0;
    uint64_t outcomeKey_ = 0;  // finished armies, places, resignations, status
    int round_ = 1;
    int quiet_ = 0;
    int passes_ = 0;
    std::array<uint8_t, kMaxPlayers> place_{};
    uint8_t resigned_ = 0;
    uint8_t placed_ = 0;  // players with a place, one bit each
    uint8_t doneArmies_ = 0;
    uint8_t mover_ = 0;
    bool bonusMove_ = false;
    GameStatus status_ = GameStatus::Playing;
};

}  // namespace cc
