#pragma once
// The checks of the libFuzzer targets (tests/fuzz/fuzz_*.cpp), shared with the
// regression test that replays the corpus and every crash found in the normal build
// (tests/fuzz_regression_test.cpp). Each check takes one input and returns what went
// wrong, or nothing; a crash or a sanitizer report speaks for itself.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/engine.h"

namespace ccfuzz {

using Failure = std::optional<std::string>;

// Lines of protocol commands through a fresh engine, its searches, counts and benches
// included; the replies must keep protocol-spec/protocol.md's rules.
Failure checkProtocolSession(std::string_view input);
// The same on `engine`, reset first to the state a fresh session's engine starts in
// (Engine::reset): fuzz_protocol runs every input on one engine, since a new engine's
// table and threads cost more than most inputs.
Failure checkProtocolSession(std::string_view input, cc::Engine& engine);
// Whether the session check knows what `command` answers: every command `help` lists
// must be known, or a fuzzer that finds it fails on its replies.
bool knowsCommand(std::string_view command);
// The options a fuzzed session's engine starts with.
cc::EngineOptions sessionOptions();
// The first byte chooses the rules; the first line is a position text, every other
// line a move text played when it is legal (protocol-spec/notation.md).
Failure checkPositionText(std::string_view input);
// Lines of `setrules` words, each applied to the rules the lines before left
// (protocol-spec/rules.md).
Failure checkRuleText(std::string_view input);

// What a fuzz target does with a check's verdict: a failure aborts, so libFuzzer keeps
// the input.
void abortOnFailure(const Failure& failure);

inline std::string_view asText(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

}  // namespace ccfuzz
