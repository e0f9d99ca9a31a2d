#pragma once
// Playouts for Monte-Carlo tree search (mcts.h): every player follows the greedy rule
// (players.h) with a small chance of a random move, until the game ends or the playout
// is cut and scored by the race evaluation. A playout never allocates: it plays on one
// position in place and reuses one move list.

#include <array>
#include <optional>
#include <vector>

#include "core/move.h"
#include "core/movegen.h"
#include "core/position.h"
#include "search/eval/eval.h"
#include "search/players.h"

namespace cc {

// Each player's value of a position, in [0, 1]. When places go on after the first finish
// (end=all): the share of the other players it beats. A place beats no place and a
// better place; two players without a place are compared by the evaluation, through a
// logistic curve of their cost difference. When only first place counts (end=first:
// the others share the next place, protocol-spec/rules.md §8.2): first place alone is
// 1, shared among k players 1/k, anything else 0, and a position still racing is scored
// by the same curve of the player's lead over its best opponent (a finished player has
// nothing left to go): the players behind do not count.
using PlayerValues = std::array<float, kMaxPlayers>;

struct PlayoutSettings {
    // The chance of a uniformly random move instead of the greedy one (the thesis's 5%):
    // opponents that always race greedily would make the tree trust them too much.
    int randomPercent = 5;
    // Rounds from the search's root (tree plies included) before the evaluation takes
    // over: shorter playouts judge a race by the evaluation sooner, and the evaluation
    // does not see what greedy opponents leave open (protocol-spec/protocol.md, the
    // Monte-Carlo tree search's playouts).
    int cutRounds = 3;
    // Centi-steps of lead worth a value of 0.73 (the logistic curve at 1, leadValue).
    int costScale = 800;
    // The evaluation's weights where the playout is cut; none: the player count's row
    // (kEvalWeights).
    std::optional<EvalWeights> weights;
};

// A move made in a playout, for the progressive-history table.
struct PlayoutMove {
    uint8_t from;
    uint8_t to;
    uint8_t player;
};

class Playout {
  public:
    // The evaluation's guard is decided at the search's root `root` (search/eval/blockade.h);
    // a player guarding keeps its guard holes held in the playouts too.
    Playout(const Layout& layout, const PlayoutSettings& settings, const Position& root);

    // Plays `position` (changed in place) on until the game ends or, once `plies` (the
    // plies already played below the search's root) reach the cut, the search root's
    // player `rootPlayer` is to move again, so every player has moved as often since
    // the root. Records the moves in moves().
    PlayerValues run(Position& position, int plies, int rootPlayer, Random& random);

    // The values of a position as it stands (places, else the evaluation).
    [[nodiscard]] PlayerValues values(const Position& position) const;

    // The greedy rule's preference for a move of the player to move: a finishing move
    // first, then the furthest step towards the goal, then the piece further behind.
    [[nodiscard]] int64_t greedyScore(const Position& position, Move move) const;

    [[nodiscard]] const std::vector<PlayoutMove>& moves() const { return moves_; }

  private:
    // The playout's move: the greedy rule, or by chance any legal move.
    Move choose(const Position& position, Random& random);
    // The same from generateLegal's list, where must-leave may cut it down.
    Move chooseFromList(const Position& position, Random& random);
    // Takes the moves out of a held guard (keptGuard_) from pieces_ or list_, unless no
    // move would be left.
    void keepGuard();
    void keepGuardInList(const Position& position);
    // Whether a move into its goal may finish the army of `seat` (a cheap test; the
    // move is played only when it passes).
    [[nodiscard]] bool mayFinish(const Position& position, Seat seat) const;
    // greedyScore of a move of `seat`'s piece that stands `from` steps from its goal.
    [[nodiscard]] int64_t progressScore(const Position& position, Seat seat, int from, Move move,
                                        bool mayFinish) const;
    [[nodiscard]] Seat moverSeat(const Position& position, Hole from) const;
    [[nodiscard]] PlayerValues shareValues(const Position& position) const;
    [[nodiscard]] PlayerValues firstValues(const Position& position) const;
    // The logistic curve: a lead of costScale centi-steps is worth 0.73.
    [[nodiscard]] float leadValue(int lead) const;

    const Layout& layout_;
    PlayoutSettings settings_;
    Evaluator evaluator_;
    MoveList list_;
    PieceDestinationList pieces_;
    // Per seat, the holes at most `index` steps from its goal (greedyScore's distance).
    static constexpr size_t kDistances = 32;
    std::array<std::array<Bitboard, kDistances>, kSeatCount> withinSteps_{};
    std::vector<PlayoutMove> moves_;
    std::array<Bitboard, kSeatCount> keptGuard_{};
    bool guarding_ = false;
};

}  // namespace cc
