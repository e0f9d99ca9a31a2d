#include "core/presets.h"

#include <array>

namespace cc {
namespace {

// Each list names every key, so a preset never inherits a value from the rules it
// replaces; a test holds these lists to the ones protocol-spec/rules.md §3.1 shows.
constexpr std::array<PresetDefinition, 7> kPresets = {{
    {Preset::Standard, "standard", 1, 6,
     "pieces=10 king=off hops=short other=free unused=free goallock=off finish=fill swap=off "
     "bonus=off end=all fairfinish=off passround=off movelimit=200 limitresult=draw stall=50 "
     "repetition=0 adjacent=off mustleave=off"},
    {Preset::Masters, "masters", 1, 6,
     "pieces=10 king=off hops=short other=pass unused=free goallock=on finish=all swap=any "
     "bonus=off end=first fairfinish=off passround=off movelimit=0 limitresult=draw stall=0 "
     "repetition=0 adjacent=off mustleave=off"},
    {Preset::Card, "card", 2, 2,
     "pieces=10 king=off hops=short other=pass unused=free goallock=on finish=all swap=final "
     "bonus=off end=first fairfinish=off passround=on movelimit=0 limitresult=draw stall=0 "
     "repetition=0 adjacent=off mustleave=off"},
    {Preset::Super, "super", 1, 6,
     "pieces=10 king=off hops=long other=pass unused=pass goallock=off finish=all swap=off "
     "bonus=on end=first fairfinish=on passround=off movelimit=0 limitresult=draw stall=0 "
     "repetition=0 adjacent=off mustleave=off"},
    {Preset::Diamond, "diamond", 2, 3,
     "pieces=15 king=on hops=short other=closed unused=closed goallock=off finish=all swap=off "
     "bonus=off end=all fairfinish=off passround=off movelimit=0 limitresult=draw stall=0 "
     "repetition=0 adjacent=off mustleave=off"},
    {Preset::Sec5, "sec5", 1, 6,
     "pieces=10 king=off hops=short other=free unused=free goallock=off finish=all swap=off "
     "bonus=off end=first fairfinish=off passround=off movelimit=200 limitresult=progress "
     "stall=0 repetition=3 adjacent=on mustleave=on"},
    {Preset::Ccerl, "ccerl", 2, 2,
     "pieces=10 king=off hops=short other=free unused=free goallock=chain finish=fill swap=off "
     "bonus=off end=first fairfinish=on passround=off movelimit=250 limitresult=draw stall=0 "
     "repetition=3 adjacent=off mustleave=off"},
}};

static_assert(
    [] {
        for (size_t index = 0; index < kPresets.size(); ++index) {
            if (static_cast<size_t>(kPresets[index].preset) != index) return false;
        }
        return true;
    }(),
    "kPresets must list the presets in the order of the Preset enum");

}  // namespace

std::span<const PresetDefinition> presetDefinitions() {
    return kPresets;
}

const PresetDefinition& presetDefinition(Preset preset) {
    return kPresets[static_cast<size_t>(preset)];
}

const PresetDefinition* findPreset(std::string_view name) {
    for (const PresetDefinition& preset : kPresets) {
        if (preset.name == name) return &preset;
    }
    return nullptr;
}

std::string presetNames() {
    std::string names;
    for (const PresetDefinition& preset : kPresets) {
        if (!names.empty()) names += '|';
        names += preset.name;
    }
    return names;
}

}  // namespace cc
