#pragma once
// Shared helpers for the hand-checked rule tests (tests/rules_*_test.cpp).
//
// Positions are written as a list of (symbol, holes) groups, e.g.
//   {{"1", "m1 l2 m2"}, {"4", "e17"}, {"4k", "i9"}, {"1'", "h14"}, {"x", "..."}}
// and turned into the position text of protocol-spec/notation.md (17 rows from row 17
// down, each row left to right), which is then parsed by parsePosition, so every test
// position also goes through the engine's own position checks.
//
// Board reminder (cube q = column - 'i', r = row - 9; neighbours of a hole: same row
// left/right, same column up/down, and the diagonal "column+1,row-1" / "column-1,row+1"):
//
//   arm 1 (south, seat 1):      m1 l2 m2 k3 l3 m3 j4 k4 l4 m4
//   arm 2 (south-west, seat 2): e5 f5 g5 h5 e6 f6 g6 e7 f7 e8
//   arm 3 (north-west, seat 3): a13 b13 c13 d13 b12 c12 d12 c11 d11 d10
//   arm 4 (north, seat 4):      e17 e16 f16 e15 f15 g15 e14 f14 g14 h14
//   arm 5 (north-east, seat 5): j13 k13 l13 m13 k12 l12 m12 l11 m11 m10
//   arm 6 (south-east, seat 6): n5 o5 p5 q5 n6 o6 p6 n7 o7 n8

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/geometry.h"
#include "core/layout.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"

