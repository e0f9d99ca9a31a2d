#pragma once
// The engine's options as data (protocol-spec/protocol.md, setoption): each with its
// type, default, range or choices, and how a value changes the engine's options.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"

namespace cc {

enum class OptionType { Spin, Combo, Check, Button, String };

struct OptionSpec {
    std::string_view name;
    OptionType type;
    // spin: a number; combo, check: one of `choices`; string: any text, `<empty>` for none
    std::string_view defaultValue;
    int64_t min = 0;
    int64_t max = 0;
    std::vector<std::string_view> choices;
    // Applies a value already checked against type and range.
    std::function<void(Engine& engine, EngineOptions& options, std::string_view choice,
                       int64_t number)>
        apply;
    // CCP offers it too: what changes strength or resources (protocol-spec/ccp.md).
    bool offeredUnderCcp = false;
};

const std::vector<OptionSpec>& optionSpecs();

// The option named `name` (case-insensitive), or none.
const OptionSpec* findOption(std::string_view name);

// The `option ...` line `cci` prints for the option.
std::string describeOption(const OptionSpec& option);

// Sets the option named `name` (case-insensitive) to `value` (none for a button), or
// says why not; nothing changes on an error.
Expected<void> setOption(Engine& engine, std::string_view name,
                         std::optional<std::string_view> value);

// `setoption`'s words after the command, `name <words> [value <words>]`: names and values
// may hold spaces (UCI), joined by one space whatever blanks stood between the words.
struct OptionWords {
    std::string name;
    std::optional<std::string> value;
};
// None when the words do not have that shape.
std::optional<OptionWords> parseOptionWords(const std::vector<std::string_view>& args);

}  // namespace cc
