#pragma once
// The alpha-beta search threads' insides (alphabeta.h is the entry point): what the
// threads share and one thread's worker. alphabeta_node.cpp searches a node,
// alphabeta_frontier.cpp the last ply, alphabeta.cpp the root and the deepening loop.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <optional>
#include <vector>

#include "search/alphabeta/alphabeta.h"
#include "search/alphabeta/busy_children.h"
#include "search/alphabeta/move_picker.h"
#include "search/eval/eval.h"
#include "search/score.h"
#include "search/threads.h"
#include "search/tt.h"
#include "util/random.h"

namespace cc::alphabeta {

using Clock = std::chrono::steady_clock;

constexpr uint64_t kNodesPerCheck = 1024;
// Nodes this deep and deeper share their children between threads; below, a child is
// too cheap to be worth the bookkeeping.
constexpr int kSharedDepth = 3;

// The best place the player to move can still take. Under fair finish everyone who
// finishes in the round of the first finish shares first place (protocol-spec/rules.md
// §8.3), so it stays first while the game goes on.
inline int bestReachablePlace(const Position& position) {
    if (position.layout().rules().fairFinishApplies()) return 1;
    return position.finishedCount() + 1;
}

// What every search thread shares.
struct Shared {
    const SearchContext& context;
    const AlphaBetaPlan& plan;
    const Layout& layout;
    Evaluator evaluator;
    int root;
    int target;  // the best place the root player can still take
    bool bestReply;
    bool repetition;
    // Late moves may be reduced: two players take turns ply by ply, so two plies less
    // keep whose move ends the search. Best reply alternates too, but is left unreduced
    // until a match measures it there.
    bool reduceLateMoves;
    uint64_t salt;  // keeps table entries of differently rooted N-player trees apart
    Clock::time_point start;
    int threads;
    std::atomic<bool> abort{false};
    std::atomic<uint64_t> nodes{0};
    BusyChildren busy;

    Shared(const SearchContext& searchContext, const AlphaBetaPlan& searchPlan)
        : context(searchContext),
          plan(searchPlan),
          layout(searchContext.game.layout()),
          evaluator(layout, searchContext.game.position()),
          root(searchContext.game.position().mover()),
          target(bestReachablePlace(searchContext.game.position())),
          bestReply(layout.players() > 2 &&
                    searchContext.options.method == MultiPlayerMethod::BestReply),
          repetition(layout.rules().repetition > 0),
          reduceLateMoves(layout.players() == 2),
          salt(layout.players() > 2 ? (kSplitMixGamma * uint64_t(root + 1)) ^
                                          (bestReply ? 0x5bd1e995ULL : 0) ^ uint64_t(target) << 40
                                    : 0),
          start(searchContext.limits.received),
          threads(std::max(1, searchContext.options.threads)) {}

    [[nodiscard]] Millis elapsed() const {
        return std::chrono::duration_cast<Millis>(Clock::now() - start);
    }
    [[nodiscard]] bool aborted() const { return abort.load(std::memory_order_relaxed); }
    // The children of a node this deep are shared between threads, or not (nullptr).
    [[nodiscard]] BusyChildren* busyAt(int depth) {
        return threads > 1 && depth >= kSharedDepth ? &busy : nullptr;
    }
};

struct RootMove {
    Move move;
    int score = -kInfinity;
    int previousScore = -kInfinity;
    int seldepth = 0;
    std::vector<PlayedMove> pv;
};

// A node's best value so far, its bounds and its best move.
struct NodeBest {
    int alpha;
    int beta;
    int originalAlpha;
    int best = -kInfinity;
    std::optional<Move> move;
    bool aborted = false;  // the search stopped inside a child: the node's value means nothing

    NodeBest(int nodeAlpha, int nodeBeta)
        : alpha(nodeAlpha), beta(nodeBeta), originalAlpha(nodeAlpha) {}
    [[nodiscard]] Bound bound() const {
        return best >= beta ? Bound::Lower : best > originalAlpha ? Bound::Exact : Bound::Upper;
    }
};

class Worker {
  public:
    Worker(Shared& shared, int index, ThreadMemory& memory);

    // Iterative deepening; the main worker (index 0) reports, plans time and stops the
    // others.
    void iterate();

    [[nodiscard]] const std::vector<RootMove>& rootMoves() const { return rootMoves_; }
    [[nodiscard]] const std::optional<SearchReport>& lastReport() const { return lastReport_; }
    [[nodiscard]] int completedDepth() const { return completedDepth_; }

  private:
    // The root and the deepening loop (alphabeta.cpp).
    void aspirate(int depth, int pvIndex);
    int searchRoot(int depth, int alpha, int beta, int pvIndex);
    Visit visitRootMove(size_t index, bool mayPutOff, int depth, int pvIndex, int& alpha, int beta,
                        int& best);
    void orderRootByGain();
    void report(int depth, int pvIndex, Bound bound);

