#pragma once
// The fixed geometry of the star (protocol-spec/rules.md §1 Board, holes and seats): hole
// names and numeric index, cube coordinates, neighbours and rays, arms, 15-hole camps,
// tips and distances.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/bitboard.h"

namespace cc {

constexpr int kSeatCount = 6;
constexpr int kDirectionCount = 6;
constexpr int kMaxRayLength = 16;

// Seats are 0-based inside the engine (seat 1 of protocol-spec/rules.md §1 is 0).
using Seat = int;

struct Cube {
    int q = 0;
    int r = 0;
    [[nodiscard]] constexpr int s() const { return -q - r; }
};

class Geometry {
  public:
    static const Geometry& get();

    [[nodiscard]] Cube cube(Hole hole) const { return cube_[hole]; }
    // kNoHole when (q, r) is off the board.
    [[nodiscard]] Hole holeAt(int q, int r) const;

    [[nodiscard]] std::string name(Hole hole) const;
    // Accepts a name ("i9") or a numeric index ("60").
    [[nodiscard]] std::optional<Hole> parseHole(std::string_view text) const;

    // Holes along a direction, nearest first, ending with kNoHole.
    [[nodiscard]] const std::array<Hole, kMaxRayLength + 1>& ray(Hole hole, int direction) const {
        return ray_[hole][direction];
    }
    [[nodiscard]] Bitboard neighbours(Hole hole) const { return neighbours_[hole]; }
    // The holes of ray(hole, direction) as a set.
    [[nodiscard]] Bitboard rayMask(Hole hole, int direction) const {
        return rayMask_[hole][direction];
    }
    // Whether hole indices grow along the direction (rows are numbered upwards, each
    // from right to left), so the nearest hole of a ray is its lowest or its highest.
    static constexpr bool indexGrows(int direction) {
        return direction == 1 || direction == 3 || direction == 4;
    }

    // The 10-hole triangle of a seat's arm.
    [[nodiscard]] Bitboard arm(Seat seat) const { return arm_[seat]; }
    // The side-5 triangle (15 holes) of Diamond Game.
    [[nodiscard]] Bitboard camp15(Seat seat) const { return camp15_[seat]; }
    [[nodiscard]] Hole tip(Seat seat) const { return tip_[seat]; }
    [[nodiscard]] Bitboard hexagon() const { return hexagon_; }

    [[nodiscard]] static int distance(Cube a, Cube b);
    [[nodiscard]] int distance(Hole a, Hole b) const { return distance(cube_[a], cube_[b]); }

    static constexpr Seat opposite(Seat seat) { return (seat + 3) % kSeatCount; }

  private:
    Geometry();

    std::array<Cube, kHoleCount> cube_{};
    std::array<std::array<std::array<Hole, kMaxRayLength + 1>, kDirectionCount>, kHoleCount> ray_{};
    std::array<Bitboard, kHoleCount> neighbours_{};
    std::array<std::array<Bitboard, kDirectionCount>, kHoleCount> rayMask_{};
    std::array<Bitboard, kSeatCount> arm_{};
    std::array<Bitboard, kSeatCount> camp15_{};
    std::array<Hole, kSeatCount> tip_{};
    // Hole at (q + 8, r + 8), kNoHole off the board.
    std::array<std::array<Hole, 17>, 17> holeAt_{};
    Bitboard hexagon_;
};

}  // namespace cc
