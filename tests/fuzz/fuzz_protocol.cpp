// libFuzzer target: the whole protocol loop, every command with searches and counts.
// The checks are in fuzz_harness.cpp.

#include <cstddef>
#include <cstdint>

#include "fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ccfuzz::abortOnFailure(ccfuzz::checkProtocolSession(ccfuzz::asText(data, size)));
    return 0;
}
