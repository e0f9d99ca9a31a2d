#pragma once
// The race evaluation (protocol-spec/protocol.md, score): how far each player still has
// to go, in centi-steps. 100 cp is one step of one piece towards its goal; pieces far
// behind cost more than their distance (a straggler holds the whole army back).

#include <array>

#include "core/position.h"
#include "search/eval/blockade.h"

namespace cc {

struct EvalWeights {
    int step = 100;      // per step of distance to the goal tip
    int straggler = 6;   // per squared step: the far pieces weigh more
    int kingStep = 100;  // extra per step of a Diamond Game king (it must reach the tip)
    int tempo = 20;      // for the player to move
    // Crowded-board terms: 0 in a row of kEvalWeights unless a fitted value was kept.
    int atHome = 0;   // per piece still in its start triangle (it blocks that goal)
    int parked = 0;   // per piece in a triangle neither its start nor its goal
    int offAxis = 0;  // per step from the line between its start and goal tips
    int lagging = 0;  // per step the army's last piece is behind the army's mean
    // Hop potential, a credit (subtracted): per step of each piece's best short hop now.
    int hopGain = 0;
    // Under finish=fill, in percent: how far a goal hole held by a piece of an army that
    // has finished counts as filled (protocol-spec/rules.md §5: a full goal needs only
    // one piece of its own army; a finished army never moves again). The army then needs
    // fewer pieces in its goal, and its farthest pieces, the ones it no longer needs,
    // cost nothing. (Holes held by armies still racing are not counted: they move on, and
    // counting them by how far their army had left home made the engine leave its own
    // last pieces behind: protocol-spec/measurements-race.md, The fill rule.)
    int fillHeld = 0;
    // Under finish=all, per piece outside its goal: each needs at least one more move,
    // however near (in a race's last moves the pieces left count, not the steps), and a
    // foreign piece in the goal keeps one of them out until it leaves.
    int outside = 0;
    // Where an opponent keeps its home, our goal, nearly full and progress decides places
    // (search/eval/blockade.h): per hole of the two front rows of our home not held by us,
    int guard = 0;
    // and for every army, a credit per piece in its goal: places by progress count the
    // pieces in the goals before the distance (protocol-spec/rules.md §8.5).
    int goalCount = 0;
};

// The weights for 2..6 players. Set by hand; `ccengine tune` (src/tools/tune.h) fits
// them to game records and prints a table of this shape to paste here. A fitted row
// replaces the hand-set one only when a match says it is stronger.
inline constexpr int kMinEvalPlayers = 2;
inline constexpr std::array<EvalWeights, 5> kEvalWeights = {{
    // 2 players: fitted by `ccengine tune` (CONTRIBUTING.md, Tuning the evaluation).
    {.step = 100,
     .straggler = 4,
     .kingStep = 100,
     .tempo = 49,
     .atHome = -187,
     .parked = 45,
     .offAxis = 23,
     .lagging = 152,
     .guard = 2000,
     .goalCount = 4000},
    {.step = 100,
     .straggler = 6,
     .kingStep = 100,
     .tempo = 20,
     .guard = 2000,
     .goalCount = 4000},  // 3
    {.step = 100,
     .straggler = 6,
     .kingStep = 100,
     .tempo = 20,
     .guard = 2000,
     .goalCount = 4000},  // 4
    {.step = 100,
     .straggler = 6,
     .kingStep = 100,
     .tempo = 20,
     .guard = 2000,
     .goalCount = 4000},  // 5
    // 6 players: the listed terms fitted by `ccengine tune` (CONTRIBUTING.md, Tuning).
    {.step = 100,
     .straggler = 2,
     .kingStep = 100,
     .tempo = 20,
     .parked = 128,
     .offAxis = 40,
     .lagging = 160,
     .hopGain = 23,
     .fillHeld = 100,
     .guard = 2000,
     .goalCount = 4000},
}};
// The row of kEvalWeights for a player count (counts outside 2..6 take the nearest).
[[nodiscard]] const EvalWeights& evalWeightsFor(int players);

// One player's remaining cost split into the evaluation's terms, in centi-steps (the
// `eval` command, protocol-spec/protocol.md). Credits are negative; the terms add up to
// Evaluator::remainingCost.
struct EvalTerms {
    int steps = 0;
    int straggler = 0;
    int king = 0;
    int atHome = 0;
    int parked = 0;
    int offAxis = 0;
    int lagging = 0;
    int hops = 0;
    int fillHeld = 0;
    int outside = 0;
    int guard = 0;
    [[nodiscard]] int total() const {
        return steps + straggler + king + atHome + parked + offAxis + lagging + hops + fillHeld +
               outside + guard;
    }
};

class Evaluator {
  public:
    // The weights of the layout's player count (kEvalWeights).
    explicit Evaluator(const Layout& layout);
    Evaluator(const Layout& layout, const EvalWeights& weights);
    // The same, with the guard live for each army whose goal a blocker holds at `root`
    // (search/eval/blockade.h). Decided once at the root of a search, not in every line of
    // it: within the tree, lines where an opponent merely delays leaving home would look
    // like a blockade.
    Evaluator(const Layout& layout, const Position& root);
    Evaluator(const Layout& layout, const EvalWeights& weights, const Position& root);

