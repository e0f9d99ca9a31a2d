// protocol-spec/ccp.md's CCERL submission (schema ccerl.submission.v1 of CCERL's
// CCERL_SUBMISSIONS.md): it holds the contract's fields, names this engine's version,
// and its command, run with the engine built here, speaks CCP with the options it sets.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "match/settings/json_value.h"
#include "protocol/protocol.h"
#include "test_paths.h"

namespace {

using cc::match::JsonValue;

// The ```json block of protocol-spec/ccp.md that holds the submission schema.
std::string submissionBlock() {
    std::ifstream file(cctest::sourceDir() / "protocol-spec" / "ccp.md");
    std::string line;
    std::string block;
    bool inside = false;
    while (std::getline(file, line)) {
        if (!inside && line == "```json") {
            inside = true;
            block.clear();
        } else if (inside && line == "```") {
            if (block.find("ccerl.submission.v1") != std::string::npos) return block;
            inside = false;
        } else if (inside) {
            block += line + "\n";
        }
    }
    return {};
}

const JsonValue* path(const JsonValue& root, const std::string& object, const std::string& key) {
    const JsonValue* inner = root.member(object);
    return inner == nullptr ? nullptr : inner->member(key);
}

TEST(CcerlSubmission, CcpDocumentHoldsTheContractsFields) {
    const std::string block = submissionBlock();
    ASSERT_FALSE(block.empty())
        << "protocol-spec/ccp.md needs a ```json block with ccerl.submission.v1";
    const cc::Expected<JsonValue> parsed = cc::match::parseJson(block);
    ASSERT_TRUE(parsed) << parsed.error();
    const JsonValue& root = *parsed;
    const std::vector<std::pair<std::string, std::vector<std::string>>> fields = {
        {"engine", {"name", "version", "author", "license", "source"}},
        {"runtime", {"mode", "command", "working_dir"}},
        {"resources", {"track", "threads", "memory_gb", "gpu"}},
    };
    for (const auto& [object, keys] : fields) {
        for (const std::string& key : keys)
            EXPECT_NE(path(root, object, key), nullptr) << object << "." << key;
    }
    ASSERT_NE(root.member("schema"), nullptr);
    EXPECT_EQ(root.member("schema")->text, "ccerl.submission.v1");
    ASSERT_NE(path(root, "engine", "version"), nullptr);
    EXPECT_EQ(path(root, "engine", "version")->text, std::string(cc::kEngineVersion));
    ASSERT_NE(path(root, "runtime", "mode"), nullptr);
    EXPECT_EQ(path(root, "runtime", "mode")->text, "local");
}

// The submission's command line, with this build in place of the installed engine, plays
// CCP's handshake, and the threads it sets are the threads it declares.
TEST(CcerlSubmission, ItsCommandSpeaksCcpWithItsOptions) {
    const cc::Expected<JsonValue> parsed = cc::match::parseJson(submissionBlock());
    ASSERT_TRUE(parsed) << parsed.error();
    const JsonValue* command = path(*parsed, "runtime", "command");
    const JsonValue* threads = path(*parsed, "resources", "threads");
    ASSERT_TRUE(command != nullptr && threads != nullptr);
    ASSERT_GE(command->items.size(), 2U);
    EXPECT_EQ(command->items[1].text, "--ccp");
    std::vector<std::string> args;
    for (size_t at = 1; at < command->items.size(); ++at) args.push_back(command->items[at].text);
    bool threadsSet = false;
    for (size_t at = 0; at + 1 < args.size(); ++at)
        threadsSet |= args[at] == "--option" && args[at + 1] == "Threads=" + threads->text;
    EXPECT_TRUE(threadsSet) << "the command sets the declared threads";

    // Minutes, not seconds: the table is allocated at start, and machines here are shared.
    const cctest::RunResult run =
        cctest::runEngine(args, "ccp\nisready\nquit\n", std::chrono::minutes(2));
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe() << "\n" << run.errors;
    ASSERT_FALSE(run.lines.empty());
    EXPECT_EQ(run.lines.back(), "readyok");
    EXPECT_NE(std::find(run.lines.begin(), run.lines.end(), "ccpok"), run.lines.end());
}

}  // namespace
