#include "search/mcts/playout.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/game.h"
#include "core/movegen.h"

namespace cc {

namespace {

// The greedy rule's running choice: the best score so far, ties drawn as they come
// (the k-th equal move replaces the choice with chance 1/k, so each is as likely).
struct GreedyChoice {
    Move move = Move::pass();
    int64_t score = INT64_MIN;
    uint64_t ties = 0;

    void consider(Move candidate, int64_t candidateScore, Random& random) {
        if (candidateScore > score) {
            score = candidateScore;
            move = candidate;
            ties = 1;
        } else if (candidateScore == score && random.below(++ties) == 0) {
            move = candidate;
        }
    }
};

}  // namespace

Playout::Playout(const Layout& layout, const PlayoutSettings& settings, const Position& root)
    : layout_(layout),
      settings_(settings),
      evaluator_(layout, settings.weights.value_or(evalWeightsFor(layout.players())), root) {
    moves_.reserve(1024);
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        keptGuard_[seat] = evaluator_.keptGuard(seat);
        guarding_ = guarding_ || keptGuard_[seat].any();
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            const auto distance = size_t(layout_.distanceToGoal(seat, hole));
            for (size_t within = distance; within < kDistances; ++within)
                withinSteps_[seat][within].set(hole);
        }
    }
}

Seat Playout::moverSeat(const Position& position, Hole from) const {
    const std::vector<Seat>& armies = layout_.armies(position.mover());
    if (armies.size() == 1) return armies.front();
    for (const Seat seat : armies) {
        if (position.army(seat).test(from)) return seat;
    }
    return armies.front();
}

bool Playout::mayFinish(const Position& position, Seat seat) const {
    // Every finishing rule needs the goal full or the army (all but the moving piece)
    // in it.
    const Bitboard goal = layout_.goal(seat);
    return (position.army(seat) & ~goal).count() <= 1 || (goal & ~position.occupied()).count() <= 1;
}

int64_t Playout::greedyScore(const Position& position, Move move) const {
    if (!move.isPieceMove()) return INT64_MIN / 2;
    const Seat seat = moverSeat(position, move.from);
    return progressScore(position, seat, layout_.distanceToGoal(seat, move.from), move,
                         layout_.goal(seat).test(move.to) && mayFinish(position, seat));
}

int64_t Playout::progressScore(const Position& position, Seat seat, int from, Move move,
                               bool mayFinish) const {
    bool finishes = false;
    if (mayFinish) {
        Position next = position;
        playMove(next, move);
        finishes = next.place(position.mover()) != 0;
    }
    return greedyProgress(from, layout_.distanceToGoal(seat, move.to), finishes);
}

PlayerValues Playout::values(const Position& position) const {
    return layout_.rules().end == EndRule::First ? firstValues(position) : shareValues(position);
}

PlayerValues Playout::shareValues(const Position& position) const {
    const int players = layout_.players();
    std::array<int, kMaxPlayers> costs{};
    for (int player = 0; player < players; ++player) {
        if (position.active(player))
            costs[size_t(player)] = evaluator_.remainingCost(position, player);
    }
    PlayerValues values{};
    for (int player = 0; player < players; ++player) {
        for (int other = player + 1; other < players; ++other) {
            const int mine = position.place(player);
            const int theirs = position.place(other);
            float beats = 0.5F;
            if (mine != 0 || theirs != 0) {
                // A place (earned or by resigning) ranks above no place.
                const int a = mine == 0 ? kMaxPlayers + 1 : mine;
                const int b = theirs == 0 ? kMaxPlayers + 1 : theirs;
                beats = a < b ? 1.0F : a > b ? 0.0F : 0.5F;
            } else {
                beats = leadValue(costs[size_t(other)] - costs[size_t(player)]);
            }
            values[size_t(player)] += beats;
            values[size_t(other)] += 1.0F - beats;
        }
    }
    const float opponents = float(std::max(1, players - 1));
    for (int player = 0; player < players; ++player) values[size_t(player)] /= opponents;
    return values;
}

PlayerValues Playout::firstValues(const Position& position) const {
    const int players = layout_.players();
    PlayerValues values{};
    int firsts = 0;
    for (int player = 0; player < players; ++player) firsts += position.place(player) == 1 ? 1 : 0;
    if (position.over()) {
        for (int player = 0; player < players; ++player) {
            if (position.place(player) == 1) values[size_t(player)] = 1.0F / float(firsts);
        }
        return values;
    }
    // Still racing (or finished first in a fair finish's last round, nothing left to go);
    // a player with a later place is out of the race for first.
    constexpr int kOut = INT_MIN;  // no cost can be this
    std::array<int, kMaxPlayers> costs{};
    for (int player = 0; player < players; ++player) {
        const int place = position.place(player);
        costs[size_t(player)] = place == 1   ? 0
                                : place == 0 ? evaluator_.remainingCost(position, player)
                                             : kOut;
    }
    for (int player = 0; player < players; ++player) {
        if (costs[size_t(player)] == kOut) continue;
        int leader = INT_MAX;
        for (int other = 0; other < players; ++other) {
            if (other != player && costs[size_t(other)] != kOut)
                leader = std::min(leader, costs[size_t(other)]);
        }
        values[size_t(player)] =
            leader == INT_MAX ? 1.0F : leadValue(leader - costs[size_t(player)]);
    }
    return values;
}

