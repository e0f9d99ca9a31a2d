#pragma once
// The presets as data: each is a name, the player counts it is for, and its rules as the
// `setrules` words a user could type (protocol-spec/rules.md §3 Presets).

#include <span>
#include <string>
#include <string_view>

#include "core/rules.h"

namespace cc {

struct PresetDefinition {
    Preset preset;
    std::string_view name;
    int minPlayers;
    int maxPlayers;
    // Every rule key except the seating (`players`, `armies`, `first`): the seating
    // depends on the number of players, which a preset keeps.
    std::string_view words;
};

// Every preset, in the order of the Preset enum (the order `bench` runs them in).
std::span<const PresetDefinition> presetDefinitions();
const PresetDefinition& presetDefinition(Preset preset);
// Nothing when no preset has that name.
const PresetDefinition* findPreset(std::string_view name);
// Every preset name, '|'-separated, for messages.
std::string presetNames();

}  // namespace cc
