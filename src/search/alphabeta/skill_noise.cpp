#include "search/alphabeta/skill_noise.h"

#include "search/players.h"
#include "search/score.h"

namespace cc {

std::optional<Move> noisyBest(const std::vector<LineScore>& lines, int noise, uint64_t seed) {
    Random random(seed);
    std::optional<Move> best;
    int64_t bestNoisy = INT64_MIN;
    for (const LineScore& line : lines) {
        if (line.score == -kInfinity) continue;
        const int64_t noisy = int64_t(line.score) + int64_t(random.below(uint64_t(noise)));
        if (noisy > bestNoisy) {
            bestNoisy = noisy;
            best = line.move;
        }
    }
    return best;
}

}  // namespace cc
