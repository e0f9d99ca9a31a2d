#pragma once
// Win chances from a score (protocol-spec/play.md, Win chances): each active player's
// chance of first place is a softmax of its race cost (Evaluator::remainingCost), with a
// temperature that depends on how far the race still has to go:
//     chance_i = exp(-cost_i / T) / sum_j exp(-cost_j / T),  T = exp(base + slope * progress)
// The mover's cost is the leading opponent's less the mover's lead, a blend of the
// score the search reports and the position's static score:
//     lead = search * score + static * staticScore - shift
// The others' costs are static, while the search's score is the mover's best line, and
// with Monte-Carlo search a value on another scale: the blend puts the mover's
// chance on the same footing as the others' (the fit's check measures the two apart).
// At two players this is the logistic win = 1 / (1 + exp(-lead / T)), the shape of
// Stockfish's WDL model, whose parameters depend on the material left. The rows are
// fitted to the scores ccmatch records of this engine's games by scripts/analysis/wdl-fit.py.

#include <array>
#include <vector>

#include "search/eval/eval.h"
#include "search/search.h"

namespace cc {

struct WdlRow {
    double base;
    double slope;
    double search;  // the weight of the reported score in the mover's lead
    double stat;    // the weight of the static score in it
    double shift;   // centi-steps taken off it
};

// Rows for 2..6 players (counts outside take the nearest), fitted by
// scripts/analysis/wdl-fit.py to ccmatch games of this engine (protocol-spec/measurements.md,
// "Win chances on the search's scores", gives the games and the check on games left
// out of the fit). The temperatures of 3 to 6 players are still the first fit, on static
// scores of more games, as are the leads at 3 to 5.
inline constexpr std::array<WdlRow, 5> kWdlRows = {{
    {.base = 4.810, .slope = 2.202, .search = 1, .stat = 0, .shift = 0},            // 2
    {.base = 5.434, .slope = 2.154, .search = 1, .stat = 0, .shift = 0},            // 3
    {.base = 5.767, .slope = 1.404, .search = 1, .stat = 0, .shift = 0},            // 4
    {.base = 6.357, .slope = 0.940, .search = 1, .stat = 0, .shift = 0},            // 5
    {.base = 5.997, .slope = 1.495, .search = 0.701, .stat = 1.288, .shift = 123},  // 6
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
    int staticScore_ = 0;                     // the mover's, Evaluator::evaluate
    WdlRow row_;
    double temperature_;
};

}  // namespace cc