    // A node (alphabeta_node.cpp).
    int search(const Position& position, int alpha, int beta, int depth, int ply, bool pvNode);
    // The table's value when its entry settles the node; its move in any case.
    std::optional<int> probe(uint64_t key, int depth, int ply, bool pvNode, const NodeBest& node,
                             std::optional<Move>& tableMove) const;
    Visit visitChild(const Position& position, const ScoredMove& current, bool mayPutOff, int depth,
                     int ply, bool pvNode, NodeBest& node, size_t& searched);
    // The value of a child after the first: a zero window, reduced for a late move, then
    // the full window where it lands inside.
    int searchLater(const Position& position, const Position& next, const ScoredMove& current,
                    size_t index, int depth, int ply, bool pvNode, const NodeBest& node);
    // Takes a child's value; true on a cut-off.
    bool improve(const Position& position, const ScoredMove& current, int value, int depth, int ply,
                 bool pvNode, NodeBest& node);
    void store(uint64_t key, const NodeBest& node, int depth, int ply) const {
        s_.context.table.store(key, scoreToTable(node.best, ply), depth, node.bound(), node.move);
    }
    // The child's value from the parent's side, whether or not the side changes.
    int child(const Position& parent, const Position& next, int alpha, int beta, int depth, int ply,
              bool pvNode) {
        const bool sameSide = (next.mover() == s_.root) == (parent.mover() == s_.root);
        return sameSide ? search(next, alpha, beta, depth, ply + 1, pvNode)
                        : -search(next, -beta, -alpha, depth, ply + 1, pvNode);
    }
    // The position after `move` of `player`, as this search sees it: best-reply search
    // hands the turn straight back to the root player.
    Position play(const Position& position, const ScoredMove& move) const;
    // Marks `next` ended by repetition when it repeats, and enters it in the path.
    void enterChild(Position& next, const Position& parent, bool mayRepeat);
    void leaveChild() {
        if (s_.repetition) path_.pop_back();
    }
    [[nodiscard]] std::optional<int> terminal(const Position& position, int ply) const;
    // Fair finish: someone has finished, so the game ends with this round.
    [[nodiscard]] bool lastRound(const Position& position) const {
        return s_.layout.rules().fairFinishApplies() && position.finishedCount() > 0;
    }
    // Whether the root player still moves in this round (the round starts with the
    // first player in turn order).
    [[nodiscard]] bool rootMovesInRound(const Position& position) const {
        return s_.layout.turnIndex(s_.root) >= s_.layout.turnIndex(position.mover());
    }
    void generate(const Position& position, int ply, std::optional<Move> tableMove);
    [[nodiscard]] int gain(const Position& position, int player, Move move) const;
    void countNode() { countNodes(1); }
    void countNodes(uint64_t count) {
        nodes_ += count;
        unflushed_ += count;
        if (unflushed_ >= kNodesPerCheck) flushNodes();
    }
    void flushNodes();
    // Killers and history: the move that refuted this node is tried early elsewhere.
    void rewardCutoff(const Position& position, const ScoredMove& move, int depth, int ply);
    void updatePv(int ply, const ScoredMove& move);

    // The last ply (alphabeta_frontier.cpp): children whose move can end nothing are
    // evaluated from the parent's costs without being played.
    int frontier(const Position& position, int alpha, int beta, int ply, bool pvNode, uint64_t key);
    [[nodiscard]] bool quietLeaf(const Position& position, const ScoredMove& move) const;
    [[nodiscard]] int nextMover(const Position& position, int player) const;

    Shared& s_;
    int index_;
    uint64_t nodes_ = 0;
    uint64_t unflushed_ = 0;
    int seldepth_ = 0;
    int completedDepth_ = 0;
    MoveHistory& history_;  // kept between the searches of a game
    Killers killers_;
    // The thread's lists (threads.h, PlyMoveLists), kept between searches.
    std::vector<std::vector<ScoredMove>>& movesAt_;   // kMaxPly lists
    std::vector<std::vector<ScoredMove>>& putOffAt_;  // busy elsewhere: later
    std::vector<size_t> rootPutOff_;
    std::array<std::array<PlayedMove, kMaxPly>, kMaxPly> pvTable_{};
    std::array<int, kMaxPly> pvLength_{};
    std::vector<uint64_t> path_;  // repetition keys below the root
    std::vector<RootMove> rootMoves_;
    std::optional<SearchReport> lastReport_;
    // Each reported line's value at the last completed depth (score.h, shownValue).
    std::vector<int> valuesAtDepthBefore_;
};

}  // namespace cc::alphabeta
