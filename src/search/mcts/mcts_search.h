#pragma once
// One thread of the Monte-Carlo tree search (mcts.h): mcts_select.cpp walks down the tree,
// expands a leaf and backs up a playout's values; mcts_report.cpp reports and decides
// when to stop; mcts.cpp runs the threads.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/movegen.h"
#include "search/mcts/mcts.h"
#include "search/mcts/mcts_tree.h"
#include "search/players.h"

namespace cc::mcts {

using Clock = std::chrono::steady_clock;

// What the search threads share besides the tree: when to stop, whether the tree is
// full, and each thread's playouts so far.
struct SharedSearch {
    explicit SharedSearch(size_t threads) : playouts(threads) {}
    std::atomic<bool> done = false;
    std::atomic<bool> treeFull = false;
    std::vector<std::atomic<uint64_t>> playouts;

    [[nodiscard]] uint64_t total() const {
        uint64_t sum = 0;
        for (const auto& count : playouts) sum += count.load(std::memory_order_relaxed);
        return sum;
    }
};

// A root move with its visits and values.
struct RootLine {
    uint32_t child;  // the move's node
    uint64_t visits = 0;
    double valueSum = 0;
};

class MonteCarlo {
  public:
    MonteCarlo(const SearchContext& context, const MctsPlan& plan, MctsTree& tree, size_t thread,
               SharedSearch& shared);

    [[nodiscard]] bool hasMoves() const { return !nodes_.empty() && nodes_[0].childCount() > 0; }
    // The first thread: searches until a limit is reached, and reports.
    void runMain();
    // The other threads: search until the first one is done.
    void runHelper();
    // The choice, from the root moves' visits, once every thread has stopped.
    SearchResult finish();

  private:
    void iterate();
    // From the root down to a leaf (expanded on its second visit), each node on the way
    // counted as visited at once: another thread's selection sees the visit, valued 0
    // until the playout's value comes (a virtual loss), and spreads to other lines.
    // Leaves `position` at the leaf.
    void descend(Position& position);
    // From the end of path_ down; true when it stopped at a node this thread is to
    // expand (its state taken from leaf to expanding, its visit not yet counted).
    bool walk(Position& position);
    // Counts a node of the walk as visited at once, valued 0 until backUp adds the
    // playout's value (a virtual loss): another thread's selection sees a line being
    // played out as worse and tries another.
    void visit(uint32_t index);
    // The playout's values added along the path.
    void backUp(const PlayerValues& values);
    // The values of the path's and the playout's moves added to the progressive history
    // (without the tree's lock).
    void addToHistory(const PlayerValues& values);
    // The legal moves (at the root, the searched ones), best for the greedy rule first,
    // into ordered_. Without the lock.
    void orderChildren(bool atRoot, const Position& position);
    // ordered_ as the children of a node this thread is expanding; when the tree is full
    // the node stays a leaf.
    void addChildren(uint32_t index, const Position& position);
    uint32_t select(uint32_t index);
    // The checks after each playout of the main thread (mcts_report.cpp): whether to stop,
    // with the reports due on the way.
    [[nodiscard]] bool stopAfterPlayout();
    [[nodiscard]] bool stopRequested() const;
    [[nodiscard]] bool timeUp(Millis now) const;
    // Whether `go depth` is satisfied by the most visited line `pv`.
    [[nodiscard]] bool depthReached(const std::vector<PlayedMove>& pv) const;
    [[nodiscard]] std::vector<PlayedMove> line(uint32_t child) const;
    [[nodiscard]] std::vector<RootLine> rootLines() const;
    [[nodiscard]] bool lineEndsGame(const std::vector<PlayedMove>& pv) const;
    [[nodiscard]] Score score(const RootLine& root) const;
    void report(const std::vector<RootLine>& lines);
    [[nodiscard]] Millis elapsed() const {
        return std::chrono::duration_cast<Millis>(Clock::now() - start_);
    }

    const SearchContext& context_;
    const MctsPlan& plan_;
    const MctsSettings& settings_;
    const Layout& layout_;
    const Position& root_;
    const int rootPlayer_;
    Playout playout_;
    Random random_;
    NodeStore& nodes_;
    MctsHistory& history_;
    const size_t thread_;
    SharedSearch& shared_;
    std::vector<uint32_t> path_;
    std::vector<PlayoutMove> pathMoves_;  // the moves of path_ after the root
    std::vector<uint64_t> repetitionPath_;
    std::vector<std::pair<int64_t, Move>> ordered_;
    MoveList moves_;
    Clock::time_point start_;
    uint64_t playouts_ = 0;
    int seldepth_ = 0;
    int reportedDepth_ = 0;
    Millis lastReport_{0};
    std::optional<SearchReport> lastReportMade_;
};

}  // namespace cc::mcts
