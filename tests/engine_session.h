#pragma once
// A GoogleTest fixture talking to one engine process: what a command printed, one-line
// and silent replies, and the check every rejected command must pass (one `error`
// line, state unchanged). The protocol session and hostile-input tests share it.

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine_process.h"

namespace cctest {

// The standard two-player start (protocol-spec/notation.md).
inline const std::string kStartBoard =
    "4/44/444/4444/............./............/.........../........../........./........../"
    ".........../............/............./1111/111/11/1";
inline const std::string kStartText = kStartBoard + " 1 1 0 0 - - playing";

// Text made printable for failure messages: other bytes as \xNN, long text cut.
inline std::string visible(std::string_view text, size_t limit = 160) {
    std::string out;
    for (const char c : text.substr(0, limit)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[byte >> 4];
            out += hex[byte & 15];
        }
    }
    if (text.size() > limit) out += "...(" + std::to_string(text.size()) + " bytes)";
    return out;
}

inline std::string joinLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += "\n  | " + visible(line, 300);
    return text;
}

class EngineSession : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_TRUE(engine.started()) << "cannot start " << engineBinary(); }

    // Every session ends cleanly: `quit` gives exit status 0, and stderr stayed silent
    // (protocol.md: nothing is written to stderr in protocol mode).
    void TearDown() override {
        if (HasFatalFailure()) return;
        engine.sendLine("quit");
        const ExitStatus status = engine.waitExit(std::chrono::milliseconds(5000));
        EXPECT_TRUE(status.cleanExit(0)) << status.describe();
        EXPECT_EQ(engine.stderrText(), "") << "stderr must stay silent in protocol mode";
    }

    // Extra checks on every reply (the hostile tests check each line is protocol).
    virtual void checkReply(std::string_view /*input*/, const std::vector<std::string>& /*reply*/) {
    }

    // Every line the input printed, synchronised by a following isready/readyok.
    // After one lost reply the session is out of step: later calls fail at once
    // instead of waiting for their own timeouts.
    std::vector<std::string> ask(
        std::string_view input, int readyoks = 0,
        std::chrono::milliseconds timeout = std::chrono::milliseconds(10000)) {
        if (lost_) return {"<no reply>"};
        std::optional<std::vector<std::string>> reply = engine.exchange(input, timeout, readyoks);
        if (!reply) {
            lost_ = true;
            const ExitStatus status = engine.waitExit(std::chrono::milliseconds(100));
            ADD_FAILURE() << "no readyok after " << visible(input) << ": engine "
                          << status.describe()
                          << "; stderr: " << visible(engine.stderrText(), 2000);
            return {"<no reply>"};
        }
        checkReply(input, *reply);
        return *reply;
    }

    // The single line the input printed.
    std::string askOne(std::string_view input) {
        const std::vector<std::string> reply = ask(input);
        EXPECT_EQ(reply.size(), 1u) << "after " << visible(input) << ":" << joinLines(reply);
        return reply.empty() ? std::string() : reply.front();
    }

    // Input that must print nothing.
    void silent(std::string_view input) {
        const std::vector<std::string> reply = ask(input);
        EXPECT_TRUE(reply.empty()) << "after " << visible(input) << ":" << joinLines(reply);
    }

    // Rules, position and the Notation option (which `legal` shows).
    std::vector<std::string> state() {
        return {askOne("getposition"), askOne("rules"), askOne("legal")};
    }

    // The input must print exactly one line, starting with `error`, and change nothing.
    void expectRejected(std::string_view input) {
        SCOPED_TRACE("input: " + visible(input));
        const std::vector<std::string> before = state();
        const std::vector<std::string> reply = ask(input);
        ASSERT_EQ(reply.size(), 1u) << "expected one error line:" << joinLines(reply);
        EXPECT_TRUE(startsWith(reply[0], "error ")) << visible(reply[0]);
        EXPECT_EQ(state(), before) << "state changed by a rejected command";
    }

    EngineProcess engine;

  private:
    bool lost_ = false;
};

}  // namespace cctest
