#include "search/mcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>

#include "core/game.h"
#include "core/movegen.h"
#include "search/score.h"

namespace cc {

constexpr uint32_t kNoNode = UINT32_MAX;

// A node's fields are atomics: threads walk, widen and back up without a lock (relaxed
// loads and stores are plain moves on x86). Its children are published by `state`: a
// thread that reads `expanded` with acquire sees firstChild, childCount and the children.
enum class NodeState : uint8_t { leaf, expanding, expanded };

struct MctsNode {
    Move move;           // the move that led here (none at the root)
    uint8_t player = 0;  // who made it (at the root: unused)
    std::atomic<NodeState> state = NodeState::leaf;
    uint32_t firstChild = kNoNode;
    uint32_t childCount = 0;
    std::atomic<uint32_t> tried = 0;  // children visited so far: the first ones, in greedy order
    std::atomic<uint32_t> visits = 0;
    std::atomic<float> valueSum = 0;  // the values of `player`

    [[nodiscard]] bool expanded() const {
        return state.load(std::memory_order_acquire) == NodeState::expanded;
    }
    [[nodiscard]] uint32_t visitCount() const { return visits.load(std::memory_order_relaxed); }
    [[nodiscard]] uint32_t triedCount() const { return tried.load(std::memory_order_relaxed); }
    [[nodiscard]] float values() const { return valueSum.load(std::memory_order_relaxed); }
};

// A spin lock for sections of a few microseconds, shorter than a sleeping mutex takes to
// wake a waiting thread; it yields now and then for a machine with more threads than cores.
class SpinLock {
  public:
    void lock() {
        int spins = 0;
        while (flag_.test_and_set(std::memory_order_acquire)) {
            while (flag_.test(std::memory_order_relaxed)) {
                if (++spins % 1024 == 0) std::this_thread::yield();
            }
        }
    }
    void unlock() { flag_.clear(std::memory_order_release); }

  private:
    std::atomic_flag flag_;
};

// The tree's nodes, in blocks that never move: threads read nodes while another adds
// children. Only adding takes a lock.
class NodeStore {
  public:
    NodeStore() : blocks_(kMaxBlocks) {}

    [[nodiscard]] MctsNode& operator[](uint32_t index) const {
        return blocks_[index >> kBlockBits].load(std::memory_order_acquire)[index & kBlockMask];
    }
    [[nodiscard]] uint32_t size() const { return size_.load(std::memory_order_acquire); }
    [[nodiscard]] bool empty() const { return size() == 0; }

    // `count` new nodes together (default values), or nothing when that would take the
    // store over `limit` nodes.
    std::optional<uint32_t> add(uint32_t count, size_t limit) {
        const std::lock_guard guard(lock_);
        const uint32_t first = size_.load(std::memory_order_relaxed);
        const size_t end = size_t(first) + count;
        if (end > std::min(limit, kCapacity)) return std::nullopt;
        if (count == 0) return first;
        for (size_t block = first >> kBlockBits; block <= (end - 1) >> kBlockBits; ++block) {
            if (blocks_[block].load(std::memory_order_relaxed) != nullptr) continue;
            owned_.push_back(std::make_unique<MctsNode[]>(kBlockSize));
            blocks_[block].store(owned_.back().get(), std::memory_order_release);
        }
        size_.store(uint32_t(end), std::memory_order_release);
        return first;
    }

  private:
    static constexpr uint32_t kBlockBits = 16;
    static constexpr uint32_t kBlockSize = uint32_t{1} << kBlockBits;
    static constexpr uint32_t kBlockMask = kBlockSize - 1;
    static constexpr size_t kMaxBlocks = 256;
    static constexpr size_t kCapacity = kMaxBlocks * kBlockSize;

    std::vector<std::atomic<MctsNode*>> blocks_;  // sized once, never resized
    std::vector<std::unique_ptr<MctsNode[]>> owned_;
    std::atomic<uint32_t> size_ = 0;
    SpinLock lock_;
};

// Progressive history: how the playouts that contained a move of a player ended for
// that player, whatever the position. Threads add to it without the tree's lock and
// without read-modify-write instructions (no locked add for every move of every
// playout): two threads adding at once may lose one of the two playouts, which for a
// heuristic is no more than a playout off.
struct MctsHistoryEntry {
    std::atomic<float> sum = 0;
    std::atomic<uint32_t> count = 0;

