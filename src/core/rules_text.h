#pragma once
// Rules as `key=value` text: parsing with returned errors, and printing.

#include <string>
#include <string_view>
#include <vector>

#include "core/rules.h"
#include "util/expected.h"

namespace cc {

// Applies `key=value` words to `base`: `preset` first (its own words, presets.h, replace
// every key but the number of players), then `players`, then `armies`, then every other key. Fails
// on unknown keys, bad values, keys given twice and combinations that cannot be played; `base` is
// never changed.
Expected<Rules> applyRuleWords(const Rules& base, const std::vector<std::string_view>& words);

// Every key as `key=value`, space-separated, in a fixed order.
std::string formatRules(const Rules& rules);

// How a client offers a key's values (protocol-spec/protocol.md, cci): one of `choices`,
// a whole number in `min`..`max`, or a text such as `armies`'s seat list.
enum class RuleKeyKind { Combo, Spin, String };

struct RuleKeyDescriptor {
    std::string_view name;
    RuleKeyKind kind;
    std::vector<std::string_view> choices;  // Combo only
    int min = 0;                            // Spin only
    int max = 0;                            // Spin only
    std::string defaultValue;               // the value of the default rules, as `rules` prints it
};

// Every key `formatRules` prints, in its order, from the same table that parses them.
const std::vector<RuleKeyDescriptor>& ruleKeyDescriptors();

}  // namespace cc
