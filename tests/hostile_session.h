#pragma once
// The hostile-input tests' fixture (hostile_input_test.cpp, hostile_sequences_test.cpp):
// whatever arrives on stdin, the engine must neither crash nor hang, must keep answering
// `isready` with `readyok`, and its stdout must stay protocol (printable ASCII lines that
// start with a reply word; protocol-spec/protocol.md).

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine_session.h"

namespace cctest {

inline const std::vector<std::string> kReadyok = {"readyok"};
// `error ` + at most 300 characters + `...` (protocol.md, Conventions).
inline constexpr size_t kMaxErrorLine = 6 + 300 + 3;

inline const std::set<std::string> kReplyWords = {
    "id",    "option", "rule",  "cciok",  "readyok", "rules",    "position",
    "legal", "info",   "nodes", "result", "error",   "bestmove", "bench"};

inline ::testing::AssertionResult isProtocolLine(const std::string& line) {
    if (line.empty()) return ::testing::AssertionFailure() << "empty stdout line";
    for (const char c : line) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f) {
            return ::testing::AssertionFailure()
                   << "non-printable byte " << int(byte) << " in stdout line: " << visible(line);
        }
    }
    const std::string first = line.substr(0, line.find(' '));
    if (kReplyWords.count(first) == 0) {
        return ::testing::AssertionFailure()
               << "unknown reply word '" << visible(first) << "' in stdout line: " << visible(line);
    }
    if (first == "error" && line.size() > kMaxErrorLine) {
        return ::testing::AssertionFailure()
               << "error line of " << line.size() << " characters: " << visible(line);
    }
    return ::testing::AssertionSuccess();
}

class Hostile : public EngineSession {
  protected:
    void TearDown() override {
        for (const std::string& line : engine.transcript()) EXPECT_TRUE(isProtocolLine(line));
        EngineSession::TearDown();
    }

    // Every line a command printed must be protocol.
    void checkReply(std::string_view input, const std::vector<std::string>& reply) override {
        for (const std::string& line : reply) {
            EXPECT_TRUE(isProtocolLine(line)) << "after input " << visible(input);
        }
    }

    // Sends `input` plus '\n', then `isready`; the engine must answer `readyok` in time.
    std::vector<std::string> survive(std::string_view input, int readyoks = 0,
                                     std::chrono::milliseconds timeout = 10000ms) {
        return ask(input, readyoks, timeout);
    }

    void setUpNonDefaultState() {
        silent("setrules preset=masters movelimit=77");
        silent("position startpos moves m4-l5 e14-e13");
    }
};

}  // namespace cctest
