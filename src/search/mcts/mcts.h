#pragma once
// Monte-Carlo tree search for three to six players (protocol-spec/protocol.md, option
// Method): max^n backups (every node keeps the value of the player who moved into it),
// UCT selection with progressive history (Nijssen and Winands), progressive widening
// over the moves in greedy order, and greedy playouts with a little noise that the race
// evaluation cuts short (playout.h). Several threads search one tree without a lock
// (tree parallelism with a virtual loss: a line another thread is playing out looks
// worse until its value comes). The tree is kept between `go` commands (MctsKeptTree):
// the next search starts from the subtree of the moves played since.

#include <memory>
#include <optional>
#include <vector>

#include "search/mcts/playout.h"
#include "search/search.h"

namespace cc {

struct MctsSettings {
    double exploration = 0.25;  // UCT's constant C, for values in [0, 1]
    // Progressive history's W: how much a move's playouts elsewhere count while the
    // node's own visits are few.
    double historyWeight = 3.0;
    int widenBase = 3;        // children a node considers at first
    double widenScale = 1.0;  // more children with the square root of its visits
    // The same for the nodes where an opponent of the root player moves: fewer of their
    // moves, so the tree reaches the root player's next moves (Baier and Kaisers, 2020,
    // focusing the search on the root player's own plans).
    int opponentWidenBase = 2;
    double opponentWidenScale = 0.5;
    uint32_t expandVisits = 2;          // a leaf becomes a node at this many visits
    size_t maxNodes = size_t{1} << 21;  // the tree's size limit (24 bytes a node)
    PlayoutSettings playout;
};

struct MctsPlan {
    std::vector<Move> rootMoves;
    TimeBudget budget;
    std::optional<int> maxDepth;  // `go depth`: stop once the most visited line is this long
    int multiPv = 1;
    MctsSettings settings;
};

struct MctsTree;

// The tree kept between searches; owned by the engine facade and emptied by `newgame`,
// new rules and `Clear Hash`. A search that does not find its position a few plies below
// the kept root starts the tree afresh.
class MctsKeptTree {
  public:
    MctsKeptTree();
    ~MctsKeptTree();
    MctsKeptTree(const MctsKeptTree&) = delete;
    MctsKeptTree& operator=(const MctsKeptTree&) = delete;
    MctsKeptTree(MctsKeptTree&&) = delete;
    MctsKeptTree& operator=(MctsKeptTree&&) = delete;

    void clear();
    [[nodiscard]] MctsTree& tree();

  private:
    std::unique_ptr<MctsTree> tree_;
};

SearchResult searchMcts(const SearchContext& context, const MctsPlan& plan);

}  // namespace cc