    // What the player's pieces still cost to bring home, every army counted.
    [[nodiscard]] int remainingCost(const Position& position, int player) const;
    // The position for `perspective` against its opponents: the leader among the
    // active opponents is the one to beat (with two players, simply the other).
    [[nodiscard]] int evaluate(const Position& position, int perspective) const;
    // The same from each player's remaining cost, with `mover` to move.
    [[nodiscard]] int evaluate(const Position& position, const std::array<int, kMaxPlayers>& costs,
                               int perspective, int mover) const;
    // The same cost term by term.
    [[nodiscard]] EvalTerms terms(const Position& position, int player) const;
    [[nodiscard]] const EvalWeights& weights() const { return weights_; }
    // Whether the guard term is live: the search then values every move by playing it
    // (costChange leaves the guard out).
    [[nodiscard]] bool guarding() const { return guarding_; }
    // Whether costChange gives a move's whole change of its player's cost: not with the
    // guard live, nor with the fill count, where a move may change which pieces count.
    [[nodiscard]] bool changesExact() const { return !guarding_ && !fillCounting_; }
    // The guard holes `seat` keeps held: none unless its guard is live.
    [[nodiscard]] Bitboard keptGuard(Seat seat) const {
        return guardLive_[seat] ? blockade_.guardHoles(seat) : Bitboard{};
    }
    // What moving the piece of `seat` from -> to changes its player's remaining cost
    // (the lagging, hop and guard terms left out: they depend on the whole army or board).
    [[nodiscard]] int costChange(Seat seat, bool king, Hole from, Hole to) const {
        const auto& table = king ? kingCost_[seat] : pieceCost_[seat];
        return table[to] - table[from];
    }

  private:
    // The cost of an army under the fill count: the pieces its goal still needs (the
    // cheapest), and what the others would have cost.
    struct FillCount {
        int counted = 0;  // the needed pieces' cost and their lagging term
        int dropped = 0;  // the cost of the pieces not needed, lagging's change included
    };
    // Thousandths of a piece: how many of the army's pieces its goal still needs.
    [[nodiscard]] int neededPermille(const Position& position, Seat seat) const;
    [[nodiscard]] FillCount fillCount(const Position& position, Seat seat, int needed) const;
    [[nodiscard]] int laggingCost(Seat seat, Bitboard army) const;
    [[nodiscard]] int hopSteps(Seat seat, Bitboard army, Bitboard occupied) const;
    [[nodiscard]] int guardCost(const Position& position, Seat seat) const;

    const Layout* layout_;
    EvalWeights weights_;
    Blockade blockade_;
    std::array<bool, kSeatCount> guardLive_{};
    bool guarding_ = false;
    bool fillCounting_ = false;
    std::array<Bitboard, kSeatCount> parkedAt_{};
    std::array<std::array<int, kHoleCount>, kSeatCount> offAxis_{};
    std::array<std::array<int, kHoleCount>, kSeatCount> pieceCost_{};
    std::array<std::array<int, kHoleCount>, kSeatCount> kingCost_{};
};

}  // namespace cc
