// The hash table's memory is taken by `isready` (protocol-spec/protocol.md, isready),
// not by the first `go`, whose clock would pay for it.

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"

namespace {

// This process's resident memory, in MiB (Linux's /proc/self/statm, in pages).
double residentMegabytes() {
    std::ifstream statm("/proc/self/statm");
    long long size = 0;
    long long resident = 0;
    statm >> size >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE)) / double(1 << 20);
}

TEST(HashMemory, IsreadyTakesTheTablesMemory) {
    cc::EngineOptions options;
    options.hashMegabytes = 1;
    cc::Engine engine(options);
    std::ostringstream text;
    cc::Output output(text);
    cc::Protocol protocol(engine, output);
    protocol.handle("setoption name Hash value 256");
    const double before = residentMegabytes();
    protocol.handle("isready");
    const double after = residentMegabytes();
    EXPECT_GE(after - before, 200.0) << "resident " << before << " MiB, then " << after;
    EXPECT_EQ(text.str(), "readyok\n");
}

}  // namespace
