// The fuzz targets' checks (tests/fuzz/fuzz_harness.cpp) in the normal build: every
// seed of the corpus and every input a fuzzer once failed on (tests/fuzz/regressions/,
// one folder per target) goes through the same code as under libFuzzer.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_harness.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "sanitized.h"
#include "test_paths.h"
#include "util/text.h"

namespace {

namespace fs = std::filesystem;

const fs::path kFuzzDir = cctest::sourceDir() / "tests" / "fuzz";

std::string readFile(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// The files of tests/fuzz/<folder>/<target>/, sorted (a folder may not exist yet).
std::vector<fs::path> inputs(const std::string& folder, const std::string& target) {
    std::vector<fs::path> paths;
    const fs::path dir = kFuzzDir / folder / target;
    if (!fs::is_directory(dir)) return paths;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.is_regular_file()) paths.push_back(entry.path());
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

void replay(const std::string& target, ccfuzz::Failure (*check)(std::string_view)) {
    const std::vector<fs::path> seeds = inputs("corpus", target);
    EXPECT_FALSE(seeds.empty()) << "no seeds in " << (kFuzzDir / "corpus" / target);
    std::vector<fs::path> all;
    for (size_t index = 0; index < seeds.size(); index += cctest::kReplayStride)
        all.push_back(seeds[index]);
    for (const fs::path& path : inputs("regressions", target)) all.push_back(path);
    for (const fs::path& path : all) {
        const ccfuzz::Failure failure = check(readFile(path));
        EXPECT_FALSE(failure) << path << ": " << failure.value_or("");
    }
}

TEST(FuzzRegression, ProtocolSessions) {
    replay("protocol", ccfuzz::checkProtocolSession);
}

// `help` lists every command by its usage, one `info string` line each.
TEST(FuzzRegression, SessionCheckKnowsEveryCommand) {
    cc::Engine engine(ccfuzz::sessionOptions());
    std::ostringstream stream;
    {
        cc::Output output(stream);
        cc::Protocol protocol(engine, output);
        protocol.handle("help");
    }
    const std::string helpText = stream.str();
    int commands = 0;
    for (const std::string_view line : cc::split(helpText, '\n')) {
        if (line.empty()) continue;
        ASSERT_TRUE(line.starts_with("info string ")) << line;
        const std::string_view command = cc::splitWords(line.substr(12)).at(0);
        EXPECT_TRUE(ccfuzz::knowsCommand(command))
            << "the fuzz check does not know '" << command << "'";
        ++commands;
    }
    EXPECT_GE(commands, 19);
    EXPECT_FALSE(ccfuzz::knowsCommand("nosuchcommand"));
}

TEST(FuzzRegression, PositionTexts) {
    replay("position", ccfuzz::checkPositionText);
}

TEST(FuzzRegression, RuleTexts) {
    replay("rules", ccfuzz::checkRuleText);
}

}  // namespace
