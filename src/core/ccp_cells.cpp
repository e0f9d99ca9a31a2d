#include "core/ccp_cells.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

#include "core/finish.h"
#include "core/geometry.h"
#include "core/layout.h"
#include "core/position_text.h"
#include "util/text.h"

namespace cc {
namespace {

constexpr int kRows = 17;
constexpr Seat kPlayerZeroSeat = 0;  // CCP's player 0 starts on seat 1 (rows 1-4)
constexpr Seat kPlayerOneSeat = 3;   // and player 1 on seat 4 (rows 14-17)

struct CellTable {
    std::array<Hole, kCcpCellCount> holeOfCell{};
    std::array<int, kHoleCount> cellOfHole{};

    CellTable() {
        const Geometry& geometry = Geometry::get();
        std::array<Hole, kHoleCount> holes{};
        for (Hole hole = 0; hole < kHoleCount; ++hole) holes[hole] = hole;
        std::sort(holes.begin(), holes.end(), [&](Hole a, Hole b) {
            const Cube x = geometry.cube(a);
            const Cube y = geometry.cube(b);
            return x.r != y.r ? x.r < y.r : x.q < y.q;
        });
        for (int cell = 0; cell < kCcpCellCount; ++cell) {
            holeOfCell[cell] = holes[cell];
            cellOfHole[holes[cell]] = cell;
        }
    }
};

const CellTable& cellTable() {
    static const CellTable table;
    return table;
}

}  // namespace

std::optional<Hole> holeOfCcpCell(int cell) {
    if (cell < 0 || cell >= kCcpCellCount) return std::nullopt;
    return cellTable().holeOfCell[cell];
}

int ccpCellOfHole(Hole hole) {
    return cellTable().cellOfHole[hole];
}

Expected<std::string> ccpPositionText(std::string_view cells, int player, int ply) {
    if (cells.size() != size_t(kCcpCellCount)) {
        return Error{fmt::format("cells needs {} characters, got {}", kCcpCellCount, cells.size())};
    }
    if (player != 0 && player != 1) return Error{fmt::format("player must be 0 or 1")};
    if (ply < 0) return Error{fmt::format("ply must be 0 or more")};
    const Geometry& geometry = Geometry::get();
    std::array<char, kHoleCount> symbols{};
    for (int cell = 0; cell < kCcpCellCount; ++cell) {
        const char symbol = cells[size_t(cell)];
        if (symbol != '.' && symbol != '0' && symbol != '1') {
            return Error{fmt::format("cell {}: unexpected '{}' (use . 0 1)", cell,
                                     excerpt(cells.substr(size_t(cell), 1)))};
        }
        symbols[cellTable().holeOfCell[cell]] = symbol == '.'   ? '.'
                                                : symbol == '0' ? char('1' + kPlayerZeroSeat)
                                                                : char('1' + kPlayerOneSeat);
    }
    std::string board;
    for (int row = kRows; row >= 1; --row) {
        if (row != kRows) board += '/';
        for (int q = -8; q <= 8; ++q) {
            const Hole hole = geometry.holeAt(q, row - 9);
            if (hole != kNoHole) board += symbols[hole];
        }
    }
    return fmt::format("{} {} {} 0 0 - - playing", board, player + 1, ply / 2 + 1);
}

std::string withFinishedArmies(const Layout& layout, const std::string& text) {
    constexpr std::string_view kOpen = " - - playing";
    if (text.size() < kOpen.size() ||
        text.compare(text.size() - kOpen.size(), kOpen.size(), kOpen) != 0)
        return text;
    const std::string stem = text.substr(0, text.size() - kOpen.size());
    // Read as a finished game (every player placed), the board is taken without the check
    // that a finished army is listed as done, so each army's finish can be asked of it.
    std::vector<int> everyPlace(size_t(layout.players()));
    for (size_t player = 0; player < everyPlace.size(); ++player)
        everyPlace[player] = int(player) + 1;
    const Expected<Position> probe =
        parsePosition(layout, fmt::format("{} - {} finish", stem, fmt::join(everyPlace, ",")));
    if (!probe) return text;
    std::vector<std::string> done;
    std::vector<int> places(size_t(layout.players()), 0);
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (!layout.seatUsed(seat) || !armyMeetsFinish(*probe, seat)) continue;
        done.push_back(std::to_string(seat + 1));
        places[size_t(layout.owner(seat))] = 1;
    }
    if (done.empty()) return text;
    return fmt::format("{} {} {} playing", stem, join(done, ""), fmt::join(places, ","));
}

std::string ccpCells(const Position& position) {
    std::string cells(size_t(kCcpCellCount), '.');
    for (int cell = 0; cell < kCcpCellCount; ++cell) {
        const Seat seat = position.seatAt(cellTable().holeOfCell[cell]);
        if (seat == kPlayerZeroSeat) cells[size_t(cell)] = '0';
        if (seat == kPlayerOneSeat) cells[size_t(cell)] = '1';
    }
    return cells;
}

}  // namespace cc
