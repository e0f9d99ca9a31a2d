// libFuzzer target: the rule text of setrules.
// The checks are in fuzz_harness.cpp.

#include <cstddef>
#include <cstdint>

#include "fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ccfuzz::abortOnFailure(ccfuzz::checkRuleText(ccfuzz::asText(data, size)));
    return 0;
}
