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

}  // namespace cc
