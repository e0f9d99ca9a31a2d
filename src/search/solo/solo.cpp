#include "search/solo/solo.h"

#include <algorithm>
#include <utility>

#include "core/movegen.h"
#include "search/players.h"
#include "util/random.h"

namespace cc {
namespace {

using Clock = std::chrono::steady_clock;

// A narrow beam first, so that even a short think has a transfer to follow; then the
// widths where the cost below finds the optimum, and wider while time remains.
constexpr size_t kQuickWidth = 256;
constexpr size_t kFirstWidth = 2048;
constexpr size_t kMaxWidth = size_t{1} << 16;
constexpr int kVariants = 4;
constexpr int kMaxMoves = 200;
// Without a clock the search spends this much on widening, then plays its plan.
constexpr Millis kUntimedBudget{2000};

// How far a hole lies from the goal along the board's axis towards the goal tip, in
// rows: sideways moves cost nothing here, which is what a hop ladder exploits.
struct RowDistance {
    std::array<std::array<int, kHoleCount>, kSeatCount> rows{};
    RowDistance() {
        const Geometry& geometry = Geometry::get();
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            const Cube tip = geometry.cube(geometry.tip(Geometry::opposite(seat)));
            for (Hole hole = 0; hole < kHoleCount; ++hole) {
                const Cube at = geometry.cube(hole);
                // The tip has one coordinate at +-8: the axis towards it.
                int along = 0;
                if (std::abs(tip.q) == 8) along = tip.q > 0 ? 8 - at.q : 8 + at.q;
                if (std::abs(tip.r) == 8) along = tip.r > 0 ? 8 - at.r : 8 + at.r;
                if (std::abs(tip.s()) == 8) along = tip.s() > 0 ? 8 - at.s() : 8 + at.s();
                rows[seat][hole] = along;
            }
        }
    }
};

const RowDistance& rowDistance() {
    static const RowDistance table;
    return table;
}

struct Candidate {
    uint32_t parent;
    Move move;
    int cost;
    uint64_t key;
};

// How many candidates a beam orders or keeps between two looks at the clock and the
// stop flag (a position's expansion looks once per position): a stop is answered within
// milliseconds even in a beam of a million candidates.
constexpr uint32_t kCandidatesPerCheck = 4096;

// The keys of the positions a beam has kept: open addressing in one array, so that a
// beam given up at a stop is freed at once (a node-based set frees its nodes one by
// one: tens of milliseconds for the hundred thousands of positions of a wide beam).
class KeySet {
  public:
    // False when the key is in the set already. Key 0 marks an empty slot: the one
    // position in 2^64 with that key counts as new every time.
    bool insert(uint64_t key) {
        if (key == 0) return true;
        if ((size_ + 1) * 2 > slots_.size()) grow();
        for (size_t at = key & (slots_.size() - 1);; at = (at + 1) & (slots_.size() - 1)) {
            if (slots_[at] == key) return false;
            if (slots_[at] == 0) {
                slots_[at] = key;
                ++size_;
                return true;
            }
        }
    }

  private:
    void grow() {
        std::vector<uint64_t> old(std::max<size_t>(1024, slots_.size() * 2));
        old.swap(slots_);
        size_ = 0;
        for (const uint64_t key : old) {
            if (key != 0) insert(key);
        }
    }

    std::vector<uint64_t> slots_;  // a power of two of them, at most half used
    size_t size_ = 0;
};

class Beam {
  public:
    Beam(const SearchContext& context, const TimeBudget& budget)
        : context_(context), budget_(budget), start_(context.limits.received) {}

    // The shortest transfer this width finds, no longer than `bound` moves (empty: none).
    std::vector<Move> run(size_t width, int bound, int variant);
    [[nodiscard]] bool outOfTime() const {
        if (context_.stop.load(std::memory_order_relaxed)) return true;
        if (context_.limits.nodes && nodes_ >= *context_.limits.nodes) return true;
        return budget_.hard && elapsed() >= *budget_.hard;
    }
    [[nodiscard]] Millis elapsed() const {
        return std::chrono::duration_cast<Millis>(Clock::now() - start_);
    }
    [[nodiscard]] uint64_t nodes() const { return nodes_; }

