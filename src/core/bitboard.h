#pragma once
// A set of holes: one bit per hole of the 121-hole star, bit i = hole index i.

#include <bit>
#include <cstdint>

namespace cc {

using Hole = int;
constexpr int kHoleCount = 121;
constexpr Hole kNoHole = -1;

class Bitboard {
  public:
    constexpr Bitboard() = default;
    constexpr Bitboard(uint64_t low, uint64_t high) : lo_(low), hi_(high) {}

    static constexpr Bitboard fromHole(Hole hole) {
        return hole < 64 ? Bitboard(uint64_t{1} << hole, 0)
                         : Bitboard(0, uint64_t{1} << (hole - 64));
    }

    [[nodiscard]] constexpr bool test(Hole hole) const {
        const uint64_t word = hole < 64 ? lo_ : hi_;
        return ((word >> (hole & 63)) & 1) != 0;
    }
    constexpr void set(Hole hole) { *this |= fromHole(hole); }
    constexpr void reset(Hole hole) { *this &= ~fromHole(hole); }

    [[nodiscard]] constexpr bool empty() const { return (lo_ | hi_) == 0; }
    [[nodiscard]] constexpr bool any() const { return !empty(); }
    [[nodiscard]] constexpr int count() const { return std::popcount(lo_) + std::popcount(hi_); }
    [[nodiscard]] constexpr bool intersects(Bitboard other) const {
        return ((lo_ & other.lo_) | (hi_ & other.hi_)) != 0;
    }
    [[nodiscard]] constexpr bool contains(Bitboard other) const { return (other & ~*this).empty(); }

    // Lowest hole in the set; the set must not be empty.
    [[nodiscard]] constexpr Hole first() const {
        return lo_ != 0 ? std::countr_zero(lo_) : 64 + std::countr_zero(hi_);
    }
    // Highest hole in the set; the set must not be empty.
    [[nodiscard]] constexpr Hole last() const {
        return hi_ != 0 ? 127 - std::countl_zero(hi_) : 63 - std::countl_zero(lo_);
    }
    // The holes with an index below `hole` (0..128).
    static constexpr Bitboard below(Hole hole) {
        if (hole <= 0) return {};
        if (hole < 64) return {(uint64_t{1} << hole) - 1, 0};
        if (hole < 128) return {~uint64_t{0}, (uint64_t{1} << (hole - 64)) - 1};
        return {~uint64_t{0}, ~uint64_t{0}};
    }
    constexpr Hole popFirst() {
        const Hole hole = first();
        if (lo_ != 0) {
            lo_ &= lo_ - 1;
        } else {
            hi_ &= hi_ - 1;
        }
        return hole;
    }

    constexpr Bitboard operator|(Bitboard o) const { return {lo_ | o.lo_, hi_ | o.hi_}; }
    constexpr Bitboard operator&(Bitboard o) const { return {lo_ & o.lo_, hi_ & o.hi_}; }
    constexpr Bitboard operator^(Bitboard o) const { return {lo_ ^ o.lo_, hi_ ^ o.hi_}; }
    // Complement within the 121 holes of the board.
    constexpr Bitboard operator~() const { return {~lo_, ~hi_ & kHighMask}; }
    constexpr Bitboard& operator|=(Bitboard o) { return *this = *this | o; }
    constexpr Bitboard& operator&=(Bitboard o) { return *this = *this & o; }
    constexpr Bitboard& operator^=(Bitboard o) { return *this = *this ^ o; }
    constexpr bool operator==(const Bitboard&) const = default;

    [[nodiscard]] constexpr uint64_t low() const { return lo_; }
    [[nodiscard]] constexpr uint64_t high() const { return hi_; }

    static constexpr Bitboard all() { return ~Bitboard(); }

  private:
    static constexpr uint64_t kHighMask = (uint64_t{1} << (kHoleCount - 64)) - 1;
    uint64_t lo_ = 0;
    uint64_t hi_ = 0;
};

// Range-for over the holes of a set, lowest first.
class BitboardIterator {
  public:
    constexpr explicit BitboardIterator(Bitboard rest) : rest_(rest) {}
    constexpr Hole operator*() const { return rest_.first(); }
    constexpr BitboardIterator& operator++() {
        rest_.popFirst();
        return *this;
    }
    constexpr bool operator!=(const BitboardIterator& other) const { return rest_ != other.rest_; }

  private:
    Bitboard rest_;
};
constexpr BitboardIterator begin(Bitboard set) {
    return BitboardIterator(set);
}
constexpr BitboardIterator end(Bitboard /*set*/) {
    return BitboardIterator(Bitboard());
}

}  // namespace cc
