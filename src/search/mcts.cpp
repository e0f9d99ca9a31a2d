#include "search/mcts.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/game.h"
#include "core/movegen.h"
#include "search/score.h"

namespace cc {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kNoNode = UINT32_MAX;
constexpr uint32_t kLineVisits = 2;  // a line shown in `pv` and counted as depth
constexpr uint64_t kPlayoutsPerClockCheck = 16;
constexpr uint64_t kPlayoutsPerDepthCheck = 64;
constexpr Millis kReportInterval{1000};

struct Node {
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
struct HistoryEntry {
    float sum = 0;
    uint32_t count = 0;
};
using HistoryTable =
    std::array<std::array<std::array<HistoryEntry, kHoleCount>, kHoleCount>, kMaxPlayers>;

class MonteCarlo {
  public:
    MonteCarlo(const SearchContext& context, const MctsPlan& plan)
        : context_(context),
          plan_(plan),
          settings_(plan.settings),
          layout_(context.game.layout()),
          root_(context.game.position()),
          rootPlayer_(root_.mover()),
          playout_(layout_, plan.settings.playout),
          random_(context.options.seed * 0x9e3779b97f4a7c15ULL ^ root_.key() ^
                  0x6a09e667f3bcc909ULL),
          history_(std::make_unique<HistoryTable>()),
          start_(context.limits.received) {
        nodes_.reserve(std::min<size_t>(settings_.maxNodes, 1 << 16));
        nodes_.emplace_back();
        expand(0, root_);
    }

    SearchResult run();

