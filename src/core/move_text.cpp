#include "core/move_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/movegen.h"
#include "util/text.h"

namespace cc {

std::string formatHole(Hole hole, HoleNotation notation) {
    return notation == HoleNotation::Index ? std::to_string(hole) : Geometry::get().name(hole);
}

std::string formatMove(const Position& position, Move move, HoleNotation notation) {
    if (move.kind == MoveKind::Pass) return "pass";
    if (move.kind == MoveKind::Resign) return "resign";
    std::vector<std::string> holes;
    for (Hole hole : shortestPath(position, move)) holes.push_back(formatHole(hole, notation));
    return join(holes, "-") + (move.kind == MoveKind::Swap ? "*" : "");
}

Expected<Move> parseMove(const Position& position, std::string_view text) {
    if (position.over()) return Error{fmt::format("move '{}': the game is over", excerpt(text))};
    if (text == "resign") return Move::resign();
    MoveList legal;
    generateLegal(position, legal);
    if (text == "pass") {
        if (legal.size() == 1 && legal[0].kind == MoveKind::Pass) return Move::pass();
        return Error{"pass is legal only when the player has no other move"};
    }
    const bool swapMarked = !text.empty() && text.back() == '*';
    const std::string_view body = swapMarked ? text.substr(0, text.size() - 1) : text;
    std::vector<Hole> path;
    for (std::string_view part : split(body, '-')) {
        const std::optional<Hole> hole = Geometry::get().parseHole(part);
        if (!hole) {
            return Error{
                fmt::format("move '{}': '{}' is not a hole (a name like i9, or an index 0..120)",
                            excerpt(text), excerpt(part))};
        }
        path.push_back(*hole);
    }
    if (path.size() < 2) {
        return Error{
            fmt::format("move '{}': expected holes joined by '-', pass or resign", excerpt(text))};
    }
    const auto found = std::find_if(legal.begin(), legal.end(), [&](Move move) {
        return move.isPieceMove() && move.from == path.front() && move.to == path.back();
    });
    if (found == legal.end()) return Error{fmt::format("illegal move '{}'", excerpt(text))};
    if (swapMarked && found->kind != MoveKind::Swap) {
        return Error{fmt::format("move '{}' is not a swap", excerpt(text))};
    }
    if (path.size() > 2 && !isHopChain(position, path, found->kind == MoveKind::Swap)) {
        return Error{
            fmt::format("move '{}': that path is not a legal chain of hops", excerpt(text))};
    }
    return *found;
}

}  // namespace cc