  private:
    [[nodiscard]] int cost(const Position& position, int variant, uint64_t noise) const;
    // The candidates' indices, cheapest first; `costCounts` holds how many there are of
    // each cost. False when the time is out or a stop came first.
    [[nodiscard]] bool orderByCost(const std::vector<Candidate>& candidates,
                                   std::vector<uint32_t>& costCounts,
                                   std::vector<uint32_t>& order) const;
    [[nodiscard]] static int outsideGoal(const Position& position);

    const SearchContext& context_;
    TimeBudget budget_;
    Clock::time_point start_;
    uint64_t nodes_ = 0;
};

int Beam::outsideGoal(const Position& position) {
    const Layout& layout = position.layout();
    int outside = 0;
    for (Seat seat : layout.armies(0))
        outside += (position.army(seat) & ~layout.goal(seat)).count();
    return outside;
}

int Beam::cost(const Position& position, int variant, uint64_t noise) const {
    const Layout& layout = position.layout();
    const auto& rows = rowDistance().rows;
    int total = 0;
    int worst = 0;
    int squares = 0;
    for (Seat seat : layout.armies(0)) {
        for (Hole hole : position.army(seat)) {
            const int along = rows[seat][hole];
            total += along;
            squares += along * along;
            worst = std::max(worst, along);
        }
    }
    // Rows still to go, and the last piece's rows weighed once more (a straggler
    // ends the ladder the others hop along). Measured on the standard start: the first
    // variant finds the 27-move optimum with a width of 2048.
    constexpr int kWorstWeight[] = {64, 96, 32};
    const int spread = variant < 3 ? worst * kWorstWeight[variant] : squares * 12;
    return total * 64 + spread + int(noise & 7);
}

bool Beam::orderByCost(const std::vector<Candidate>& candidates, std::vector<uint32_t>& costCounts,
                       std::vector<uint32_t>& order) const {
    // A counting sort: linear, stable (parent order among equal costs), and it can stop
    // between any two candidates, where a comparison sort of a wide beam's million
    // candidates keeps a stop waiting for a tenth of a second.
    uint32_t firstPlace = 0;
    for (uint32_t& count : costCounts) firstPlace += std::exchange(count, firstPlace);
    order.resize(candidates.size());
    for (uint32_t index = 0; index < candidates.size(); ++index) {
        if (index % kCandidatesPerCheck == 0 && outOfTime()) return false;
        order[costCounts[size_t(candidates[index].cost)]++] = index;
    }
    return true;
}

std::vector<Move> Beam::run(size_t width, int bound, int variant) {
    const Position& root = context_.game.position();
    std::vector<Position> level{root};
    std::vector<std::vector<std::pair<uint32_t, Move>>> parents;
    std::vector<Candidate> candidates;
    std::vector<uint32_t> costCounts;
    std::vector<uint32_t> byCost;
    KeySet seen;
    seen.insert(root.key());
    Random random(streamSeed(context_.options.seed, (uint64_t(variant) << 32) | width));
    MoveList moves;
    for (int depth = 1; depth <= std::min(bound, kMaxMoves); ++depth) {
        candidates.clear();
        costCounts.assign(costCounts.size(), 0);
        for (uint32_t index = 0; index < level.size(); ++index) {
            if (outOfTime()) return {};
            generateLegal(level[index], moves);
            for (const Move move : moves) {
                Position next = level[index];
                playMove(next, move);
                ++nodes_;
                if (next.over()) {
                    // Finished: rebuild the line through the parents.
                    std::vector<Move> line{move};
                    uint32_t at = index;
                    for (int back = int(parents.size()) - 1; back >= 0; --back) {
                        line.push_back(parents[size_t(back)][at].second);
                        at = parents[size_t(back)][at].first;
                    }
                    std::reverse(line.begin(), line.end());
                    return line;
                }
                // Each piece outside the goal needs a move of its own.
                if (depth + outsideGoal(next) >= bound) continue;
                const int nextCost = cost(next, variant, random.next());
                if (size_t(nextCost) >= costCounts.size()) costCounts.resize(size_t(nextCost) + 1);
                ++costCounts[size_t(nextCost)];
                candidates.push_back(Candidate{index, move, nextCost, next.key()});
            }
        }
        if (!orderByCost(candidates, costCounts, byCost)) return {};
        std::vector<Position> nextLevel;
        std::vector<std::pair<uint32_t, Move>> links;
        for (uint32_t rank = 0; rank < byCost.size() && nextLevel.size() < width; ++rank) {
            if (rank % kCandidatesPerCheck == 0 && outOfTime()) return {};
            const Candidate& candidate = candidates[byCost[rank]];
            if (!seen.insert(candidate.key)) continue;
            Position next = level[candidate.parent];
            playMove(next, candidate.move);
            nextLevel.push_back(next);
            links.emplace_back(candidate.parent, candidate.move);
        }
        if (nextLevel.empty()) return {};
        level.swap(nextLevel);
        parents.push_back(std::move(links));
    }
    return {};
}

// A transfer of n moves: depth n, mate in n, the whole transfer as its line.
SearchReport transferReport(const std::vector<Move>& transfer, const Beam& beam) {
    SearchReport report{
        .depth = int(transfer.size()),
        .seldepth = int(transfer.size()),
        .multiPv = 1,
        .score = Score{true, int(transfer.size())},
        .bound = Bound::Exact,
        .nodes = beam.nodes(),
        .time = beam.elapsed(),
        .hashfull = 0,
        .pv = {},
    };
    for (const Move move : transfer) report.pv.push_back(PlayedMove{move, 0});
    return report;
}

}  // namespace

