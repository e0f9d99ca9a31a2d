#pragma once
// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators"):
// the project's one mixer and generator. Small, fast and the same on every machine, so a
// seed replays the same games and the same keys.

#include <cstdint>

namespace cc {

// splitmix64's step between outputs (the golden ratio in 64 bits).
inline constexpr uint64_t kSplitMixGamma = 0x9e3779b97f4a7c15ULL;

// splitmix64's finaliser: every bit of `value` spreads over all 64 bits.
constexpr uint64_t mixFinal(uint64_t value) {
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

// One splitmix64 output for the state `value`: a stateless mix of a seed.
constexpr uint64_t splitMix(uint64_t value) {
    return mixFinal(value + kSplitMixGamma);
}

// The seed of one use of a seed the user gave (the Seed option): `stream` (a position's
// key, a beam's variant) tells the uses apart, so one seed does not repeat one choice
// everywhere. The odd multiplier (xorshift64*'s) spreads nearby seeds over all 64 bits
// before the xor, so seed 1 at one key and seed 2 at a nearby key start apart; Random's
// splitmix then mixes the result.
constexpr uint64_t streamSeed(uint64_t seed, uint64_t stream) {
    return seed * 0x2545f4914f6cdd1dULL ^ stream;
}

// splitmix64 as a generator: good enough to break ties, add noise and make keys.
class Random {
  public:
    explicit Random(uint64_t seed) : state_(seed) {}
    uint64_t next() {
        state_ += kSplitMixGamma;
        return mixFinal(state_);
    }
    // Uniform in [0, bound), bound > 0.
    uint64_t below(uint64_t bound) { return next() % bound; }

  private:
    uint64_t state_;
};

}  // namespace cc