    void add(float value) {
        sum.store(sum.load(std::memory_order_relaxed) + value, std::memory_order_relaxed);
        count.store(count.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }
    [[nodiscard]] double mean() const {
        const uint32_t seen = count.load(std::memory_order_relaxed);
        return seen > 0 ? double(sum.load(std::memory_order_relaxed)) / double(seen) : 0.0;
    }
};
using MctsHistory =
    std::array<std::array<std::array<MctsHistoryEntry, kHoleCount>, kHoleCount>, kMaxPlayers>;

struct MctsTree {
    std::unique_ptr<NodeStore> nodes = std::make_unique<NodeStore>();  // [0]: the root
    std::optional<Position> root;
    std::unique_ptr<MctsHistory> history = std::make_unique<MctsHistory>();
};

MctsKeptTree::MctsKeptTree() : tree_(std::make_unique<MctsTree>()) {}
MctsKeptTree::~MctsKeptTree() = default;

void MctsKeptTree::clear() {
    tree_ = std::make_unique<MctsTree>();
}

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kLineVisits = 2;  // a line shown in `pv` and counted as depth
constexpr uint64_t kPlayoutsPerClockCheck = 16;
constexpr uint64_t kPlayoutsPerDepthCheck = 64;
constexpr Millis kReportInterval{1000};

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
    if (!node.expanded() || node.childCount != moves.size()) return false;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.childCount; ++child) {
        if (std::find(moves.begin(), moves.end(), nodes[child].move) == moves.end()) return false;
    }
    return true;
}

void copyNode(const MctsNode& from, MctsNode& to) {
    to.move = from.move;
    to.player = from.player;
    to.state.store(from.state.load(std::memory_order_relaxed), std::memory_order_relaxed);
    to.firstChild = from.firstChild;
    to.childCount = from.childCount;
    to.tried.store(from.triedCount(), std::memory_order_relaxed);
    to.visits.store(from.visitCount(), std::memory_order_relaxed);
    to.valueSum.store(from.values(), std::memory_order_relaxed);
}

// The subtree of `index` as a tree of its own (children still together), or nothing when
// it has more than `maxNodes` nodes. Between searches: no other thread runs.
std::unique_ptr<NodeStore> subtree(const NodeStore& nodes, uint32_t index, size_t maxNodes) {
    auto kept = std::make_unique<NodeStore>();
    if (!kept->add(1, maxNodes)) return nullptr;
    copyNode(nodes[index], (*kept)[0]);
    std::vector<uint32_t> origin{index};
    for (uint32_t at = 0; at < kept->size(); ++at) {
        const MctsNode& old = nodes[origin[at]];
        if (!old.expanded()) continue;
        const std::optional<uint32_t> first = kept->add(old.childCount, maxNodes);
        if (!first) return nullptr;
        (*kept)[at].firstChild = *first;
        for (uint32_t child = 0; child < old.childCount; ++child) {
            copyNode(nodes[old.firstChild + child], (*kept)[*first + child]);
            origin.push_back(old.firstChild + child);
        }
    }
    return kept;
}

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
               SharedSearch& shared)
        : context_(context),
          plan_(plan),
          settings_(plan.settings),
          layout_(context.game.layout()),
          root_(context.game.position()),
          rootPlayer_(root_.mover()),
          playout_(layout_, plan.settings.playout),
          random_((context.options.seed + thread) * 0x9e3779b97f4a7c15ULL ^ root_.key() ^
                  0x6a09e667f3bcc909ULL),
          nodes_(*tree.nodes),
          history_(*tree.history),
          thread_(thread),
          shared_(shared),
          start_(context.limits.received) {
        if (nodes_.empty() && nodes_.add(1, settings_.maxNodes)) {
            nodes_[0].state.store(NodeState::expanding, std::memory_order_relaxed);
            orderChildren(true, root_);
            addChildren(0, root_);
        }
    }

    [[nodiscard]] bool hasMoves() const { return !nodes_.empty() && nodes_[0].childCount > 0; }
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
    [[nodiscard]] bool repeats(const Position& next) const;
    [[nodiscard]] bool limitReached();
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
        node.state.store(NodeState::leaf, std::memory_order_release);
        return;
    }
    for (uint32_t child = 0; child < ordered_.size(); ++child) {
        MctsNode& added = nodes_[*first + child];
        added.move = ordered_[child].second;
        added.player = uint8_t(position.mover());
    }
    node.firstChild = *first;
    node.childCount = uint32_t(ordered_.size());
    node.state.store(NodeState::expanded, std::memory_order_release);
}

