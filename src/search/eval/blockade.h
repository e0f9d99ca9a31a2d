#pragma once
// A goal held by a blocker, and the guard that answers it (protocol-spec/play.md,
// Against a blocker). An opponent that keeps its home full - our goal - can make
// our finish impossible: the holes it leaves empty lie behind its own pieces. Where the
// rules then decide places by progress (a stall, or the move limit with
// limitresult=progress: protocol-spec/rules.md §8.5, §8.6) and no swap reaches past it
// (swap=any, §7.2), the count of pieces in the goals decides first. Our count cannot grow, so the
// blocker's must not either: we keep the front rows of our own home, its goal, held.

#include <array>

#include "core/game.h"
#include "core/layout.h"
#include "core/move.h"
#include "core/position.h"

namespace cc {

class Blockade {
  public:
    explicit Blockade(const Layout& layout);

    // Whether the rules make a guard worth its cost at all (checked once per layout).
    [[nodiscard]] bool rulesReward() const { return rulesReward_; }
    // Whether another army keeps its home, the goal of `seat`, nearly full this late.
    [[nodiscard]] bool blocked(const Position& position, Seat seat) const;
    // The holes of the army's home whose pieces seal the rest of it: its two rows
    // nearest the centre (every way into the rows behind them crosses them).
    [[nodiscard]] Bitboard guardHoles(Seat seat) const { return guardHoles_[seat]; }
    // The guard holes of `seat` not held by its own army.
    [[nodiscard]] int openGuardHoles(const Position& position, Seat seat) const;

    // The moves that leave the mover's guard as full as it is, where a blocker holds the
    // mover's goal; all of them when none does or every move would open it. The search
    // applies it at the root: inside the tree a guard that steps out and back within the
    // horizon costs nothing, and in a game those steps added up to an open home (and
    // reset the stall count). One exception: while a piece of ours stands behind the
    // guard, a guard may step out where no blocker can enter at once, so that the piece
    // behind can come out through the hole.
    [[nodiscard]] MoveList keepingGuard(const Position& root, const MoveList& moves) const;
    // The moves that keep the stall count running (none brings a piece closer to its
    // goal, protocol-spec/rules.md §8.6), where a blocker holds the mover's goal, the
    // mover's guard is whole and a stall now would rank the mover first alone; all of
    // them otherwise or when every
    // move makes progress. The search cannot see that far: within its horizon a step
    // back and forth looks level, yet each step forward restarted the count, and the
    // game ran into the move limit, a draw.
    // The moves after which no opponent's piece can enter the mover's home at once,
    // where a blocker holds the mover's goal; all of them otherwise or when none is
    // safe. Whoever enters our home first counts a piece in its goal that the blocked
    // goal never lets us answer. The guard term sees such a threat only as deep as the
    // search reaches, and with several players the threat comes from any of them.
    [[nodiscard]] MoveList keepingHomeShut(const Position& root, const MoveList& moves) const;
    // The moves that bring a piece from outside the guard into an open guard hole, where
    // a blocker holds the mover's goal and such a move exists; all of them otherwise.
    // The blocker's free piece is on its way to our home and the guard must be whole
    // before it arrives: a search that only sees the guard at its horizon puts the
    // refill off from move to move (the playouts refill in time in every line).
    [[nodiscard]] MoveList refillingGuard(const Position& root, const MoveList& moves) const;
    [[nodiscard]] MoveList keepingStall(const Position& root, const MoveList& moves) const;
    // The moves after which the mover's pieces stand as they have not stood after any
    // of its moves before (Game::armiesSeen), where a blocker holds the mover's goal and
    // repetition ends the game as a draw (§8.7); failing that the moves to a new
    // position; all of them otherwise. Against a blocker the armies shuffle, and a
    // cycle longer than the search's horizon repeats unseen: a draw where progress at
    // the move limit would have decided. While our pieces never stand the same way
    // twice, no position of the game can come back.
    [[nodiscard]] MoveList keepingFresh(const Game& game, const MoveList& moves) const;

  private:
    // Whether a blocker holds one of the mover's goals.
    [[nodiscard]] bool moverBlocked(const Position& position) const;
    // Whether the mover would be first alone if the game ended by progress now.
    [[nodiscard]] bool firstByProgress(const Position& position) const;

    const Layout* layout_;
    bool rulesReward_ = false;
    std::array<Bitboard, kSeatCount> guardHoles_{};
};

}  // namespace cc
