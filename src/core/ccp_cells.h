#pragma once
// CCP's board (protocol-spec/ccp.md, Cells): the 121 holes numbered 0..120 by cube row r,
// then q, both ascending, so cell 0 is `m1`, the tip of seat 1; a board is one character
// per cell, `.` empty, `0` a piece of CCP's player 0 (seat 1), `1` one of player 1
// (seat 4). Conversions to and from ccengine's holes and position texts.

#include <optional>
#include <string>
#include <string_view>

#include "core/bitboard.h"
#include "core/position.h"
#include "util/expected.h"

namespace cc {

constexpr int kCcpCellCount = kHoleCount;

// The hole of a CCP cell id, or nothing when the id is not 0..120.
[[nodiscard]] std::optional<Hole> holeOfCcpCell(int cell);
[[nodiscard]] int ccpCellOfHole(Hole hole);

// ccengine's position text (protocol-spec/notation.md) of a CCP position: `cells` as
// above, `player` 0 or 1 to move, `ply` plies played (round ply / 2 + 1). Rejects a
// malformed board; legality of the position is the engine's to check.
[[nodiscard]] Expected<std::string> ccpPositionText(std::string_view cells, int player, int ply);

// The text above with its `done` and `places` fields filled in for the armies that stand
// finished under the layout's rules: a CCP board cannot say so, yet under fair finish
// (rules.md, fairfinish) the other player still moves once after a finish. The text is
// returned as it was when it does not read as a position (the engine then says why).
[[nodiscard]] std::string withFinishedArmies(const Layout& layout, const std::string& text);

// The CCP board of a two-player position on seats 1 and 4.
[[nodiscard]] std::string ccpCells(const Position& position);

}  // namespace cc
