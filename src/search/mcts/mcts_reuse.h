#pragma once
// Tree reuse between searches (mcts.h, MctsKeptTree).

#include <cstdint>
#include <vector>

#include "search/mcts/mcts.h"
#include "search/mcts/mcts_tree.h"

namespace cc {

// Makes the tree's root `root`: the subtree of that position when the kept tree has it
// within `maxPlies` of its root (with the same root moves, and at most `maxNodes`
// nodes), else nothing. Returns the playouts kept at the new root.
uint32_t reuseTree(MctsTree& tree, const Position& root, const std::vector<Move>& rootMoves,
                   int maxPlies, size_t maxNodes);

}  // namespace cc
