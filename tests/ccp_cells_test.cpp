// CCP's cell ids (protocol-spec/ccp.md, Cells): the hole of each id against CCERL's
// numbering (cube row r, then q, both ascending), an arm at a time, and CCP boards
// turned into position texts and back.

#include "core/ccp_cells.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/layout.h"
#include "core/position_text.h"
#include "core/rules_text.h"

namespace cc {
namespace {

std::set<int> cellsOfArm(Seat seat) {
    std::set<int> cells;
    for (Hole hole : Geometry::get().arm(seat)) cells.insert(ccpCellOfHole(hole));
    return cells;
}

// The cell ids of each arm as CCERL's board numbers them (its arms 0..5 are r < -4,
// q > 4, s < -4, r > 4, q < -4, s > 4).
TEST(CcpCells, EachArmHoldsCcerlsCellIds) {
    EXPECT_EQ(cellsOfArm(0), (std::set<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    EXPECT_EQ(cellsOfArm(1), (std::set<int>{10, 11, 12, 13, 23, 24, 25, 35, 36, 46}));
    EXPECT_EQ(cellsOfArm(2), (std::set<int>{65, 75, 76, 86, 87, 88, 98, 99, 100, 101}));
    EXPECT_EQ(cellsOfArm(3), (std::set<int>{111, 112, 113, 114, 115, 116, 117, 118, 119, 120}));
    EXPECT_EQ(cellsOfArm(4), (std::set<int>{74, 84, 85, 95, 96, 97, 107, 108, 109, 110}));
    EXPECT_EQ(cellsOfArm(5), (std::set<int>{19, 20, 21, 22, 32, 33, 34, 44, 45, 55}));
}

TEST(CcpCells, NamedHoles) {
    const Geometry& geometry = Geometry::get();
    const std::vector<std::pair<int, std::string>> named = {
        {0, "m1"},  {1, "l2"},  {2, "m2"},    {9, "m4"},    {10, "e5"},
        {22, "q5"}, {60, "i9"}, {110, "m13"}, {111, "e14"}, {120, "e17"}};
    for (const auto& [cell, name] : named) {
        ASSERT_TRUE(holeOfCcpCell(cell).has_value());
        EXPECT_EQ(geometry.name(*holeOfCcpCell(cell)), name) << "cell " << cell;
    }
    EXPECT_FALSE(holeOfCcpCell(-1).has_value());
    EXPECT_FALSE(holeOfCcpCell(121).has_value());
    for (int cell = 0; cell < kCcpCellCount; ++cell)
        EXPECT_EQ(ccpCellOfHole(*holeOfCcpCell(cell)), cell);
}

TEST(CcpCells, BoardsReadAndPrint) {
    // CCERL's start: player 0 on cells 0..9, player 1 on 111..120.
    const std::string start = std::string(10, '0') + std::string(101, '.') + std::string(10, '1');
    const Expected<std::string> text = ccpPositionText(start, 0, 0);
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(
        *text,
        "4/44/444/4444/............./............/.........../........../........./"
        "........../.........../............/............./1111/111/11/1 1 1 0 0 - - playing");
    const Expected<Rules> rules = applyRuleWords(Rules{}, {"preset=ccerl"});
    ASSERT_TRUE(rules.ok());
    const Layout layout(*rules);
    const Expected<Position> position = parsePosition(layout, *text);
    ASSERT_TRUE(position.ok()) << position.error();
    EXPECT_EQ(ccpCells(*position), start);
    // Player 1 to move at ply 73: round 37, mover 2.
    const Expected<std::string> later = ccpPositionText(start, 1, 73);
    ASSERT_TRUE(later.ok());
    EXPECT_EQ(later->substr(later->size() - 21), " 2 37 0 0 - - playing");
}

TEST(CcpCells, MalformedBoardsAreRefused) {
    const std::string start = std::string(10, '0') + std::string(101, '.') + std::string(10, '1');
    EXPECT_EQ(ccpPositionText(start.substr(1), 0, 0).error(),
              "cells needs 121 characters, got 120");
    std::string bad = start;
    bad[50] = '2';
    EXPECT_EQ(ccpPositionText(bad, 0, 0).error(), "cell 50: unexpected '2' (use . 0 1)");
    EXPECT_EQ(ccpPositionText(start, 2, 0).error(), "player must be 0 or 1");
}

}  // namespace
}  // namespace cc
