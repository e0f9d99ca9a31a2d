#pragma once
// Score units and the mate range. Values are centi-steps (eval.h) from the side to
// move; a proven finish is kMate minus the plies to it, so nearer finishes score higher.

#include <vector>

#include "search/search.h"

namespace cc {

constexpr int kMaxPly = 128;
constexpr int kMate = 30000;
constexpr int kMateBound = kMate - kMaxPly;  // at or beyond: a proven result
constexpr int kInfinity = 32000;
constexpr int kEvalLimit = 28000;  // heuristic values stay below the mate range
constexpr int kSharedWin = 10000;  // first place shared with some (not all) others
// Finished first in the last round of fair finish, and nobody else is a move from it.
constexpr int kLikelySoleWin = 15000;

// Mate scores are stored relative to the node, so they stay right wherever the entry
// is found again.
constexpr int scoreToTable(int score, int ply) {
    return score >= kMateBound ? score + ply : score <= -kMateBound ? score - ply : score;
}
constexpr int scoreFromTable(int score, int ply) {
    return score >= kMateBound ? score - ply : score <= -kMateBound ? score + ply : score;
}

// The score shown for a line at a completed depth: the mean of its value there and at the
// depth before, one search ending on each side's move. A race evaluation favours whoever
// moved last by about a move's progress, so a single depth's value swings with the
// parity of the depth (protocol-spec/protocol.md, score stability); the mean does not.
// Proven results, shared and likely wins, and the first depth are shown as they are.
constexpr int shownValue(int value, int valueAtDepthBefore) {
    const auto heuristic = [](int v) { return v > -kSharedWin && v < kSharedWin; };
    return heuristic(value) && heuristic(valueAtDepthBefore) ? (value + valueAtDepthBefore) / 2
                                                             : value;
}

// The protocol's score: centi-steps, or the root player's own turns to the proven end
// (protocol-spec/protocol.md, info): counted along the line, and for the part the line
// does not show, every second ply taken as the root player's.
inline Score reportedScore(int value, const std::vector<PlayedMove>& pv, int rootPlayer) {
    if (value > -kMateBound && value < kMateBound) return Score{false, value};
    const int plies = kMate - (value > 0 ? value : -value);
    int own = 0;
    int index = 0;
    for (; index < plies && index < int(pv.size()); ++index)
        own += pv[size_t(index)].player == rootPlayer ? 1 : 0;
    if (index < plies) own += (plies - index + 1) / 2;
    if (value > 0) return Score{true, own > 0 ? own : 1};
    return Score{true, -own};
}

}  // namespace cc
