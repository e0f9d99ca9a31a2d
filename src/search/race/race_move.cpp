#include "search/race/race_move.h"

#include "core/layout.h"

namespace cc::race {
namespace {

// The holes within `steps` steps of `holes`.
Bitboard around(Bitboard holes, int steps) {
    const Geometry& geometry = Geometry::get();
    for (int step = 0; step < steps; ++step) {
        Bitboard grown = holes;
        for (Hole hole : holes) grown |= geometry.neighbours(hole);
        holes = grown;
    }
    return holes;
}

// The family's region seen from `seat` (the holes that turn onto it).
Bitboard regionOf(const RaceTable& table, Seat seat) {
    Bitboard region;
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        if (table.family().region().test(holeSeenFromSouth(seat, hole))) region.set(hole);
    }
    return region;
}

Bitboard southView(const Position& position, Seat seat) {
    Bitboard fromSouth;
    for (Hole hole : position.army(seat)) fromSouth.set(holeSeenFromSouth(seat, hole));
    return fromSouth;
}

}  // namespace

bool raceIsAlone(const RaceTable& table, const Position& position, Seat seat) {
    if (!raceCovers(position.layout().rules())) return false;
    if (!table.exact(southView(position, seat))) return false;
    const Bitboard others = position.occupied() & ~position.army(seat);
    return !around(regionOf(table, seat), 2).intersects(others);
}

std::optional<Move> raceTableMove(const RaceTable& table, const Position& position,
                                  const MoveList& moves) {
    const Layout& layout = position.layout();
    const int mover = position.mover();
    if (layout.players() < 2 || layout.armies(mover).size() != 1) return std::nullopt;
    const Seat seat = layout.armies(mover)[0];
    if (!raceIsAlone(table, position, seat)) return std::nullopt;
    const std::optional<int> now = table.exact(southView(position, seat));
    for (const Move move : moves) {
        if (move.kind != MoveKind::Normal || !position.army(seat).test(move.from)) continue;
        Bitboard after = southView(position, seat);
        after.reset(holeSeenFromSouth(seat, move.from));
        after.set(holeSeenFromSouth(seat, move.to));
        const std::optional<int> next = table.exact(after);
        if (next && *next + 1 == *now) return move;
    }
    return std::nullopt;
}

}  // namespace cc::race
