#pragma once
// Whether an `info` line is well formed (protocol-spec/match.md, "Compliance"): known
// keys with numbers, `score cp N` or `score mate N`, and a pv of moves that are legal
// one after the other from the searched position.

#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"
#include "util/expected.h"

namespace cc::match {

// What is wrong with the line, or nothing.
Expected<void> checkInfoLine(const Game& searched, std::string_view line);

}  // namespace cc::match
