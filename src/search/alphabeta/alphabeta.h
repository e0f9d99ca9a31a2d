#pragma once
// Iterative-deepening principal-variation alpha-beta for two to six players: exact
// minimax with two players; best-reply search (Schadd and Winands 2011: the root player
// against the single strongest reply of all its opponents together) or paranoid (every
// opponent in turn order against the root player) with more. Bonus moves keep the same
// player to move, so nothing assumes that turns alternate.

#include <vector>

#include "search/search.h"

namespace cc {

struct AlphaBetaPlan {
    std::vector<Move> rootMoves;
    TimeBudget budget;
    int maxDepth = 0;
    int multiPv = 1;        // lines searched
    int reportedLines = 1;  // lines reported (a strength limit searches more)
    int noise = 0;          // cp of random noise added to the lines' scores when choosing
};

SearchResult searchAlphaBeta(const SearchContext& context, const AlphaBetaPlan& plan);

}  // namespace cc