namespace cc::rulestest {

inline const char* const kArm[7] = {
    "",
    "m1 l2 m2 k3 l3 m3 j4 k4 l4 m4",
    "e5 f5 g5 h5 e6 f6 g6 e7 f7 e8",
    "a13 b13 c13 d13 b12 c12 d12 c11 d11 d10",
    "e17 e16 f16 e15 f15 g15 e14 f14 g14 h14",
    "j13 k13 l13 m13 k12 l12 m12 l11 m11 m10",
    "n5 o5 p5 q5 n6 o6 p6 n7 o7 n8",
};

inline std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string current;
    for (char c : text) {
        if (c == ' ') {
            if (!current.empty()) out.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) out.push_back(current);
    return out;
}

// The holes of a seat's arm (1-based seat) without the ones listed in `except`.
inline std::string armExcept(int seat, const std::string& except = "") {
    const std::vector<std::string> skip = words(except);
    std::string out;
    for (const std::string& hole : words(kArm[seat])) {
        bool skipped = false;
        for (const std::string& other : skip) skipped = skipped || other == hole;
        if (!skipped) out += hole + " ";
    }
    for (const std::string& other : skip) {
        if ((" " + std::string(kArm[seat]) + " ").find(" " + other + " ") == std::string::npos) {
            ADD_FAILURE() << other << " is not in arm " << seat;
        }
    }
    return out;
}

inline Hole H(const std::string& name) {
    const std::optional<Hole> hole = Geometry::get().parseHole(name);
    if (!hole) {
        ADD_FAILURE() << "not a hole: " << name;
        return 0;
    }
    return *hole;
}

inline std::string N(Hole hole) {
    return Geometry::get().name(hole);
}

// Rules from key=value words on top of the default (standard, 2 players).
inline std::shared_ptr<const Layout> layoutOf(const std::string& ruleWords) {
    const std::vector<std::string> owned = words(ruleWords);
    std::vector<std::string_view> views(owned.begin(), owned.end());
    Expected<Rules> rules = applyRuleWords(Rules{}, views);
    if (!rules.ok()) {
        ADD_FAILURE() << "rules '" << ruleWords << "': " << rules.error();
        return Layout::make(Rules{});
    }
    return Layout::make(*rules);
}

using Pieces = std::vector<std::pair<std::string, std::string>>;

// The board field of the position text.
inline std::string boardText(const Pieces& pieces) {
    const Geometry& geometry = Geometry::get();
    std::map<Hole, std::string> at;
    for (const auto& [symbol, holes] : pieces) {
        for (const std::string& name : words(holes)) {
            const Hole hole = H(name);
            if (at.count(hole) != 0) ADD_FAILURE() << "hole given twice: " << name;
            at[hole] = symbol;
        }
    }
    std::string text;
    for (int row = 17; row >= 1; --row) {
        if (row != 17) text += '/';
        for (int q = -8; q <= 8; ++q) {
            const Hole hole = geometry.holeAt(q, row - 9);
            if (hole == kNoHole) continue;
            const auto found = at.find(hole);
            text += found == at.end() ? "." : found->second;
        }
    }
    return text;
}

// A game (layout + position + history) from rules and a position. `tail` holds the
// seven fields after the board: mover round quiet passes done places status.
inline Game makeGame(const std::string& ruleWords, const Pieces& pieces,
                     const std::string& tail = "1 1 0 0 - - playing") {
    std::shared_ptr<const Layout> layout = layoutOf(ruleWords);
    const std::string text = boardText(pieces) + " " + tail;
    Expected<Position> position = parsePosition(*layout, text);
    if (!position.ok()) {
        ADD_FAILURE() << "position '" << text << "': " << position.error();
        return Game(layout, Position::start(*layout));
    }
    return Game(layout, *position);
}

inline Game startGame(const std::string& ruleWords) {
    std::shared_ptr<const Layout> layout = layoutOf(ruleWords);
    return Game(layout, Position::start(*layout));
}

// Every legal move as `legal` prints it (fewest-hop path, '*' for swaps).
inline std::set<std::string> legal(const Position& position) {
    MoveList moves;
    generateLegal(position, moves);
    std::set<std::string> out;
    for (const Move move : moves) out.insert(formatMove(position, move, HoleNotation::Name));
    return out;
}

// Destinations of the piece on `from`: "k9" for a normal move, "k9*" for a swap.
inline std::set<std::string> targets(const Position& position, const std::string& from) {
    MoveList moves;
    generateLegal(position, moves);
    std::set<std::string> out;
    const Hole origin = H(from);
    for (const Move move : moves) {
        if (!move.isPieceMove() || move.from != origin) continue;
        out.insert(N(move.to) + (move.kind == MoveKind::Swap ? "*" : ""));
    }
    return out;
}

inline std::set<std::string> S(const std::string& text) {
    const std::vector<std::string> list = words(text);
    return {list.begin(), list.end()};
}

// Holes whose pieces have at least one legal move.
inline std::set<std::string> movers(const Position& position) {
    MoveList moves;
    generateLegal(position, moves);
    std::set<std::string> out;
    for (const Move move : moves) {
        if (move.isPieceMove()) out.insert(N(move.from));
    }
    return out;
}

inline bool isLegal(const Position& position, const std::string& text) {
    return parseMove(position, text).ok();
}

// Plays a legal move given as text; a failure is reported and the game left unchanged.
inline bool play(Game& game, const std::string& text) {
    Expected<Move> move = parseMove(game.position(), text);
    if (!move.ok()) {
        ADD_FAILURE() << "move '" << text << "' rejected in " << formatPosition(game.position())
                      << ": " << move.error();
        return false;
    }
    game.play(*move);
    return true;
}

// Field `index` (0 = board ... 7 = status) of the position text.
inline std::string field(const Position& position, int index) {
    const std::vector<std::string> parts = words(formatPosition(position));
    return index < int(parts.size()) ? parts[index] : std::string();
}
inline std::string mover(const Position& p) {
    return field(p, 1);
}
inline std::string done(const Position& p) {
    return field(p, 5);
}
inline std::string places(const Position& p) {
    return field(p, 6);
}
inline std::string status(const Position& p) {
    return field(p, 7);
}
// The seven fields after the board.
inline std::string tail(const Position& position) {
    const std::string text = formatPosition(position);
    return text.substr(text.find(' ') + 1);
}
// The symbol on a hole in the board field ("." / "1" / "4k" / "1'" / "x").
inline std::string at(const Position& position, const std::string& name) {
    const Hole hole = H(name);
    if (position.spares().test(hole)) return "x";
    const Seat seat = position.seatAt(hole);
    if (seat < 0) return ".";
    std::string out(1, char('1' + seat));
    if (position.kings().test(hole)) out += 'k';
    if (position.bonusEarned().test(hole)) out += '\'';
    return out;
}

}  // namespace cc::rulestest