std::optional<size_t> SoloPlan::find(const Position& position) const {
    const auto found = std::find(keys_.begin(), keys_.end(), position.key());
    if (found == keys_.end()) return std::nullopt;
    return size_t(found - keys_.begin());
}

std::optional<Move> SoloPlan::next(const Position& position) const {
    const std::optional<size_t> at = find(position);
    if (!at) return std::nullopt;
    return moves_[*at];
}

int SoloPlan::remaining(const Position& position) const {
    const std::optional<size_t> at = find(position);
    return at ? int(moves_.size() - *at) : 0;
}

std::vector<PlayedMove> SoloPlan::line(const Position& position) const {
    std::vector<PlayedMove> line;
    const std::optional<size_t> at = find(position);
    if (!at) return line;
    for (size_t index = *at; index < moves_.size(); ++index)
        line.push_back(PlayedMove{moves_[index], 0});
    return line;
}

void SoloPlan::set(const Position& start, const std::vector<Move>& moves) {
    keys_.clear();
    moves_ = moves;
    Position at = start;
    for (const Move move : moves) {
        keys_.push_back(at.key());
        playMove(at, move);
    }
}

SearchResult solveSolo(const SearchContext& context, SoloPlan& plan, const TimeBudget& budget) {
    const Position& root = context.game.position();
    TimeBudget effective = budget;
    const bool untimed = !budget.hard && !context.limits.infinite;
    if (untimed) effective = TimeBudget{kUntimedBudget, kUntimedBudget};
    Beam beam(context, effective);
    std::vector<Move> best;
    if (plan.next(root)) {
        // Following the plan: the search only tries to shorten what is left of it.
        for (const PlayedMove& step : plan.line(root)) best.push_back(step.move);
    }
    int variant = 0;
    for (size_t width = kQuickWidth; width <= kMaxWidth && !beam.outOfTime();
         width = width == kQuickWidth ? kFirstWidth : width * 2) {
        const int variants = width == kQuickWidth ? 1 : kVariants;
        for (variant = 0; variant < variants && !beam.outOfTime(); ++variant) {
            const int bound = best.empty() ? kMaxMoves + 1 : int(best.size());
            std::vector<Move> line = beam.run(width, bound, variant);
            if (line.empty() || (!best.empty() && line.size() >= best.size())) continue;
            best = std::move(line);
            const SearchReport report = transferReport(best, beam);
            if (context.callbacks.onReport) context.callbacks.onReport(report);
        }
        // The soft limit: a wider beam takes about twice as long again.
        if (effective.soft && beam.elapsed() * 3 >= *effective.soft) break;
    }
    SearchResult result;
    result.nodes = beam.nodes();
    if (best.empty()) {
        // No transfer found in the time: the greedy step keeps the game moving.
        MoveList moves;
        generateLegal(root, moves);
        result.best = greedyMove(root, moves, context.options.seed);
        return result;
    }
    plan.set(root, best);
    result.best = best.front();
    result.last = transferReport(best, beam);
    return result;
}

}  // namespace cc
