#pragma once
// Move ordering for alpha-beta: the table's move, then the killers (moves that refuted a
// sibling at this ply), then the rest by steps gained and history (threads.h,
// MoveHistory). A picker hands them out best first, one selection-sort step at a time:
// a cut-off after the first few moves leaves the rest unsorted.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/move.h"
#include "search/score.h"
#include "search/scored_move.h"

namespace cc {

// Ordering scores: the table's move above everything; each killer above any gain or
// history, the newer killer first.
constexpr int kTableMoveScore = 1 << 30;
constexpr int kFirstKillerScore = 1 << 24;
constexpr int kSecondKillerScore = 1 << 23;
// Moves scored at least this (the table's move and the killers) are never reduced.
constexpr int kUnreducedScore = kSecondKillerScore / 2;

// A move's ordering score before the table's move and the killers: steps gained, then
// history as the tie-break.
constexpr int plainOrderScore(int gain, int history) {
    return gain * 4096 + history / 2;
}

// The two latest moves that refuted a node, per ply.
class Killers {
  public:
    void remember(int ply, Move move) {
        auto& slots = moves_[size_t(ply)];
        if (slots[0] == move) return;
        slots[1] = slots[0];
        slots[0] = move;
    }
    [[nodiscard]] int bonus(int ply, Move move) const {
        const auto& slots = moves_[size_t(ply)];
        if (move == slots[0]) return kFirstKillerScore;
        if (move == slots[1]) return kSecondKillerScore;
        return 0;
    }

  private:
    std::array<std::array<Move, 2>, kMaxPly> moves_{};
};

// A refutation's history bonus grows with the depth it saved; the entry is pulled
// towards a bound, so old knowledge fades without a reset.
inline void rewardHistory(int16_t& entry, int depth) {
    const int bonus = std::min(depth * depth * 8, 4000);
    entry = int16_t(entry + bonus - entry * bonus / 16384);
}

class MovePicker {
  public:
    explicit MovePicker(std::vector<ScoredMove>& moves) : moves_(moves) {}

    // The best move not handed out yet, or nothing once all are.
    std::optional<ScoredMove> next() {
        if (next_ == moves_.size()) return std::nullopt;
        const auto first = moves_.begin() + long(next_);
        const auto pick = std::max_element(
            first, moves_.end(),
            [](const ScoredMove& a, const ScoredMove& b) { return a.score < b.score; });
        std::iter_swap(first, pick);
        return moves_[next_++];
    }

  private:
    std::vector<ScoredMove>& moves_;
    size_t next_ = 0;
};

}  // namespace cc
