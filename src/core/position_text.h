#pragma once
// The compact position text (protocol-spec/notation.md): parse with returned errors,
// and print. Parsing checks that the position can occur under the rules.

#include <string>
#include <string_view>

#include "core/position.h"
#include "util/expected.h"

namespace cc {

Expected<Position> parsePosition(const Layout& layout, std::string_view text);
std::string formatPosition(const Position& position);

std::string_view statusName(GameStatus status);

}  // namespace cc
