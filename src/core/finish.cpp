#include "core/finish.h"

namespace cc {
namespace {

bool meetsFinish(const Layout& layout, Seat seat, Bitboard army, Bitboard occupied, Hole kingHole) {
    const Rules& rules = layout.rules();
    const Bitboard goal = layout.goal(seat);
    if (rules.king && kingHole != layout.goalTip(seat)) return false;
    if (rules.finish == FinishRule::All) return goal.contains(army);
    return occupied.contains(goal) && army.intersects(goal);
}

}  // namespace

Hole kingOf(const Position& position, Seat seat) {
    const Bitboard king = position.kings() & position.army(seat);
    return king.any() ? king.first() : kNoHole;
}

bool armyMeetsFinish(const Position& position, Seat seat) {
    return meetsFinish(position.layout(), seat, position.army(seat), position.occupied(),
                       kingOf(position, seat));
}

bool swapCompletesArmy(const Position& position, Seat seat, Hole from, Hole to) {
    const Bitboard army =
        (position.army(seat) & ~Bitboard::fromHole(from)) | Bitboard::fromHole(to);
    Hole king = kingOf(position, seat);
    if (king == from) king = to;
    return meetsFinish(position.layout(), seat, army, position.occupied(), king);
}

}  // namespace cc
