// Tree reuse between searches (mcts.h, MctsKeptTree): the next search starts from the
// subtree of the position reached since.

#include "search/mcts/mcts_reuse.h"

#include <algorithm>

#include "core/movegen.h"

namespace cc {

MctsKeptTree::MctsKeptTree() = default;
MctsKeptTree::~MctsKeptTree() = default;

// The tree and its history take 0.7 MB before the first node: they are made when a
// search first needs them, so a new game or new rules cost nothing until then.
void MctsKeptTree::clear() {
    tree_.reset();
}

MctsTree& MctsKeptTree::tree() {
    if (!tree_) tree_ = std::make_unique<MctsTree>();
    return *tree_;
}

namespace {

bool samePosition(const Position& a, const Position& b) {
    return a.key() == b.key() && a.round() == b.round() && a.quietMoves() == b.quietMoves() &&
           a.passes() == b.passes();
}

// The most visited node of `target` at most `maxPlies` below the tree's root, through
// the children already tried.
std::optional<uint32_t> findNode(const NodeStore& nodes, const Position& at, uint32_t index,
                                 const Position& target, int maxPlies) {
    if (samePosition(at, target)) return index;
    const MctsNode& node = nodes[index];
    // Rounds only go on: a node of a later round leads nowhere earlier.
    if (maxPlies == 0 || !node.expanded() || at.over() || at.round() > target.round())
        return std::nullopt;
    std::optional<uint32_t> best;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.triedCount(); ++child) {
        Position next = at;
        playMove(next, nodes[child].move);
        const std::optional<uint32_t> found = findNode(nodes, next, child, target, maxPlies - 1);
        if (found && (!best || nodes[*found].visitCount() > nodes[*best].visitCount()))
            best = found;
    }
    return best;
}

// Whether the node's children are exactly the moves the search may choose from.
bool childrenAre(const NodeStore& nodes, uint32_t index, const std::vector<Move>& moves) {
    const MctsNode& node = nodes[index];
    if (!node.expanded() || node.childCount() != moves.size()) return false;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.childCount(); ++child) {
        if (std::find(moves.begin(), moves.end(), nodes[child].move) == moves.end()) return false;
    }
    return true;
}

// The subtree of `index` as a tree of its own (children still together), or nothing when
// it has more than `maxNodes` nodes. Between searches: no other thread runs.
std::unique_ptr<NodeStore> subtree(const NodeStore& nodes, uint32_t index, size_t maxNodes) {
    auto kept = std::make_unique<NodeStore>();
    if (!kept->add(1, maxNodes)) return nullptr;
    (*kept)[0].copyFrom(nodes[index]);
    std::vector<uint32_t> origin{index};
    for (uint32_t at = 0; at < kept->size(); ++at) {
        const MctsNode& old = nodes[origin[at]];
        if (!old.expanded()) continue;
        const std::optional<uint32_t> first = kept->add(old.childCount(), maxNodes);
        if (!first) return nullptr;
        (*kept)[at].firstChild = *first;
        for (uint32_t child = 0; child < old.childCount(); ++child) {
            (*kept)[*first + child].copyFrom(nodes[old.firstChild + child]);
            origin.push_back(old.firstChild + child);
        }
    }
    return kept;
}

}  // namespace

// Makes the tree's root `root`: the subtree of that position when the kept tree has it
// within `maxPlies` of its root (with the same root moves, and at most `maxNodes`
// nodes), else nothing. Returns the playouts kept at the new root.
uint32_t reuseTree(MctsTree& tree, const Position& root, const std::vector<Move>& rootMoves,
                   int maxPlies, size_t maxNodes) {
    std::optional<uint32_t> found;
    if (tree.root && !tree.nodes->empty())
        found = findNode(*tree.nodes, *tree.root, 0, root, maxPlies);
    std::unique_ptr<NodeStore> kept;
    if (found && childrenAre(*tree.nodes, *found, rootMoves))
        kept = subtree(*tree.nodes, *found, maxNodes);
    tree.nodes = kept ? std::move(kept) : std::make_unique<NodeStore>();
    tree.root = root;
    if (tree.nodes->empty()) {
        tree.history = std::make_unique<MctsHistory>();
        return 0;
    }
    return (*tree.nodes)[0].visitCount();
}

}  // namespace cc
