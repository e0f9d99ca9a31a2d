#pragma once
// Monte-Carlo tree search for three to six players (protocol-spec/protocol.md, option
// Method): max^n backups (every node keeps the value of the player who moved into it),
// UCT selection with progressive history (Nijssen and Winands), progressive widening
// over the moves in greedy order, and greedy playouts with a little noise that the race
// evaluation cuts short (playout.h). One thread, one tree per `go`.

#include <optional>
#include <vector>

#include "search/playout.h"
#include "search/search.h"

namespace cc {

struct MctsSettings {
    double exploration = 0.25;          // UCT's constant C, for values in [0, 1]
    double historyWeight = 3.0;         // progressive history's W
    int widenBase = 3;                  // children a node considers at first
    double widenScale = 1.0;            // more children with the square root of its visits
    uint32_t expandVisits = 2;          // a leaf becomes a node at this many visits
    size_t maxNodes = size_t{1} << 21;  // the tree's size limit (about 28 bytes a node)
    PlayoutSettings playout;
};

struct MctsPlan {
    std::vector<Move> rootMoves;
    TimeBudget budget;
    std::optional<int> maxDepth;  // `go depth`: stop once the most visited line is this long
    int multiPv = 1;
    MctsSettings settings;
};

SearchResult searchMcts(const SearchContext& context, const MctsPlan& plan);

}  // namespace cc
