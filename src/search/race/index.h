#pragma once
// The race table's index: a placement of k pieces on n holes ranked in the combinatorial
// number system (the i-th lowest occupied hole c_i adds C(c_i, i + 1)), so that the
// C(n, k) placements fill 0..C(n, k) - 1 without a gap.

#include <array>
#include <cstdint>

namespace cc::race {

class PlacementIndex {
  public:
    PlacementIndex(int holes, int pieces);

    [[nodiscard]] uint64_t size() const { return binomial(holes_, pieces_); }
    // `bits` must hold exactly `pieces` bits below `holes`.
    [[nodiscard]] uint64_t rank(uint64_t bits) const;
    [[nodiscard]] uint64_t unrank(uint64_t rank) const;
    [[nodiscard]] uint64_t binomial(int n, int k) const { return choose_[n][k]; }

  private:
    static constexpr int kMaxHoles = 64;
    static constexpr int kMaxPieces = 15;
    int holes_;
    int pieces_;
    std::array<std::array<uint64_t, kMaxPieces + 1>, kMaxHoles + 1> choose_{};
};

}  // namespace cc::race
