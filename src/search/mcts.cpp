#include "search/mcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/game.h"
#include "core/movegen.h"
#include "search/score.h"

namespace cc {

constexpr uint32_t kNoNode = UINT32_MAX;

struct MctsNode {
    Move move;           // the move that led here (none at the root)
    uint8_t player = 0;  // who made it (at the root: unused)
    bool expanded = false;
    uint32_t firstChild = kNoNode;
    uint32_t childCount = 0;
    uint32_t tried = 0;  // children visited so far: always the first ones, in greedy order
    uint32_t visits = 0;
    float valueSum = 0;  // the values of `player`
};

// Progressive history: how the playouts that contained a move of a player ended for
// that player, whatever the position.
struct MctsHistoryEntry {
    float sum = 0;
    uint32_t count = 0;
};
using MctsHistory =
    std::array<std::array<std::array<MctsHistoryEntry, kHoleCount>, kHoleCount>, kMaxPlayers>;

struct MctsTree {
    std::vector<MctsNode> nodes;  // nodes[0] is the root; a node's children lie together
    std::optional<Position> root;
    std::unique_ptr<MctsHistory> history = std::make_unique<MctsHistory>();
};

MctsTrees::MctsTrees() = default;
MctsTrees::~MctsTrees() = default;

void MctsTrees::clear() {
    trees_.clear();
}

void MctsTrees::resize(size_t count) {
    while (trees_.size() > count) trees_.pop_back();
    while (trees_.size() < count) trees_.push_back(std::make_unique<MctsTree>());
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
std::optional<uint32_t> findNode(const MctsTree& tree, const Position& at, uint32_t index,
                                 const Position& target, int maxPlies) {
    if (samePosition(at, target)) return index;
    const MctsNode& node = tree.nodes[index];
    // Rounds only go on: a node of a later round leads nowhere earlier.
    if (maxPlies == 0 || !node.expanded || at.over() || at.round() > target.round())
        return std::nullopt;
    std::optional<uint32_t> best;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.tried; ++child) {
        Position next = at;
        playMove(next, tree.nodes[child].move);
        const std::optional<uint32_t> found = findNode(tree, next, child, target, maxPlies - 1);
        if (found && (!best || tree.nodes[*found].visits > tree.nodes[*best].visits)) best = found;
    }
    return best;
}

// Whether the node's children are exactly the moves the search may choose from.
bool childrenAre(const MctsTree& tree, uint32_t index, const std::vector<Move>& moves) {
    const MctsNode& node = tree.nodes[index];
    if (!node.expanded || node.childCount != moves.size()) return false;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.childCount; ++child) {
        if (std::find(moves.begin(), moves.end(), tree.nodes[child].move) == moves.end())
            return false;
    }
    return true;
}

