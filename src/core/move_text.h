#pragma once
// Move text (protocol-spec/notation.md): landing paths joined by '-', a trailing '*'
// for swaps, `pass`, `resign`; holes as names or numeric indices.

#include <string>
#include <string_view>

#include "core/move.h"
#include "core/position.h"
#include "util/expected.h"

namespace cc {

enum class HoleNotation { Name, Index };

// The legal move the text names in this position, or why there is none.
Expected<Move> parseMove(const Position& position, std::string_view text);
// The move's fewest-hop path, as `legal` prints it.
std::string formatMove(const Position& position, Move move, HoleNotation notation);
std::string formatHole(Hole hole, HoleNotation notation);

}  // namespace cc
