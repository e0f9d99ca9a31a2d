#pragma once
// What a test does differently in a sanitized build (scripts/check/test-sanitizers.sh), where
// the code runs several to ten times slower.

#include <algorithm>

namespace cctest {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// Deadlines only catch hangs: they stretch with the slower code.
inline constexpr int kDeadlineScale = kSanitized ? 10 : 1;

// A test that repeats one check over many random games or searches takes a quarter: a
// sanitizer judges each path of the code once it has run, and the volume that finds
// rare positions is the normal build's, which plays them all (CONTRIBUTING.md, Tests
// and checks).
inline constexpr int sanitizedVolume(int count) {
    return kSanitized ? std::max(1, count / 4) : count;
}

// ThreadSanitizer judges how threads share memory, which the inputs of a long replay
// do not change: it takes every fourth. AddressSanitizer takes every input, since one
// input may be the only one to reach a faulty access.
#if defined(__SANITIZE_THREAD__)
inline constexpr int kReplayStride = 4;
#else
inline constexpr int kReplayStride = 1;
#endif

}  // namespace cctest
