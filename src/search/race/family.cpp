#include "search/race/family.h"

#include <algorithm>

namespace cc::race {
namespace {

// A sixth of a turn about the centre: (q, r, s) -> (-r, -s, -q).
Cube turned(Cube cube) {
    return Cube{-cube.r, -cube.s()};
}

struct SouthFrames {
    std::array<std::array<Hole, kHoleCount>, kSeatCount> hole{};
    SouthFrames() {
        const Geometry& geometry = Geometry::get();
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            // The number of turns that brings the seat's arm onto seat 1's.
            for (int turns = 0; turns < kSeatCount; ++turns) {
                Bitboard arm;
                for (Hole h : geometry.arm(seat)) {
                    Cube cube = geometry.cube(h);
                    for (int t = 0; t < turns; ++t) cube = turned(cube);
                    arm.set(geometry.holeAt(cube.q, cube.r));
                }
                if (arm != geometry.arm(0)) continue;
                for (Hole h = 0; h < kHoleCount; ++h) {
                    Cube cube = geometry.cube(h);
                    for (int t = 0; t < turns; ++t) cube = turned(cube);
                    hole[seat][h] = geometry.holeAt(cube.q, cube.r);
                }
                break;
            }
        }
    }
};

}  // namespace

Hole holeSeenFromSouth(Seat seat, Hole hole) {
    static const SouthFrames frames;
    return frames.hole[seat][hole];
}

Family::Family(int rows) : rows_(std::clamp(rows, kMinFamilyRows, kMaxFamilyRows)) {
    const Geometry& geometry = Geometry::get();
    const Bitboard goal = geometry.arm(Geometry::opposite(0));
    local_.fill(-1);
    for (Hole h = 0; h < kHoleCount; ++h) {
        // Goal rows have r 5..8; the hexagon's rows before them r 4, 3, ...
        const Cube cube = geometry.cube(h);
        const bool beforeGoal = geometry.hexagon().test(h) && cube.r >= 5 - rows_;
        if (!goal.test(h) && !beforeGoal) continue;
        region_.set(h);
        if (goal.test(h)) goalBits_ |= uint64_t{1} << size_;
        local_[h] = size_;
        holes_[size_++] = h;
    }
}

std::optional<uint64_t> Family::bitsOf(Bitboard piecesFromSouth) const {
    if (!region_.contains(piecesFromSouth)) return std::nullopt;
    uint64_t bits = 0;
    for (Hole h : piecesFromSouth) bits |= uint64_t{1} << local_[h];
    return bits;
}

Bitboard Family::piecesOf(uint64_t bits) const {
    Bitboard pieces;
    while (bits != 0) {
        pieces.set(holes_[std::countr_zero(bits)]);
        bits &= bits - 1;
    }
    return pieces;
}

}  // namespace cc::race
