#include "seat_frame.h"

#include <algorithm>

#include "core/geometry.h"

namespace cc::python {
namespace {

// A sixth of a turn counter-clockwise on cube coordinates: (q, r, s) -> (-r, -s, -q).
Cube turnedOnce(Cube cube) {
    return {-cube.r, -cube.s()};
}

}  // namespace

SeatFrame::SeatFrame() {
    const Geometry& geometry = Geometry::get();
    for (int turn = 0; turn < kSeatCount; ++turn) {
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            Cube cube = geometry.cube(hole);
            for (int step = 0; step < turn; ++step) cube = turnedOnce(cube);
            const Hole to = geometry.holeAt(cube.q, cube.r);
            turned_[turn][hole] = to;
            unturned_[turn][to] = hole;
        }
    }
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        for (int turn = 0; turn < kSeatCount; ++turn) {
            if (turned_[turn][geometry.tip(seat)] == geometry.tip(0)) turnForSeat_[seat] = turn;
        }
    }
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        const Cube cube = geometry.cube(hole);
        cell_[hole] = (cube.r + kGridSide / 2) * kGridSide + (cube.q + kGridSide / 2);
    }
}

const SeatFrame& SeatFrame::get() {
    static const SeatFrame frame;
    return frame;
}

int playerTurn(const Position& position, int player) {
    return SeatFrame::get().turnFor(position.layout().armies(player).front());
}

int actionOf(const Position& position, Move move) {
    if (!move.isPieceMove()) return kPassAction;
    const SeatFrame& frame = SeatFrame::get();
    const int turn = playerTurn(position, position.mover());
    return frame.turned(turn, move.from) * kHoleCount + frame.turned(turn, move.to);
}

std::optional<Move> moveOfAction(const Position& position, const MoveList& legal, int64_t action) {
    if (action < 0 || action >= kActionCount) return std::nullopt;
    const auto found = [&](auto matches) -> std::optional<Move> {
        const Move* move = std::find_if(legal.begin(), legal.end(), matches);
        if (move == legal.end()) return std::nullopt;
        return *move;
    };
    if (action == kPassAction) return found([](Move move) { return move.kind == MoveKind::Pass; });
    // Back to the board's own holes once, rather than each legal move to the frame.
    const SeatFrame& frame = SeatFrame::get();
    const int turn = playerTurn(position, position.mover());
    const Hole from = frame.unturned(turn, Hole(action / kHoleCount));
    const Hole to = frame.unturned(turn, Hole(action % kHoleCount));
    return found(
        [&](Move move) { return move.isPieceMove() && move.from == from && move.to == to; });
}

void writeObservation(const Position& position, int player, std::span<float> planes) {
    std::fill(planes.begin(), planes.end(), 0.0F);
    const SeatFrame& frame = SeatFrame::get();
    const Layout& layout = position.layout();
    const int turn = playerTurn(position, player);
    constexpr int kPlaneSize = kGridSide * kGridSide;
    const auto mark = [&](int plane, Bitboard holes) {
        while (holes.any()) {
            const Hole hole = holes.popFirst();
            planes[size_t(plane) * kPlaneSize + size_t(frame.cell(frame.turned(turn, hole)))] =
                1.0F;
        }
    };
    const std::vector<int>& order = layout.turnOrder();
    const int seatIndex = layout.turnIndex(player);
    const int players = layout.players();
    for (int offset = 0; offset < players; ++offset)
        mark(offset, position.piecesOf(order[size_t((seatIndex + offset) % players)]));
    mark(kKingPlane, position.kings());
    Bitboard board;
    for (Hole hole = 0; hole < kHoleCount; ++hole) board.set(hole);
    mark(kBoardPlane, board);
    Bitboard goal;
    for (const Seat seat : layout.armies(player)) goal |= layout.goal(seat);
    mark(kGoalPlane, goal);
}

void writeActionMask(const Position& position, const MoveList& legal, std::span<int8_t> mask) {
    std::fill(mask.begin(), mask.end(), int8_t{0});
    for (const Move move : legal) {
        if (move.kind != MoveKind::Resign) mask[size_t(actionOf(position, move))] = 1;
    }
}

void writePlaceRewards(const Position& position, std::span<float> rewards) {
    const int players = position.layout().players();
    std::fill(rewards.begin(), rewards.end(), 0.0F);
    if (!position.over()) return;
    if (players == 1) {
        rewards[0] = position.place(0) == 1 ? 1.0F : 0.0F;
        return;
    }
    for (int player = 0; player < players; ++player) {
        const int place = position.place(player);
        if (place == 0) continue;
        int sharing = 0;
        for (int other = 0; other < players; ++other) sharing += position.place(other) == place;
        const double meanPlace = place + (sharing - 1) / 2.0;
        rewards[size_t(player)] = float((players + 1 - 2 * meanPlace) / (players - 1));
    }
}

}  // namespace cc::python
