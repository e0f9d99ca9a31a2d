#pragma once
// The race table's family of positions (protocol-spec/measurements-race.md, The race
// table): one 10-piece army alone on the board, every piece in its goal triangle or in
// the first `rows` rows of the hexagon before it. Positions are seen from seat 1 (the
// army moving north); every other seat is turned onto it, the board having the
// six-fold symmetry of its arms (protocol-spec/rules.md §1).

#include <array>
#include <cstdint>
#include <optional>

#include "core/bitboard.h"
#include "core/geometry.h"

namespace cc::race {

constexpr int kRacePieces = 10;
// Rows of the hexagon before the goal: 1..4 (5 to 9 region holes a row).
constexpr int kMinFamilyRows = 1;
constexpr int kMaxFamilyRows = 4;
constexpr int kMaxRegionHoles = 64;

// A hole turned so that the army on `seat` starts in the south (seat 1): it then aims at
// the north triangle, rows 14-17.
Hole holeSeenFromSouth(Seat seat, Hole hole);

class Family {
  public:
    explicit Family(int rows);

    [[nodiscard]] int rows() const { return rows_; }
    // The holes a piece of the family may stand on (seen from the south).
    [[nodiscard]] Bitboard region() const { return region_; }
    [[nodiscard]] int regionSize() const { return size_; }
    // The region's holes numbered 0..size-1 in hole order; -1 outside it.
    [[nodiscard]] int localIndex(Hole hole) const { return local_[hole]; }
    [[nodiscard]] Hole hole(int local) const { return holes_[local]; }
    // The goal triangle (rows 14-17) as local bits.
    [[nodiscard]] uint64_t goalBits() const { return goalBits_; }
    // Local bits of a placement seen from the south; none when a piece is outside.
    [[nodiscard]] std::optional<uint64_t> bitsOf(Bitboard piecesFromSouth) const;
    [[nodiscard]] Bitboard piecesOf(uint64_t bits) const;

  private:
    int rows_;
    int size_ = 0;
    Bitboard region_;
    uint64_t goalBits_ = 0;
    std::array<int, kHoleCount> local_{};
    std::array<Hole, kMaxRegionHoles> holes_{};
};

}  // namespace cc::race
