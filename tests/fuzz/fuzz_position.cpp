// libFuzzer target: the position and move text parsers under several rule sets.
// The checks are in fuzz_harness.cpp.

#include <cstddef>
#include <cstdint>

#include "fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ccfuzz::abortOnFailure(ccfuzz::checkPositionText(ccfuzz::asText(data, size)));
    return 0;
}