uint32_t MonteCarlo::select(uint32_t index) {
    MctsNode& node = nodes_[index];
    const bool opponents = nodes_[node.firstChild].player != rootPlayer_;
    const uint32_t nodeVisits = node.visitCount();
    const double widened =
        opponents ? settings_.opponentWidenBase +
                        settings_.opponentWidenScale * std::sqrt(double(nodeVisits))
                  : settings_.widenBase + settings_.widenScale * std::sqrt(double(nodeVisits));
    const uint32_t allowed = std::min(node.childCount, uint32_t(widened));
    uint32_t tried = node.triedCount();
    while (tried < allowed) {
        if (node.tried.compare_exchange_weak(tried, tried + 1, std::memory_order_relaxed))
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

bool MonteCarlo::repeats(const Position& next) const {
    const uint64_t key = next.repetitionKey();
    int seen = context_.game.seen().count(key) + 1;
    for (const uint64_t earlier : repetitionPath_) seen += earlier == key ? 1 : 0;
    return seen >= layout_.rules().repetition;
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
        if (nodes_[leaf].childCount == 0) {
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
            NodeState leaf = NodeState::leaf;
            if (node.visitCount() + 1 < settings_.expandVisits ||
                shared_.treeFull.load(std::memory_order_relaxed) ||
                !node.state.compare_exchange_strong(leaf, NodeState::expanding,
                                                    std::memory_order_acquire)) {
                break;
            }
            return true;
        }
        if (node.childCount == 0) break;
        const uint32_t child = select(index);
        visit(index);
        index = child;
        if (repetition) {
            const Position before = position;
            playMove(position, nodes_[index].move);
            if (!position.over() && repeats(position)) endByRepetition(position, before);
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
        node.valueSum.fetch_add(values[size_t(node.player)], std::memory_order_relaxed);
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

std::vector<PlayedMove> MonteCarlo::line(uint32_t child) const {
    std::vector<PlayedMove> pv;
    uint32_t index = child;
    while (true) {
        const MctsNode& node = nodes_[index];
        pv.push_back(PlayedMove{node.move, node.player});
        const uint32_t tried = node.expanded() ? node.triedCount() : 0;
        if (tried == 0) break;
        uint32_t next = node.firstChild;
        for (uint32_t other = node.firstChild; other < node.firstChild + tried; ++other) {
            if (nodes_[other].visitCount() > nodes_[next].visitCount()) next = other;
        }
        if (nodes_[next].visitCount() < kLineVisits) break;
        index = next;
    }
    return pv;
}

// The root's moves, most visited first (equal visits: the better mean).
std::vector<RootLine> MonteCarlo::rootLines() const {
    const MctsNode& root = nodes_[0];
    std::vector<RootLine> lines;
    for (uint32_t child = root.firstChild; child < root.firstChild + root.childCount; ++child)
        lines.push_back(RootLine{child, nodes_[child].visitCount(), nodes_[child].values()});
    auto mean = [](const RootLine& line) {
        return line.visits > 0 ? line.valueSum / double(line.visits) : -1.0;
    };
    std::stable_sort(lines.begin(), lines.end(), [&](const RootLine& a, const RootLine& b) {
        if (a.visits != b.visits) return a.visits > b.visits;
        return mean(a) > mean(b);
    });
    return lines;
}

bool MonteCarlo::lineEndsGame(const std::vector<PlayedMove>& pv) const {
    Position position = root_;
    for (const PlayedMove& played : pv) playMove(position, played.move);
    return position.over();
}

// The root player's mean value v (playout.h: the share of opponents beaten, or the
// chance of first place) as centi-steps: the lead that the playouts' logistic curve
// turns into v. A move
// that wins the game outright is `mate 1`; under fair finish the others may still share
// first place in the round's last turns (protocol-spec/rules.md, fair finish), so there
// only a move that ends the game is.
Score MonteCarlo::score(const RootLine& root) const {
    Position next = root_;
    playMove(next, nodes_[root.child].move);
    const bool roundGoesOn = layout_.rules().fairFinishApplies() && !next.over();
    if (next.place(rootPlayer_) == 1 && !roundGoesOn) {
        int sharing = 0;
        for (int player = 0; player < layout_.players(); ++player)
            sharing += player != rootPlayer_ && next.place(player) == 1 ? 1 : 0;
        if (sharing == 0) return Score{true, 1};
    }
    const double mean = root.visits > 0 ? root.valueSum / double(root.visits) : 0.5;
    const double clamped = std::clamp(mean, 1e-4, 1.0 - 1e-4);
    const double cp = settings_.playout.costScale * std::log(clamped / (1.0 - clamped));
    return Score{false, int(std::lround(std::clamp(cp, double(-kEvalLimit), double(kEvalLimit))))};
}

void MonteCarlo::report(const std::vector<RootLine>& lines) {
    const int shown = std::min<int>(std::max(1, plan_.multiPv), int(lines.size()));
    const int depth = lines.empty() ? 0 : int(line(lines[0].child).size());
    for (int pvIndex = 0; pvIndex < shown; ++pvIndex) {
        const RootLine& root = lines[size_t(pvIndex)];
        if (pvIndex > 0 && root.visits == 0) break;
        SearchReport report;
        report.pv = line(root.child);
        report.depth = depth;
        report.seldepth = std::max(seldepth_, report.depth);
        report.multiPv = pvIndex + 1;
        report.score = score(root);
        report.nodes = shared_.total();
        report.time = elapsed();
        report.hashfull = int(size_t{nodes_.size()} * 1000 / settings_.maxNodes);
        if (pvIndex == 0) lastReportMade_ = report;
        if (context_.callbacks.onReport) context_.callbacks.onReport(report);
    }
    lastReport_ = elapsed();
}

bool MonteCarlo::limitReached() {
    if (context_.stop.load(std::memory_order_relaxed)) return true;
    const SearchLimits& limits = context_.limits;
    if (limits.nodes && shared_.total() >= *limits.nodes) return true;
    if (playouts_ % kPlayoutsPerClockCheck == 0) {
        const Millis now = elapsed();
        const auto& budget = plan_.budget;
        const std::optional<Millis> end = budget.soft ? budget.soft : budget.hard;
        if (end && now >= *end) return true;
        if (now - lastReport_ >= kReportInterval) report(rootLines());
    }
    if (playouts_ % kPlayoutsPerDepthCheck == 0) {
        const std::vector<RootLine> lines = rootLines();
        const std::vector<PlayedMove> pv = line(lines.front().child);
        const int depth = int(pv.size());
        if (depth > reportedDepth_) {
            reportedDepth_ = depth;
            report(lines);
        }
        if (plan_.maxDepth && !limits.infinite &&
            (depth >= *plan_.maxDepth || shared_.treeFull.load(std::memory_order_relaxed) ||
             lineEndsGame(pv))) {
            return true;
        }
    }
    return false;
}

void MonteCarlo::runMain() {
    do {
        iterate();
    } while (!limitReached());
}

void MonteCarlo::runHelper() {
    // `go nodes` counts every thread's playouts: a helper checks it too, so that the
    // total stays within a playout a thread of the limit however the threads are run.
    const std::optional<uint64_t> nodes = context_.limits.nodes;
    while (!shared_.done.load(std::memory_order_relaxed) &&
           !context_.stop.load(std::memory_order_relaxed) &&
           !(nodes && shared_.total() >= *nodes)) {
        iterate();
    }
}

SearchResult MonteCarlo::finish() {
    const std::vector<RootLine> lines = rootLines();
    report(lines);
    SearchResult result;
    result.best = nodes_[lines.front().child].move;
    result.nodes = shared_.total();
    result.last = lastReportMade_;
    return result;
}

}  // namespace

SearchResult searchMcts(const SearchContext& context, const MctsPlan& plan) {
    const auto threads = size_t(std::max(1, context.options.threads));
    MctsKeptTree scratch;
    MctsTree& tree = (context.mctsTree != nullptr ? *context.mctsTree : scratch).tree();
    // The moves played since the last search: usually one round, more with bonus moves.
    const Position& root = context.game.position();
    const int reach = 2 * root.layout().players();
    const uint64_t kept = reuseTree(tree, root, plan.rootMoves, reach, plan.settings.maxNodes / 2);
    if (context.mctsTree != nullptr && context.callbacks.onMessage)
        context.callbacks.onMessage(fmt::format("mcts playouts kept {}", kept));

    SharedSearch shared(threads);
    std::vector<std::unique_ptr<MonteCarlo>> searches;
    for (size_t thread = 0; thread < threads; ++thread)
        searches.push_back(std::make_unique<MonteCarlo>(context, plan, tree, thread, shared));
    MonteCarlo& main = *searches.front();
    if (!main.hasMoves()) return {};
    context.threads.run(int(threads), [&](int index, ThreadMemory&) {
        if (index != 0) {
            searches[size_t(index)]->runHelper();
            return;
        }
        // The helpers end with the main search, however it ends.
        try {
            main.runMain();
        } catch (...) {
            shared.done = true;
            throw;
        }
        shared.done = true;
    });
    return main.finish();
}

}  // namespace cc
