#include "protocol/board_view.h"

#include <fmt/format.h>

#include "core/position_text.h"

namespace cc {
namespace {

// One character per hole: '.', the army's seat digit, its king as 'A'..'F', 'x' spare.
char symbolAt(const Position& position, Hole hole) {
    if (position.spares().test(hole)) return 'x';
    const Seat seat = position.seatAt(hole);
    if (seat < 0) return '.';
    return position.kings().test(hole) ? char('A' + seat) : char('1' + seat);
}

}  // namespace

std::vector<std::string> drawBoard(const Position& position) {
    const Geometry& geometry = Geometry::get();
    std::vector<std::string> lines;
    // A hole sits at x = 2q + r (protocol-spec/protocol.md, d), so x + 12 spans 0..24.
    for (int row = 17; row >= 1; --row) {
        std::string picture(25, ' ');
        Hole leftmost = kNoHole;
        Hole rightmost = kNoHole;
        for (int q = -8; q <= 8; ++q) {
            const Hole hole = geometry.holeAt(q, row - 9);
            if (hole == kNoHole) continue;
            if (leftmost == kNoHole) leftmost = hole;
            rightmost = hole;
            picture[2 * q + (row - 9) + 12] = symbolAt(position, hole);
        }
        lines.push_back(fmt::format("{:>4}  {}  {}", geometry.name(leftmost), picture,
                                    geometry.name(rightmost)));
    }
    const Layout& layout = position.layout();
    std::string armies;
    for (Seat seat : layout.armies(position.mover())) armies += fmt::format(" {}", seat + 1);
    if (position.over()) {
        lines.push_back(fmt::format("game over: {}", statusName(position.status())));
    } else {
        lines.push_back(fmt::format("to move: player {} (seat{}){}", position.mover() + 1, armies,
                                    position.bonusMove() ? ", bonus move" : ""));
    }
    lines.push_back("position " + formatPosition(position));
    return lines;
}

}  // namespace cc
