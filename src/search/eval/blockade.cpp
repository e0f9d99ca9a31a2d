#include "search/eval/blockade.h"

#include <algorithm>
#include <climits>

#include "core/game.h"
#include "core/movegen.h"

namespace cc {

namespace {

// A blocker keeps all but this many pieces of its home, from this round on: by then an
// army racing has taken far more of them out (the first rounds every army is at home).
// One, not two: a weak racer (a shallow search) may run two pieces far before it brings
// the others, and two armies guarding against each other only stall.
constexpr int kBlockerLeaves = 1;
constexpr int kBlockerRound = 5;

}  // namespace

Blockade::Blockade(const Layout& layout) : layout_(&layout) {
    const Rules& rules = layout.rules();
    const bool progressDecides =
        rules.stall > 0 || (rules.moveLimit > 0 && rules.limitResult == LimitResult::Progress);
    // A swap of any piece reaches past a blocker; a final swap only completes an army
    // that is in already, which a blocker prevents.
    rulesReward_ = progressDecides && rules.swap != SwapRule::Any && layout.players() >= 2;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (!layout.seatUsed(seat)) continue;
        int nearest = INT_MAX;
        for (Hole hole : layout.start(seat))
            nearest = std::min(nearest, layout.distanceToGoal(seat, hole));
        for (Hole hole : layout.start(seat)) {
            if (layout.distanceToGoal(seat, hole) <= nearest + 1) guardHoles_[seat].set(hole);
        }
    }
}

bool Blockade::blocked(const Position& position, Seat seat) const {
    if (!rulesReward_ || position.round() < kBlockerRound) return false;
    const Bitboard goal = layout_->goal(seat);
    const int owner = layout_->owner(seat);
    for (Seat other = 0; other < kSeatCount; ++other) {
        if (!layout_->seatUsed(other) || layout_->owner(other) == owner) continue;
        const Bitboard home = layout_->start(other) & goal;
        if (home.empty() || !position.active(layout_->owner(other))) continue;
        const int kept = (position.army(other) & home).count();
        if (kept >= home.count() - kBlockerLeaves) return true;
    }
    return false;
}

namespace {

// Whether the reply to `move` can bring an opponent's piece from outside `home` into it.
bool letsIn(const Position& root, Move move, Bitboard home) {
    Position next = root;
    playMove(next, move);
    if (next.over() || next.mover() == root.mover()) return false;
    MoveList replies;
    generateLegal(next, replies);
    for (const Move reply : replies) {
        if (home.test(reply.to) && !home.test(reply.from)) return true;
    }
    return false;
}

// Whether some opponent of `player`, were it to move in `position`, could bring a piece
// from outside `home` into it.
bool homeOpen(const Position& position, int player, Bitboard home) {
    const int players = position.layout().players();
    for (int other = 0; other < players; ++other) {
        if (other == player || !position.active(other)) continue;
        Position turn = position;
        turn.setMover(other, false);
        MoveList moves;
        generateLegal(turn, moves);
        for (const Move move : moves) {
            if (move.isPieceMove() && home.test(move.to) && !home.test(move.from)) return true;
        }
    }
    return false;
}

}  // namespace

MoveList Blockade::keepingHomeShut(const Position& root, const MoveList& moves) const {
    if (!moverBlocked(root)) return moves;
    const int mover = root.mover();
    Bitboard home;
    for (Seat seat : layout_->armies(mover)) home |= layout_->start(seat);
    MoveList kept;
    for (const Move move : moves) {
        Position next = root;
        playMove(next, move);
        if (next.over() || !homeOpen(next, mover, home)) kept.push(move);
    }
    return kept.empty() ? moves : kept;
}

MoveList Blockade::keepingGuard(const Position& root, const MoveList& moves) const {
    Bitboard guarded;
    Bitboard home;
    for (Seat seat : layout_->armies(root.mover())) {
        if (!blocked(root, seat)) continue;
        guarded |= guardHoles_[seat];
        home |= layout_->start(seat);
    }
    if (guarded.empty()) return moves;
    const Bitboard behind = root.piecesOf(root.mover()) & home & ~guarded;
    MoveList kept;
    for (const Move move : moves) {
        const bool opens = guarded.test(move.from) && !guarded.test(move.to);
        if (!opens || (behind.any() && !letsIn(root, move, home))) kept.push(move);
    }
    return kept.empty() ? moves : kept;
}

bool Blockade::moverBlocked(const Position& position) const {
    const std::vector<Seat>& armies = layout_->armies(position.mover());
    return std::any_of(armies.begin(), armies.end(),
                       [&](Seat seat) { return blocked(position, seat); });
}

MoveList Blockade::refillingGuard(const Position& root, const MoveList& moves) const {
    Bitboard guarded;
    for (Seat seat : layout_->armies(root.mover())) {
        if (blocked(root, seat)) guarded |= guardHoles_[seat];
    }
    const Bitboard open = guarded & ~root.occupied();
    if (open.empty()) return moves;
    MoveList kept;
    for (const Move move : moves) {
        if (move.isPieceMove() && open.test(move.to) && !guarded.test(move.from)) kept.push(move);
    }
    return kept.empty() ? moves : kept;
}

bool Blockade::firstByProgress(const Position& position) const {
    Position ranked = position;
    endGame(ranked, GameStatus::Stall);
    const int mover = position.mover();
    if (ranked.place(mover) != 1) return false;
    for (int player = 0; player < layout_->players(); ++player) {
        if (player != mover && ranked.place(player) == 1) return false;
    }
    return true;
}

MoveList Blockade::keepingStall(const Position& root, const MoveList& moves) const {
    if (layout_->rules().stall == 0 || !moverBlocked(root) || !firstByProgress(root)) return moves;
    // Until the guard is whole the blocker's piece may still get in and overtake us.
    for (Seat seat : layout_->armies(root.mover())) {
        if (blocked(root, seat) && openGuardHoles(root, seat) != 0) return moves;
    }
    MoveList kept;
    for (const Move move : moves) {
        Position next = root;
        playMove(next, move);
        if (next.quietMoves() != 0) kept.push(move);
    }
    return kept.empty() ? moves : kept;
}

MoveList Blockade::keepingFresh(const Game& game, const MoveList& moves) const {
    const Position& root = game.position();
    if (layout_->rules().repetition == 0 || !moverBlocked(root)) return moves;
    MoveList fresh;
    MoveList newPosition;
    for (const Move move : moves) {
        Position next = root;
        playMove(next, move);
        if (game.seen().count(next.repetitionKey()) != 0) continue;
        newPosition.push(move);
        if (game.armiesSeen().count(Game::armyKey(next, root.mover())) == 0) fresh.push(move);
    }
    return !fresh.empty() ? fresh : !newPosition.empty() ? newPosition : moves;
}

int Blockade::openGuardHoles(const Position& position, Seat seat) const {
    return guardHoles_[seat].count() - (position.army(seat) & guardHoles_[seat]).count();
}

}  // namespace cc
