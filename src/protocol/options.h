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

enum class OptionType { Spin, Combo, Check, Button };

struct OptionSpec {
    std::string_view name;
    OptionType type;
    std::string_view defaultValue;  // spin: a number; combo, check: one of `choices`
    int64_t min = 0;
    int64_t max = 0;
    std::vector<std::string_view> choices;
    // Applies a value already checked against type and range.
    std::function<void(Engine& engine, EngineOptions& options, std::string_view choice,
                       int64_t number)>
        apply;
};

const std::vector<OptionSpec>& optionSpecs();

// The `option ...` line `cci` prints for the option.
std::string describeOption(const OptionSpec& option);

// Sets the option named `name` (case-insensitive) to `value` (none for a button), or
// says why not; nothing changes on an error.
Expected<void> setOption(Engine& engine, std::string_view name,
                         std::optional<std::string_view> value);

}  // namespace cc