  private:
    void iterate();
    void expand(uint32_t index, const Position& position);
    uint32_t select(uint32_t index);
    [[nodiscard]] bool repeats(const Position& next) const;
    [[nodiscard]] bool limitReached();
    [[nodiscard]] std::vector<PlayedMove> line(uint32_t child) const;
    [[nodiscard]] std::vector<uint32_t> rootOrder() const;
    [[nodiscard]] bool lineEndsGame(const std::vector<PlayedMove>& pv) const;
    [[nodiscard]] Score score(uint32_t child) const;
    void report();
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
    std::unique_ptr<HistoryTable> history_;
    std::vector<Node> nodes_;
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
        Node child;
        child.move = move;
        child.player = uint8_t(position.mover());
        nodes_.push_back(child);
    }
    Node& node = nodes_[index];
    node.expanded = true;
    node.firstChild = first;
    node.childCount = uint32_t(ordered_.size());
}

uint32_t MonteCarlo::select(uint32_t index) {
    Node& node = nodes_[index];
    const double widened =
        settings_.widenBase + settings_.widenScale * std::sqrt(double(node.visits));
    const uint32_t allowed = std::min(node.childCount, uint32_t(widened));
    if (node.tried < allowed) return node.firstChild + node.tried++;
    const double logVisits = std::log(double(std::max(1U, node.visits)));
    uint32_t best = node.firstChild;
    double bestValue = -1e300;
    for (uint32_t child = node.firstChild; child < node.firstChild + node.tried; ++child) {
        const Node& candidate = nodes_[child];
        const double visits = double(candidate.visits);
        const double mean = candidate.valueSum / visits;
        const HistoryEntry& entry =
            (*history_)[size_t(candidate.player)][candidate.move.from][candidate.move.to];
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
    nodes_[0].visits++;
    HistoryTable& history = *history_;
    for (size_t step = 1; step < path_.size(); ++step) {
        Node& node = nodes_[path_[step]];
        const float value = values[size_t(node.player)];
        node.visits++;
        node.valueSum += value;
        HistoryEntry& entry = history[size_t(node.player)][node.move.from][node.move.to];
        entry.sum += value;
        entry.count++;
    }
    for (const PlayoutMove& move : playout_.moves()) {
        HistoryEntry& entry = history[size_t(move.player)][move.from][move.to];
        entry.sum += values[size_t(move.player)];
        entry.count++;
    }
}

std::vector<PlayedMove> MonteCarlo::line(uint32_t child) const {
    std::vector<PlayedMove> pv;
    uint32_t index = child;
    while (true) {
        const Node& node = nodes_[index];
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

// The root's children, most visited first (equal visits: the better mean).
std::vector<uint32_t> MonteCarlo::rootOrder() const {
    const Node& root = nodes_[0];
    std::vector<uint32_t> order;
    for (uint32_t child = root.firstChild; child < root.firstChild + root.childCount; ++child)
        order.push_back(child);
    auto mean = [&](uint32_t index) {
        const Node& node = nodes_[index];
        return node.visits > 0 ? node.valueSum / float(node.visits) : -1.0F;
    };
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        if (nodes_[a].visits != nodes_[b].visits) return nodes_[a].visits > nodes_[b].visits;
        return mean(a) > mean(b);
    });
    return order;
}

bool MonteCarlo::lineEndsGame(const std::vector<PlayedMove>& pv) const {
    Position position = root_;
    for (const PlayedMove& played : pv) playMove(position, played.move);
    return position.over();
}

// The root player's mean value v (the share of opponents beaten) as centi-steps: the
// lead over an average opponent that the playouts' logistic curve turns into v. A move
// that wins the game outright is `mate 1`; under fair finish the others may still share
// first place in the round's last turns (protocol-spec/rules.md, fair finish), so there
// only a move that ends the game is.
Score MonteCarlo::score(uint32_t child) const {
    const Node& node = nodes_[child];
    Position next = root_;
    playMove(next, node.move);
    const bool roundGoesOn = layout_.rules().fairFinishApplies() && !next.over();
    if (next.place(rootPlayer_) == 1 && !roundGoesOn) {
        int sharing = 0;
        for (int player = 0; player < layout_.players(); ++player)
            sharing += player != rootPlayer_ && next.place(player) == 1 ? 1 : 0;
        if (sharing == 0) return Score{true, 1};
    }
    const double mean = node.visits > 0 ? node.valueSum / double(node.visits) : 0.5;
    const double clamped = std::clamp(mean, 1e-4, 1.0 - 1e-4);
    const double cp = settings_.playout.costScale * std::log(clamped / (1.0 - clamped));
    return Score{false, int(std::lround(std::clamp(cp, double(-kEvalLimit), double(kEvalLimit))))};
}

void MonteCarlo::report() {
    const std::vector<uint32_t> order = rootOrder();
    const int lines = std::min<int>(std::max(1, plan_.multiPv), int(order.size()));
    for (int pvIndex = 0; pvIndex < lines; ++pvIndex) {
        const uint32_t child = order[size_t(pvIndex)];
        if (pvIndex > 0 && nodes_[child].visits == 0) break;
        SearchReport report;
        report.pv = line(child);
        report.depth = int(order.empty() ? 0 : line(order[0]).size());
        report.seldepth = std::max(seldepth_, report.depth);
        report.multiPv = pvIndex + 1;
        report.score = score(child);
        report.nodes = playouts_;
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
    if (limits.nodes && playouts_ >= *limits.nodes) return true;
    if (playouts_ % kPlayoutsPerClockCheck == 0) {
        const Millis now = elapsed();
        const auto& budget = plan_.budget;
        const std::optional<Millis> end = budget.soft ? budget.soft : budget.hard;
        if (end && now >= *end) return true;
        if (now - lastReport_ >= kReportInterval) report();
    }
    if (playouts_ % kPlayoutsPerDepthCheck == 0) {
        const std::vector<uint32_t> order = rootOrder();
        const std::vector<PlayedMove> pv = line(order.front());
        const int depth = int(pv.size());
        if (depth > reportedDepth_) {
            reportedDepth_ = depth;
            report();
        }
        if (plan_.maxDepth && !limits.infinite &&
            (depth >= *plan_.maxDepth || treeFull_ || lineEndsGame(pv))) {
            return true;
        }
    }
    return false;
}

SearchResult MonteCarlo::run() {
    SearchResult result;
    if (nodes_[0].childCount == 0) return result;
    do {
        iterate();
    } while (!limitReached());
    report();
    result.best = nodes_[rootOrder().front()].move;
    result.nodes = playouts_;
    result.last = lastReportMade_;
    return result;
}

}  // namespace

SearchResult searchMcts(const SearchContext& context, const MctsPlan& plan) {
    MonteCarlo search(context, plan);
    return search.run();
}

}  // namespace cc