float Playout::leadValue(int lead) const {
    return 1.0F / (1.0F + std::exp(-float(lead) / float(settings_.costScale)));
}

void Playout::keepGuard() {
    PieceDestinationList kept;
    bool any = false;
    for (PieceDestinations piece : pieces_) {
        const Bitboard guard = keptGuard_[piece.seat];
        if (guard.test(piece.from)) {
            piece.normal &= guard;
            piece.swaps &= guard;
        }
        any = any || piece.normal.any() || piece.swaps.any();
        kept.push(piece);
    }
    if (any) pieces_ = kept;
}

void Playout::keepGuardInList(const Position& position) {
    MoveList kept;
    for (const Move move : list_) {
        if (!move.isPieceMove()) {
            kept.push(move);
            continue;
        }
        const Bitboard guard = keptGuard_[moverSeat(position, move.from)];
        if (!guard.test(move.from) || guard.test(move.to)) kept.push(move);
    }
    if (!kept.empty()) list_ = kept;
}

Move Playout::choose(const Position& position, Random& random) {
    if (!listDestinations(position, pieces_)) return chooseFromList(position, random);
    if (guarding_) keepGuard();
    int total = 0;
    for (const PieceDestinations& piece : pieces_)
        total += piece.normal.count() + piece.swaps.count();
    if (total == 0) return Move::pass();
    const bool noise = total > 1 && random.below(100) < uint64_t(settings_.randomPercent);
    if (noise) {
        int index = int(random.below(uint64_t(total)));
        for (const PieceDestinations& piece : pieces_) {
            for (const Hole to : piece.normal) {
                if (index-- == 0) return Move::normal(piece.from, to);
            }
            for (const Hole to : piece.swaps) {
                if (index-- == 0) return Move::swap(piece.from, to);
            }
        }
    }
    // The greedy rule over generateLegal's order, ties drawn as chooseFromList draws
    // them, so both paths play the same playout from the same seed.
    GreedyChoice choice;
    for (const PieceDestinations& piece : pieces_) {
        const Bitboard goal = layout_.goal(piece.seat);
        const bool finishable = mayFinish(position, piece.seat);
        const int from = layout_.distanceToGoal(piece.seat, piece.from);
        // A piece none of whose moves reaches the best score so far draws no tie and
        // changes nothing: a move `to` steps from the goal scores at least `choice.score` when
        // 1024 * to <= slack.
        const Bitboard destinations = piece.normal | piece.swaps;
        if (choice.score != INT64_MIN && !(finishable && destinations.intersects(goal))) {
            const int64_t slack = int64_t(from) * (1024 + 16) - choice.score;
            if (slack < 0) continue;
            const auto within = size_t(std::min<int64_t>(slack / 1024, kDistances - 1));
            if (!destinations.intersects(withinSteps_[piece.seat][within])) continue;
        }
        for (const Hole to : piece.normal) {
            const Move move = Move::normal(piece.from, to);
            choice.consider(
                move, progressScore(position, piece.seat, from, move, finishable && goal.test(to)),
                random);
        }
        for (const Hole to : piece.swaps) {
            const Move move = Move::swap(piece.from, to);
            choice.consider(
                move, progressScore(position, piece.seat, from, move, finishable && goal.test(to)),
                random);
        }
    }
    return choice.move;
}

Move Playout::chooseFromList(const Position& position, Random& random) {
    generateLegal(position, list_);
    if (guarding_) keepGuardInList(position);
    Move chosen = list_[0];
    if (list_.size() > 1) {
        if (random.below(100) < uint64_t(settings_.randomPercent)) {
            chosen = list_[int(random.below(uint64_t(list_.size())))];
        } else {
            GreedyChoice choice;
            for (const Move move : list_)
                choice.consider(move, greedyScore(position, move), random);
            chosen = choice.move;
        }
    }
    return chosen;
}

PlayerValues Playout::run(Position& position, int plies, int rootPlayer, Random& random) {
    moves_.clear();
    const int cut = settings_.cutRounds * layout_.players();
    // A move limit far away, a stall or a pass round could keep a playout going: a hard
    // stop at twice the cut keeps every playout short.
    const int hardStop = plies + 2 * cut + 2 * kMaxPlayers;
    while (!position.over()) {
        if (plies >= cut && (position.mover() == rootPlayer || !position.active(rootPlayer))) break;
        if (plies >= hardStop) break;
        const Move chosen = choose(position, random);
        if (chosen.isPieceMove())
            moves_.push_back(PlayoutMove{chosen.from, chosen.to, uint8_t(position.mover())});
        playMove(position, chosen);
        ++plies;
    }
    return values(position);
}

}  // namespace cc
