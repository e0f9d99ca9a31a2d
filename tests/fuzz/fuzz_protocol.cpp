// libFuzzer target: the whole protocol loop, every command with searches and counts.
// The checks are in fuzz_harness.cpp.

#include <cstddef>
#include <cstdint>

#include "fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // One engine for every input, reset before each (its table and threads are kept):
    // a new engine per input cost more than the input. libFuzzer's callback has no
    // other place to keep it.
    static cc::Engine engine(ccfuzz::sessionOptions());
    ccfuzz::abortOnFailure(ccfuzz::checkProtocolSession(ccfuzz::asText(data, size), engine));
    return 0;
}
