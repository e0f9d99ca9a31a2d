// What the Monte-Carlo tree search shows (lines, scores, depth) and when it stops.

#include <algorithm>
#include <cmath>

#include "search/mcts/mcts_search.h"
#include "search/score.h"

namespace cc::mcts {
namespace {

constexpr uint32_t kLineVisits = 2;  // a line shown in `pv` and counted as depth
constexpr uint64_t kPlayoutsPerClockCheck = 16;
constexpr uint64_t kPlayoutsPerDepthCheck = 64;
constexpr Millis kReportInterval{1000};

}  // namespace

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
    for (uint32_t child = root.firstChild; child < root.firstChild + root.childCount(); ++child)
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

bool MonteCarlo::stopRequested() const {
    if (context_.stop.load(std::memory_order_relaxed)) return true;
    const std::optional<uint64_t> nodes = context_.limits.nodes;
    return nodes && shared_.total() >= *nodes;
}

bool MonteCarlo::timeUp(Millis now) const {
    const auto& budget = plan_.budget;
    const std::optional<Millis> end = budget.soft ? budget.soft : budget.hard;
    return end && now >= *end;
}

bool MonteCarlo::depthReached(const std::vector<PlayedMove>& pv) const {
    return plan_.maxDepth && !context_.limits.infinite &&
           (int(pv.size()) >= *plan_.maxDepth || shared_.treeFull.load(std::memory_order_relaxed) ||
            lineEndsGame(pv));
}

bool MonteCarlo::stopAfterPlayout() {
    if (stopRequested()) return true;
    if (playouts_ % kPlayoutsPerClockCheck == 0) {
        const Millis now = elapsed();
        if (timeUp(now)) return true;
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
        if (depthReached(pv)) return true;
    }
    return false;
}

}  // namespace cc::mcts
