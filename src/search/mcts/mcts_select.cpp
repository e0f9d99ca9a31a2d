// One playout of the Monte-Carlo tree search: down the tree by UCT with progressive
// history and widening, a leaf expanded, the playout, and its values backed up.

#include <algorithm>
#include <cmath>

#include "core/game.h"
#include "search/mcts/mcts_search.h"
#include "search/repetition.h"

namespace cc::mcts {

void MonteCarlo::orderChildren(bool atRoot, const Position& position) {
    generateLegal(position, moves_);
    ordered_.clear();
    for (const Move move : moves_) {
        if (atRoot && std::find(plan_.rootMoves.begin(), plan_.rootMoves.end(), move) ==
                          plan_.rootMoves.end()) {
            continue;
        }
        ordered_.emplace_back(playout_.greedyScore(position, move), move);
    }
    std::stable_sort(ordered_.begin(), ordered_.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
}

void MonteCarlo::addChildren(uint32_t index, const Position& position) {
    MctsNode& node = nodes_[index];
    const std::optional<uint32_t> first = nodes_.add(uint32_t(ordered_.size()), settings_.maxNodes);
    if (!first) {
        shared_.treeFull.store(true, std::memory_order_relaxed);
        node.setShape(NodeState::leaf, 0);
        return;
    }
    for (uint32_t child = 0; child < ordered_.size(); ++child) {
        MctsNode& added = nodes_[*first + child];
        added.move = ordered_[child].second;
        added.player = uint8_t(position.mover());
    }
    node.firstChild = *first;
    node.setShape(NodeState::expanded, uint32_t(ordered_.size()));
}

uint32_t MonteCarlo::select(uint32_t index) {
    MctsNode& node = nodes_[index];
    const bool opponents = nodes_[node.firstChild].player != rootPlayer_;
    const uint32_t nodeVisits = node.visitCount();
    const double widened =
        opponents ? settings_.opponentWidenBase +
                        settings_.opponentWidenScale * std::sqrt(double(nodeVisits))
                  : settings_.widenBase + settings_.widenScale * std::sqrt(double(nodeVisits));
    const uint32_t allowed = std::min(node.childCount(), uint32_t(widened));
    uint16_t tried = node.tried.load(std::memory_order_relaxed);
    while (tried < allowed) {
        if (node.tried.compare_exchange_weak(tried, uint16_t(tried + 1), std::memory_order_relaxed))
            return node.firstChild + tried;
    }
    const double logVisits = std::log(double(std::max(1U, nodeVisits)));
    uint32_t best = node.firstChild;
    double bestValue = -1e300;
    for (uint32_t child = node.firstChild; child < node.firstChild + tried; ++child) {
        const MctsNode& candidate = nodes_[child];
        // Another thread may have tried the child without counting its visit yet.
        const double visits = double(std::max(1U, candidate.visitCount()));
        const double mean = candidate.values() / visits;
        const double historyMean =
            history_[size_t(candidate.player)][candidate.move.from][candidate.move.to].mean();
        const double value = mean + settings_.exploration * std::sqrt(logVisits / visits) +
                             settings_.historyWeight * historyMean / ((1.0 - mean) * visits + 1.0);
        if (value > bestValue) {
            bestValue = value;
            best = child;
        }
    }
    return best;
}

void MonteCarlo::descend(Position& position) {
    path_.clear();
    pathMoves_.clear();
    repetitionPath_.clear();
    path_.push_back(0);
    while (walk(position)) {
        const uint32_t leaf = path_.back();
        orderChildren(leaf == 0, position);
        addChildren(leaf, position);
        if (nodes_[leaf].childCount() == 0) {
            visit(leaf);
            return;
        }
    }
}

bool MonteCarlo::walk(Position& position) {
    const bool repetition = layout_.rules().repetition > 0;
    uint32_t index = path_.back();
    while (!position.over()) {
        MctsNode& node = nodes_[index];
        if (!node.expanded()) {
            // A leaf another thread is expanding is played out as a leaf.
            if (node.visitCount() + 1 < settings_.expandVisits ||
                shared_.treeFull.load(std::memory_order_relaxed) || !node.startExpanding()) {
                break;
            }
            return true;
        }
        if (node.childCount() == 0) break;
        const uint32_t child = select(index);
        visit(index);
        index = child;
        if (repetition) {
            const Position before = position;
            playMove(position, nodes_[index].move);
            if (!position.over() && repeats(position, context_.game, repetitionPath_))
                endByRepetition(position, before);
            repetitionPath_.push_back(position.repetitionKey());
        } else {
            playMove(position, nodes_[index].move);
        }
        path_.push_back(index);
        const MctsNode& next = nodes_[index];
        pathMoves_.push_back(
            PlayoutMove{uint8_t(next.move.from), uint8_t(next.move.to), next.player});
    }
    visit(index);
    return false;
}

void MonteCarlo::visit(uint32_t index) {
    nodes_[index].visits.fetch_add(1, std::memory_order_relaxed);
}

void MonteCarlo::backUp(const PlayerValues& values) {
    for (size_t step = 1; step < path_.size(); ++step) {
        MctsNode& node = nodes_[path_[step]];
        node.addValue(values[size_t(node.player)]);
    }
}

void MonteCarlo::addToHistory(const PlayerValues& values) {
    for (const PlayoutMove& move : pathMoves_)
        history_[size_t(move.player)][move.from][move.to].add(values[size_t(move.player)]);
    for (const PlayoutMove& move : playout_.moves())
        history_[size_t(move.player)][move.from][move.to].add(values[size_t(move.player)]);
}

void MonteCarlo::iterate() {
    Position position = root_;
    descend(position);
    const int plies = int(path_.size()) - 1;
    seldepth_ = std::max(seldepth_, plies);
    const PlayerValues values = position.over()
                                    ? playout_.values(position)
                                    : playout_.run(position, plies, rootPlayer_, random_);
    ++playouts_;
    shared_.playouts[thread_].store(playouts_, std::memory_order_relaxed);
    addToHistory(values);
    backUp(values);
}

}  // namespace cc::mcts