// The subtree of `index` as a tree of its own (children still together).
std::vector<MctsNode> subtree(const MctsTree& tree, uint32_t index) {
    std::vector<MctsNode> kept{tree.nodes[index]};
    std::vector<uint32_t> origin{index};
    for (size_t at = 0; at < kept.size(); ++at) {
        const MctsNode old = tree.nodes[origin[at]];
        if (!old.expanded) continue;
        kept[at].firstChild = uint32_t(kept.size());
        for (uint32_t child = old.firstChild; child < old.firstChild + old.childCount; ++child) {
            kept.push_back(tree.nodes[child]);
            origin.push_back(child);
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
    if (tree.root && !tree.nodes.empty()) found = findNode(tree, *tree.root, 0, root, maxPlies);
    std::vector<MctsNode> kept;
    if (found && childrenAre(tree, *found, rootMoves)) kept = subtree(tree, *found);
    if (kept.size() > maxNodes) kept.clear();
    tree.nodes = std::move(kept);
    tree.root = root;
    if (tree.nodes.empty()) {
        *tree.history = MctsHistory{};
        return 0;
    }
    return tree.nodes[0].visits;
}

// What the search threads share: when to stop, and each thread's playouts so far.
struct SharedSearch {
    explicit SharedSearch(size_t threads) : playouts(threads) {}
    std::atomic<bool> done = false;
    std::vector<std::atomic<uint64_t>> playouts;

    [[nodiscard]] uint64_t total() const {
        uint64_t sum = 0;
        for (const auto& count : playouts) sum += count.load(std::memory_order_relaxed);
        return sum;
    }
};

// A root move with its visits and values, added up over the trees of every thread.
struct RootLine {
    uint32_t child;  // the move's node in this thread's tree
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
          tree_(tree),
          nodes_(tree.nodes),
          history_(*tree.history),
          thread_(thread),
          shared_(shared),
          start_(context.limits.received) {
        if (nodes_.empty()) {
            nodes_.reserve(std::min<size_t>(settings_.maxNodes, 1 << 16));
            nodes_.emplace_back();
            expand(0, root_);
        }
    }

    [[nodiscard]] bool hasMoves() const { return nodes_[0].childCount > 0; }
    // The first thread: searches until a limit is reached, and reports.
    void runMain();
    // The other threads: search until the first one is done.
    void runHelper();
    // The choice, from the root moves' visits in every thread's tree.
    SearchResult finish(const std::vector<const MctsTree*>& trees);

  private:
    void iterate();
    void expand(uint32_t index, const Position& position);
    uint32_t select(uint32_t index);
    [[nodiscard]] bool repeats(const Position& next) const;
    [[nodiscard]] bool limitReached();
    [[nodiscard]] std::vector<PlayedMove> line(uint32_t child) const;
    [[nodiscard]] std::vector<RootLine> rootLines(const std::vector<const MctsTree*>& trees) const;
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
    MctsTree& tree_;
    std::vector<MctsNode>& nodes_;
    MctsHistory& history_;
    const size_t thread_;
    SharedSearch& shared_;
    std::vector<uint32_t> path_;
    std::vector<uint64_t> repetitionPath_;
    std::vector<std::pair<int64_t, Move>> ordered_;
    MoveList moves_;
    Clock::time_point start_;
    uint64_t playouts_ = 0;
    int seldepth_ = 0;
    int reportedDepth_ = 0;
    Millis lastReport_{0};
    bool treeFull_ = false;
    std::optional<SearchReport> lastReportMade_;
};

void MonteCarlo::expand(uint32_t index, const Position& position) {
    generateLegal(position, moves_);
    ordered_.clear();
    for (const Move move : moves_) {
        if (index == 0 && std::find(plan_.rootMoves.begin(), plan_.rootMoves.end(), move) ==
                              plan_.rootMoves.end()) {
            continue;
        }
        ordered_.emplace_back(playout_.greedyScore(position, move), move);
    }
    if (nodes_.size() + ordered_.size() > settings_.maxNodes) {
        treeFull_ = true;
        return;
    }
    std::stable_sort(ordered_.begin(), ordered_.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    const auto first = uint32_t(nodes_.size());
    for (const auto& [score, move] : ordered_) {
        MctsNode child;
        child.move = move;
        child.player = uint8_t(position.mover());
        nodes_.push_back(child);
    }
    MctsNode& node = nodes_[index];
    node.expanded = true;
    node.firstChild = first;
    node.childCount = uint32_t(ordered_.size());
}

uint32_t MonteCarlo::select(uint32_t index) {
    MctsNode& node = nodes_[index];
    const double widened =
        settings_.widenBase + settings_.widenScale * std::sqrt(double(node.visits));
    const uint32_t allowed = std::min(node.childCount, uint32_t(widened));
    if (node.tried < allowed) return node.firstChild + node.tried++;
    const double logVisits = std::log(double(std::max(1U, node.visits)));
    uint32_t best = node.firstChild;
    double bestValue = -1e300;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.tried; ++child) {
        const MctsNode& candidate = nodes_[child];
        const double visits = double(candidate.visits);
        const double mean = candidate.valueSum / visits;
        const MctsHistoryEntry& entry =
            history_[size_t(candidate.player)][candidate.move.from][candidate.move.to];
        const double historyMean = entry.count > 0 ? entry.sum / double(entry.count) : 0.0;
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

void MonteCarlo::iterate() {
    const bool repetition = layout_.rules().repetition > 0;
    Position position = root_;
    path_.clear();
    repetitionPath_.clear();
    path_.push_back(0);
    uint32_t index = 0;
    while (!position.over()) {
        if (!nodes_[index].expanded) {
            if (nodes_[index].visits + 1 < settings_.expandVisits || treeFull_) break;
            expand(index, position);
            if (!nodes_[index].expanded || nodes_[index].childCount == 0) break;
        }
        index = select(index);
        if (repetition) {
            const Position before = position;
            playMove(position, nodes_[index].move);
            if (!position.over() && repeats(position)) endByRepetition(position, before);
            repetitionPath_.push_back(position.repetitionKey());
        } else {
            playMove(position, nodes_[index].move);
        }
        path_.push_back(index);
    }
    const int plies = int(path_.size()) - 1;
    seldepth_ = std::max(seldepth_, plies);
    const PlayerValues values = position.over()
                                    ? playout_.values(position)
                                    : playout_.run(position, plies, rootPlayer_, random_);
    ++playouts_;
    shared_.playouts[thread_].store(playouts_, std::memory_order_relaxed);
    nodes_[0].visits++;
    MctsHistory& history = history_;
    for (size_t step = 1; step < path_.size(); ++step) {
        MctsNode& node = nodes_[path_[step]];
        const float value = values[size_t(node.player)];
        node.visits++;
        node.valueSum += value;
        MctsHistoryEntry& entry = history[size_t(node.player)][node.move.from][node.move.to];
        entry.sum += value;
        entry.count++;
    }
    for (const PlayoutMove& move : playout_.moves()) {
        MctsHistoryEntry& entry = history[size_t(move.player)][move.from][move.to];
        entry.sum += values[size_t(move.player)];
        entry.count++;
    }
}

std::vector<PlayedMove> MonteCarlo::line(uint32_t child) const {
    std::vector<PlayedMove> pv;
    uint32_t index = child;
    while (true) {
        const MctsNode& node = nodes_[index];
        pv.push_back(PlayedMove{node.move, node.player});
        if (!node.expanded || node.tried == 0) break;
        uint32_t next = node.firstChild;
        for (uint32_t other = node.firstChild; other < node.firstChild + node.tried; ++other) {
            if (nodes_[other].visits > nodes_[next].visits) next = other;
        }
        if (nodes_[next].visits < kLineVisits) break;
        index = next;
    }
    return pv;
}

// The root's moves, most visited first (equal visits: the better mean), with the
// visits and values of every tree given (this thread's first).
std::vector<RootLine> MonteCarlo::rootLines(const std::vector<const MctsTree*>& trees) const {
    const MctsNode& root = nodes_[0];
    std::vector<RootLine> lines;
    for (uint32_t child = root.firstChild; child < root.firstChild + root.childCount; ++child) {
        RootLine line{child};
        for (const MctsTree* tree : trees) {
            const MctsNode& other = tree->nodes[0];
            for (uint32_t index = other.firstChild; index < other.firstChild + other.childCount;
                 ++index) {
                const MctsNode& node = tree->nodes[index];
                if (node.move != nodes_[child].move) continue;
                line.visits += node.visits;
                line.valueSum += node.valueSum;
                break;
            }
        }
        lines.push_back(line);
    }
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
        report.hashfull = int(nodes_.size() * 1000 / settings_.maxNodes);
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
        if (now - lastReport_ >= kReportInterval) report(rootLines({&tree_}));
    }
    if (playouts_ % kPlayoutsPerDepthCheck == 0) {
        const std::vector<RootLine> lines = rootLines({&tree_});
        const std::vector<PlayedMove> pv = line(lines.front().child);
        const int depth = int(pv.size());
        if (depth > reportedDepth_) {
            reportedDepth_ = depth;
            report(lines);
        }
        if (plan_.maxDepth && !limits.infinite &&
            (depth >= *plan_.maxDepth || treeFull_ || lineEndsGame(pv))) {
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

SearchResult MonteCarlo::finish(const std::vector<const MctsTree*>& trees) {
    const std::vector<RootLine> lines = rootLines(trees);
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
    MctsTrees scratch;
    MctsTrees& trees = context.mctsTrees != nullptr ? *context.mctsTrees : scratch;
    trees.resize(threads);
    // The moves played since the last search: usually one round, more with bonus moves.
    const Position& root = context.game.position();
    const int reach = 2 * root.layout().players();
    uint64_t kept = 0;
    std::vector<const MctsTree*> all;
    for (size_t thread = 0; thread < threads; ++thread) {
        kept +=
            reuseTree(trees.tree(thread), root, plan.rootMoves, reach, plan.settings.maxNodes / 2);
        all.push_back(&trees.tree(thread));
    }
    if (context.mctsTrees != nullptr && context.callbacks.onMessage)
        context.callbacks.onMessage(fmt::format("mcts playouts kept {}", kept));

    SharedSearch shared(threads);
    std::vector<std::unique_ptr<MonteCarlo>> searches;
    for (size_t thread = 0; thread < threads; ++thread) {
        searches.push_back(
            std::make_unique<MonteCarlo>(context, plan, trees.tree(thread), thread, shared));
    }
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
    return main.finish(all);
}

}  // namespace cc
