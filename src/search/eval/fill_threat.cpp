#include "search/eval/fill_threat.h"

#include <optional>

#include "core/game.h"
#include "core/movegen.h"

namespace cc {

FillThreat::FillThreat(const Layout& layout, int turns) : layout_(&layout), turns_(turns) {}

int FillThreat::emptyGoalHoles(const Position& position, Seat seat) const {
    return (layout_->goal(seat) & ~position.occupied()).count();
}

bool FillThreat::fills(const Position& position, Seat seat, int turns) {
    if (position.armyDone(seat)) return true;
    if (turns == 0 || position.over()) return false;
    const int empty = emptyGoalHoles(position, seat);
    if (empty > turns) return false;
    const int attacker = layout_->owner(seat);
    Position mine = position;
    mine.setMover(attacker, false);
    const Bitboard goal = layout_->goal(seat);
    if (turns == 1 && empty == 1) {
        // The last hole: any piece of the army that reaches it fills the goal with one of
        // its own (a cheaper listing than playing each move).
        // (Only the army's pieces outside the goal are looked at: the threat check at
        // every root searched by Monte-Carlo spends most of its time here.)
        if (const std::optional<bool> reaches =
                armyReaches(mine, seat, goal, goal & ~position.occupied()))
            return *reaches;
    }
    // The budget counts the positions whose moves are listed, where the time goes.
    if (++nodes_ > nodeLimit_) return false;
    MoveList moves;
    generateLegal(mine, moves);
    for (const Move move : moves) {
        // The army's own moves: its owner's other armies stand still with the rest.
        if (!move.isPieceMove() || !position.army(seat).test(move.from)) continue;
        // With as many turns as empty holes, every move must fill one.
        if (empty == turns && !(goal.test(move.to) && !goal.test(move.from))) continue;
        Position next = mine;
        playMove(next, move);
        if (next.armyDone(seat) || fills(next, seat, turns - 1)) return true;
    }
    return false;
}

bool FillThreat::threatened(const Position& position, int defender) {
    if (layout_->rules().finish != FinishRule::Fill) return false;
    for (const Seat home : layout_->armies(defender)) {
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            if (!layout_->seatUsed(seat) || layout_->owner(seat) == defender) continue;
            if (!layout_->goal(seat).intersects(layout_->start(home))) continue;
            if (position.armyDone(seat) || !position.active(layout_->owner(seat))) continue;
            if (fills(position, seat, turns_)) return true;
        }
    }
    return false;
}

MoveList FillThreat::keepingHomeFillable(const Position& root, const MoveList& moves) {
    if (layout_->rules().finish != FinishRule::Fill) return moves;
    // One army a player only: with several, an army's lines multiply by its owner's
    // other armies' moves and the check costs more than it saves.
    for (int player = 0; player < layout_->players(); ++player) {
        if (layout_->armies(player).size() != 1) return moves;
    }
    const int mover = root.mover();
    nodes_ = 0;
    nodeLimit_ = kRootNodes;
    MoveList kept;
    bool anyThreat = false;
    for (const Move move : moves) {
        Position next = root;
        playMove(next, move);
        // A move that finishes the mover is kept: its place is taken before any fill.
        if (next.over() || next.place(mover) != 0 || !threatened(next, mover)) {
            kept.push(move);
        } else {
            anyThreat = true;
        }
    }
    const bool decided = nodes_ <= nodeLimit_;
    nodeLimit_ = UINT64_MAX;
    return decided && anyThreat && !kept.empty() ? kept : moves;
}

}  // namespace cc
