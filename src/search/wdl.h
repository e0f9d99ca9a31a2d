#pragma once
// Win chances from a score (protocol-spec/play.md, Win chances): each active player's
// chance of first place is a softmax of its race cost (Evaluator::remainingCost, the
// mover's being the leader's less the reported score), with a temperature that depends
// on how far the race still has to go:
//     chance_i = exp(-cost_i / T) / sum_j exp(-cost_j / T),  T = exp(base + slope * progress)
// At two players this is the logistic win = 1 / (1 + exp(-score / T)), the shape of
// Stockfish's WDL model, whose parameters depend on the material left. `base` and
// `slope` are fitted to ccmatch games by scripts/wdl-fit.py.

#include <array>
#include <vector>

#include "search/eval.h"
#include "search/search.h"

namespace cc {

struct WdlRow {
    double base;
    double slope;
};

// Rows for 2..6 players (counts outside take the nearest), fitted by
// scripts/wdl-fit.py to ccmatch games of this engine (protocol-spec/protocol.md, Win
// chances, gives the games and the check on games left out of the fit).
inline constexpr std::array<WdlRow, 5> kWdlRows = {{
    {.base = 5.771, .slope = 1.906},  // 2
    {.base = 5.434, .slope = 2.154},  // 3
    {.base = 5.767, .slope = 1.404},  // 4
    {.base = 6.357, .slope = 0.940},  // 5
    {.base = 5.997, .slope = 1.495},  // 6
}};

// The chances of one root position for any score the search reports on it.
class WinChances {
  public:
    WinChances(const Position& root, const Evaluator& evaluator);
    // Per mille per player (player 1 first), summing to 1000; empty for one player.
    [[nodiscard]] std::vector<int> firstPlace(const Score& score) const;
    [[nodiscard]] int mover() const { return mover_; }

  private:
    int players_;
    int mover_;
    std::array<int, kMaxPlayers> costs_{};
    std::array<bool, kMaxPlayers> racing_{};  // active, and first place still open
    int decided_ = -1;                        // the player already first, if any
    double temperature_;
};

}  // namespace cc
