#include "search/playout.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/game.h"
#include "core/movegen.h"

namespace cc {

Playout::Playout(const Layout& layout, const PlayoutSettings& settings)
    : layout_(layout), settings_(settings), evaluator_(layout) {
    moves_.reserve(1024);
}

Seat Playout::moverSeat(const Position& position, Hole from) const {
    const std::vector<Seat>& armies = layout_.armies(position.mover());
    if (armies.size() == 1) return armies.front();
    for (const Seat seat : armies) {
        if (position.army(seat).test(from)) return seat;
    }
    return armies.front();
}

bool Playout::mayFinish(const Position& position, Seat seat, Move move) const {
    const Bitboard goal = layout_.goal(seat);
    if (!goal.test(move.to)) return false;
    // Every finishing rule needs the goal full or the army (all but this piece) in it.
    return (position.army(seat) & ~goal).count() <= 1 || (goal & ~position.occupied()).count() <= 1;
}

int64_t Playout::greedyScore(const Position& position, Move move) const {
    if (!move.isPieceMove()) return INT64_MIN / 2;
    const Seat seat = moverSeat(position, move.from);
    const int from = layout_.distanceToGoal(seat, move.from);
    const int to = layout_.distanceToGoal(seat, move.to);
    int64_t score = int64_t(from - to) * 1024 + int64_t(from) * 16;
    if (mayFinish(position, seat, move)) {
        Position next = position;
        playMove(next, move);
        if (next.place(position.mover()) != 0) score += int64_t{1} << 40;
    }
    return score;
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

PlayerValues Playout::run(Position& position, int plies, int rootPlayer, Random& random) {
    moves_.clear();
    const int cut = settings_.cutRounds * layout_.players();
    // A move limit far away, a stall or a pass round could keep a playout going: a hard
    // stop at twice the cut keeps every playout short.
    const int hardStop = plies + 2 * cut + 2 * kMaxPlayers;
    while (!position.over()) {
        if (plies >= cut && (position.mover() == rootPlayer || !position.active(rootPlayer))) break;
        if (plies >= hardStop) break;
        generateLegal(position, list_);
        Move chosen = list_[0];
        if (list_.size() > 1) {
            if (random.below(100) < uint64_t(settings_.randomPercent)) {
                chosen = list_[int(random.below(uint64_t(list_.size())))];
            } else {
                int64_t best = INT64_MIN;
                uint64_t ties = 0;
                for (const Move move : list_) {
                    const int64_t score = greedyScore(position, move);
                    if (score > best) {
                        best = score;
                        chosen = move;
                        ties = 1;
                    } else if (score == best && random.below(++ties) == 0) {
                        chosen = move;
                    }
                }
            }
        }
        if (chosen.isPieceMove())
            moves_.push_back(PlayoutMove{chosen.from, chosen.to, uint8_t(position.mover())});
        playMove(position, chosen);
        ++plies;
    }
    return values(position);
}

}  // namespace cc
