#include "core/game.h"

#include <algorithm>

#include "core/finish.h"
#include "core/movegen.h"
#include "util/random.h"

namespace cc {
namespace {

constexpr uint8_t kAllSeats = (1U << kSeatCount) - 1;

// The player `offset` turns after `player` in turn order, whether still in the game or not.
int playerAfter(const Layout& layout, int player, int offset) {
    return layout.turnOrder()[(layout.turnIndex(player) + offset) % layout.players()];
}

// Adjacent entry (protocol-spec/rules.md §7.3 and §9): the last goal hole is held by another
// player's piece that cannot leave the goal, and the army's one piece outside stands next to it.
bool adjacentEntry(const Position& position, Seat seat) {
    const Layout& layout = position.layout();
    const Bitboard goal = layout.goal(seat);
    const Bitboard army = position.army(seat);
    const Bitboard missing = goal & ~army;
    const Bitboard outside = army & ~goal;
    if (missing.count() != 1 || outside.count() != 1) return false;
    const Hole blocked = missing.first();
    const Hole waiting = outside.first();
    const Seat blockerSeat = position.seatAt(blocked);
    if (blockerSeat < 0 || layout.owner(blockerSeat) == layout.owner(seat)) return false;
    if (!Geometry::get().neighbours(waiting).test(blocked)) return false;
    if (layout.rules().king) {
        const Hole king = kingOf(position, seat);
        const bool kingHome =
            king == layout.goalTip(seat) || (king == waiting && blocked == layout.goalTip(seat));
        if (!kingHome) return false;
    }
    const int blocker = layout.owner(blockerSeat);
    if (!position.active(blocker) || position.armyDone(blockerSeat)) return true;
    // The blocker's moves under its own rules, whoever's turn it is.
    Position asBlocker = position;
    asBlocker.setMover(blocker, false);
    MoveList moves;
    generateLegal(asBlocker, moves);
    return std::none_of(moves.begin(), moves.end(), [&](Move move) {
        return move.isPieceMove() && move.from == blocked && !goal.test(move.to);
    });
}

bool armyFinished(const Position& position, Seat seat) {
    return armyMeetsFinish(position, seat) ||
           (position.layout().rules().adjacentEntry && adjacentEntry(position, seat));
}

// Checks the unfinished armies among `seats` (a bit per seat), player by player: the
// mover first, then in turn order. Without adjacent entry only an army whose goal holds
// a changed hole can have finished, so callers name just those.
void checkFinishing(Position& position, int mover, uint8_t seats) {
    const Layout& layout = position.layout();
    const Rules& rules = layout.rules();
    if (rules.adjacentEntry) seats = kAllSeats;
    seats &= uint8_t(~position.doneArmies());
    if (seats == 0) return;
    const int players = layout.players();
    int nextPlace = position.finishedCount() + 1;
    for (int offset = 0; offset < players; ++offset) {
        const int player = playerAfter(layout, mover, offset);
        if (!position.active(player)) continue;
        bool allDone = true;
        for (Seat seat : layout.armies(player)) {
            if (((seats >> seat) & 1U) != 0 && armyFinished(position, seat)) {
                position.setArmyDone(seat);
            }
            allDone = allDone && position.armyDone(seat);
        }
        if (allDone) {
            // Fair finish: everyone finishing before the round ends shares first place.
            position.setPlace(player, rules.fairFinishApplies() ? 1 : nextPlace++, false);
        }
    }
}

// Whether the game ends now, before the turn moves on: nobody left to move, a finish
// under end=first (unless fair finish waits for the round), or one player left.
bool gameEndsNow(const Position& position) {
    const Rules& rules = position.layout().rules();
    const int active = position.activeCount();
    if (active == 0) return true;
    if (rules.end == EndRule::First && position.finishedCount() > 0)
        return !rules.fairFinishApplies();
    return position.layout().players() > 1 && active <= 1;
}

enum class TurnKind { Move, Pass, Resign };

// Hands the turn on (or back, for a bonus) and applies the end rules that count turns.
// A game that ends keeps its last mover and round.
void endTurn(Position& position, int player, bool bonusAgain, TurnKind turn) {
    const Layout& layout = position.layout();
    const Rules& rules = layout.rules();
    if (gameEndsNow(position)) {
        endGame(position, turn == TurnKind::Resign ? GameStatus::Resign : GameStatus::Finish);
        return;
    }
    if (bonusAgain && position.active(player)) {
        position.setMover(player, true);
        return;
    }
    const int next = nextActivePlayer(position, player);
    const bool wrapped = layout.turnIndex(next) <= layout.turnIndex(player);
    const int round = position.round() + (wrapped ? 1 : 0);
    if (wrapped && rules.fairFinishApplies() && position.finishedCount() > 0) {
        endGame(position, GameStatus::Finish);
    } else if (turn != TurnKind::Resign && rules.passRoundDraw &&
               position.passes() >= position.activeCount()) {
        // A resignation is neither a move nor a pass: it completes no pass round or
        // stall by itself.
        endGame(position, GameStatus::PassRound);
    } else if (turn != TurnKind::Resign && rules.stall > 0 &&
               position.quietMoves() >= rules.stall * position.activeCount()) {
        endGame(position, GameStatus::Stall);
    } else if (wrapped && rules.moveLimit > 0 && round > rules.moveLimit) {
        endGame(position, GameStatus::MoveLimit);
    } else {
        position.setCounters(round, position.quietMoves(), position.passes());
        position.setMover(next, false);
    }
}

void resign(Position& position) {
    const int player = position.mover();
    int resignedCount = 0;
    for (int other = 0; other < position.layout().players(); ++other) {
        resignedCount += position.resigned(other) ? 1 : 0;
    }
    position.setPlace(player, position.layout().players() - resignedCount, true);
    // A resigned blocker no longer moves: adjacent entry may now finish someone.
    checkFinishing(position, player, kAllSeats);
    endTurn(position, player, false, TurnKind::Resign);
}

}  // namespace

int nextActivePlayer(const Position& position, int player) {
    const Layout& layout = position.layout();
    const int players = layout.players();
    for (int offset = 1; offset <= players; ++offset) {
        const int candidate = playerAfter(layout, player, offset);
        if (position.active(candidate)) return candidate;
    }
    return player;
}

void endGame(Position& position, GameStatus reason) {
    const Layout& layout = position.layout();
    const int top = position.finishedCount() + 1;
    std::vector<int> unplaced;
    for (int player = 0; player < layout.players(); ++player) {
        if (position.place(player) == 0) unplaced.push_back(player);
    }
    const bool byProgress =
        reason == GameStatus::Stall ||
        (reason == GameStatus::MoveLimit && layout.rules().limitResult == LimitResult::Progress);
    if (byProgress) {
        auto better = [&position](int a, int b) {
            const int goalA = position.piecesInGoal(a);
            const int goalB = position.piecesInGoal(b);
            if (goalA != goalB) return goalA > goalB;
            return position.remainingDistance(a) < position.remainingDistance(b);
        };
        std::stable_sort(unplaced.begin(), unplaced.end(), better);
        for (size_t i = 0; i < unplaced.size(); ++i) {
            const bool tiedWithPrevious = i > 0 && !better(unplaced[i - 1], unplaced[i]) &&
                                          !better(unplaced[i], unplaced[i - 1]);
            const int place = tiedWithPrevious ? position.place(unplaced[i - 1]) : top + int(i);
            position.setPlace(unplaced[i], place, false);
        }
    } else {
        for (int player : unplaced) position.setPlace(player, top, false);
    }
    // The last mover stays in the text, but nobody is owed a bonus move any more.
    position.setMover(position.mover(), false);
    position.setStatus(reason);
}

std::optional<GameStatus> overdueEnd(const Position& position) {
    // Checked after every move, pass and resignation, so never true while playing.
    // (Pass rounds and stalls are not: a resignation shrinks the number of players
    // they count against without ending the game.)
    if (gameEndsNow(position)) return GameStatus::Finish;
    const int limit = position.layout().rules().moveLimit;
    if (limit > 0 && position.round() > limit) return GameStatus::MoveLimit;
    return std::nullopt;
}

void playMove(Position& position, Move move) {
    const Layout& layout = position.layout();
    const Rules& rules = layout.rules();
    const int player = position.mover();
    if (move.kind == MoveKind::Resign) {
        resign(position);
        return;
    }
    if (move.kind == MoveKind::Pass) {
        position.setCounters(position.round(), position.quietMoves() + 1, position.passes() + 1);
        checkFinishing(position, player, kAllSeats);
        endTurn(position, player, false, TurnKind::Pass);
        return;
    }
    const Seat seat = position.seatAt(move.from);
    if (move.kind == MoveKind::Swap) {
        const Seat displacedSeat = position.seatAt(move.to);
        const bool displacedKing = position.kings().test(move.to);
        const bool displacedEarned = position.bonusEarned().test(move.to);
        position.removePiece(move.to);
        position.movePiece(move.from, move.to);
        position.putPiece(move.from, displacedSeat, displacedKing, displacedEarned);
    } else {
        position.movePiece(move.from, move.to);
    }
    const bool closer =
        layout.distanceToGoal(seat, move.to) < layout.distanceToGoal(seat, move.from);
    position.setCounters(position.round(), closer ? 0 : position.quietMoves() + 1, 0);
    checkFinishing(position, player,
                   uint8_t(layout.goalSeatsAt(move.from) | layout.goalSeatsAt(move.to)));
    // A move that finishes its player earns nothing.
    const bool bonus = rules.bonus && position.active(player) && layout.goal(seat).test(move.to) &&
                       !position.bonusEarned().test(move.to);
    if (bonus) position.markBonusEarned(move.to);
    endTurn(position, player, bonus, TurnKind::Move);
}

void RepetitionCount::remove(uint64_t key) {
    const auto found = counts_.find(key);
    if (found == counts_.end()) return;
    if (--found->second == 0) counts_.erase(found);
}

int RepetitionCount::count(uint64_t key) const {
    const auto found = counts_.find(key);
    return found == counts_.end() ? 0 : found->second;
}

void applyRepetition(Position& now, const Position& before, Move move,
                     const RepetitionCount& seen) {
    const int limit = now.layout().rules().repetition;
    if (limit == 0 || now.over() || move.kind == MoveKind::Resign) return;
    if (seen.count(now.repetitionKey()) < limit) return;
    endByRepetition(now, before);
}

void endByRepetition(Position& now, const Position& before) {
    // Like every other end, the text keeps the last mover and round.
    now.setMover(before.mover(), false);
    now.setCounters(before.round(), now.quietMoves(), now.passes());
    endGame(now, GameStatus::Repetition);
}

Game::Game(std::shared_ptr<const Layout> layout, const Position& start)
    : layout_(std::move(layout)), start_(start), current_(start) {
    seen_.add(current_.repetitionKey());
}

uint64_t Game::armyKey(const Position& position, int player) {
    uint64_t key = uint64_t(player);
    for (const Seat seat : position.layout().armies(player)) {
        const Bitboard army = position.army(seat);
        key = splitMix(key ^ army.low());
        key = splitMix(key ^ army.high());
    }
    return key;
}

void Game::play(Move move) {
    const Position before = current_;
    moves_.push_back(move);
    playMove(current_, move);
    if (move.isPieceMove()) armiesSeen_.add(armyKey(current_, before.mover()));
    if (move.kind != MoveKind::Resign) seen_.add(current_.repetitionKey());
    applyRepetition(current_, before, move, seen_);
}

}  // namespace cc
