#include "search/race/index.h"

#include <algorithm>
#include <bit>

namespace cc::race {

PlacementIndex::PlacementIndex(int holes, int pieces)
    : holes_(std::clamp(holes, 0, kMaxHoles)), pieces_(std::clamp(pieces, 0, kMaxPieces)) {
    for (int n = 0; n <= kMaxHoles; ++n) {
        choose_[n][0] = 1;
        for (int k = 1; k <= kMaxPieces; ++k)
            choose_[n][k] = n == 0 ? 0 : choose_[n - 1][k - 1] + choose_[n - 1][k];
    }
}

uint64_t PlacementIndex::rank(uint64_t bits) const {
    uint64_t result = 0;
    for (int i = 1; bits != 0; ++i) {
        result += choose_[std::countr_zero(bits)][i];
        bits &= bits - 1;
    }
    return result;
}

uint64_t PlacementIndex::unrank(uint64_t rank) const {
    uint64_t bits = 0;
    int hole = holes_ - 1;
    for (int i = pieces_; i >= 1; --i) {
        while (choose_[hole][i] > rank) --hole;
        bits |= uint64_t{1} << hole;
        rank -= choose_[hole][i];
        --hole;
    }
    return bits;
}

}  // namespace cc::race
