#pragma once
// The moves of the race table's single army, written apart from core/movegen so that
// the table and the check against the engine's own move generation stay independent:
// a piece steps to an empty neighbour or hops short over any piece into the empty hole
// beyond, chains of hops landing anywhere on the board (no other army stands there); a
// move must end in the family's region (search/race/family.h).

#include <array>
#include <cstdint>

#include "search/race/family.h"

namespace cc::race {

class RaceMoves {
  public:
    explicit RaceMoves(const Family& family);

    // Calls `visit(nextBits)` for every placement one move from `bits` (local bits of
    // the family), a placement reached by several moves once per moving piece.
    template <typename Visit>
    void forEachSuccessor(uint64_t bits, Visit&& visit) const {
        const Bitboard pieces = family_.piecesOf(bits);
        for (uint64_t rest = bits; rest != 0; rest &= rest - 1) {
            const int local = std::countr_zero(rest);
            const Hole from = family_.hole(local);
            uint64_t targets = localBits(destinations(from, pieces));
            targets &= ~bits;
            const uint64_t without = bits & ~(uint64_t{1} << local);
            for (; targets != 0; targets &= targets - 1)
                visit(without | (targets & (~targets + 1)));
        }
    }

    // Every hole a piece on `from` can end a move on (region or not), `pieces` being the
    // army with that piece.
    [[nodiscard]] Bitboard destinations(Hole from, Bitboard pieces) const;

  private:
    [[nodiscard]] uint64_t localBits(Bitboard holes) const;

    struct Hop {
        Hole over;
        Hole land;
    };
    const Family& family_;
    std::array<std::array<Hop, kDirectionCount>, kHoleCount> hops_{};
    std::array<int, kHoleCount> hopCount_{};
};

}  // namespace cc::race
