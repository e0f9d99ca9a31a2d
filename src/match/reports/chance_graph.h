#pragma once
// The report's win-chance graph of each game (protocol-spec/match.md, "Report"): from the
// move comments of its record, at two players one line, player 1's chance of winning (a
// draw counted half); at three to six one line a player, its chance of first place; in
// inline SVG with axes, a legend and each player's seat colour.

#include <string>
#include <vector>

#include "match/records/game_record.h"

namespace cc::match {

struct GameChances {
    int game = 0;
    std::vector<std::string> engines;  // per player
    std::vector<std::string> seats;    // per player ("1", "1+4"): the colour is the first seat's
    int plies = 0;                     // the game's moves after the opening
    std::vector<int> pointPlies;       // the ply of each point (a move whose report had chances)
    std::vector<std::vector<double>> lines;  // per line, per point: per mille
};

// The chances of a record's moves; no points when its comments have none (or, at two
// players, when its moves cannot be replayed to tell who made each).
GameChances gameChances(const GameRecord& record);

// A section for the report: every game's graph with points (at most kMostChanceGraphs,
// the first by game number), and how many games had none.
inline constexpr size_t kMostChanceGraphs = 200;
std::string chanceGraphsHtml(std::vector<GameChances> games);

}  // namespace cc::match
