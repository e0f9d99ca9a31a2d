// Alpha-beta's root and deepening loop: every thread deepens with aspiration windows,
// the main thread reports and plans time, and the threads' vote gives the move.

#include "search/alphabeta/alphabeta.h"

#include <memory>

#include "search/alphabeta/alphabeta_worker.h"
#include "search/alphabeta/skill_noise.h"
#include "search/alphabeta/thread_vote.h"
#include "util/random.h"

namespace cc {
namespace alphabeta {
namespace {

constexpr int kAspirationDelta = 60;

bool byScore(const RootMove& a, const RootMove& b) {
    return a.score > b.score;
}

}  // namespace

Worker::Worker(Shared& shared, int index, ThreadMemory& memory)
    : s_(shared),
      index_(index),
      history_(memory.history),
      movesAt_(memory.lists.moves),
      putOffAt_(memory.lists.putOff) {
    for (auto* lists : {&movesAt_, &putOffAt_}) {
        if (lists->size() == kMaxPly) continue;  // a search before this one sized them
        lists->resize(kMaxPly);
        for (auto& list : *lists) list.reserve(256);
    }
    for (const Move move : s_.plan.rootMoves) {
        RootMove rootMove;
        rootMove.move = move;
        rootMoves_.push_back(rootMove);
    }
    orderRootByGain();
}

Visit Worker::visitRootMove(size_t index, bool mayPutOff, int depth, int pvIndex, int& alpha,
                            int beta, int& best) {
    const Position& root = s_.context.game.position();
    BusyChildren* const busy = s_.busyAt(depth);
    RootMove& rootMove = rootMoves_[index];
    const ScoredMove current{rootMove.move, int8_t(s_.root), 0};
    Position next = play(root, current);
    const uint64_t childKey = next.key() ^ s_.salt;
    if (busy != nullptr && mayPutOff && busy->has(childKey)) return Visit::PutOff;
    const BusyMark mark(busy, childKey);
    enterChild(next, root, true);
    seldepth_ = 0;
    const bool pvMove = index == size_t(pvIndex);
    int value = 0;
    if (pvMove) {
        value = child(root, next, alpha, beta, depth - 1, 0, true);
    } else {
        value = child(root, next, alpha, alpha + 1, depth - 1, 0, false);
        if (value > alpha && value < beta)
            value = child(root, next, alpha, beta, depth - 1, 0, true);
    }
    leaveChild();
    if (s_.aborted()) return Visit::Stop;
    if (pvMove || value > alpha) {
        rootMove.score = value;
        rootMove.seldepth = seldepth_;
        rootMove.pv.assign(1, PlayedMove{rootMove.move, s_.root});
        for (int ply = 0; ply < pvLength_[1]; ++ply) rootMove.pv.push_back(pvTable_[1][ply]);
    } else {
        rootMove.score = -kInfinity;
    }
    best = std::max(best, value);
    if (value <= alpha) return Visit::Searched;
    alpha = value;
    return value >= beta ? Visit::Stop : Visit::Searched;
}

int Worker::searchRoot(int depth, int alpha, int beta, int pvIndex) {
    pvLength_[0] = 0;
    int best = -kInfinity;
    size_t nextIndex = size_t(pvIndex);
    visitPuttingOffBusy(
        rootPutOff_,
        [&]() -> std::optional<size_t> {
            if (nextIndex == rootMoves_.size()) return std::nullopt;
            return nextIndex++;
        },
        [&](size_t index, bool mayPutOff) {
            return visitRootMove(index, mayPutOff, depth, pvIndex, alpha, beta, best);
        });
    return best;
}

void Worker::orderRootByGain() {
    const Position& root = s_.context.game.position();
    std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                     [&](const RootMove& a, const RootMove& b) {
                         return gain(root, s_.root, a.move) > gain(root, s_.root, b.move);
                     });
}

void Worker::report(int depth, int pvIndex, Bound bound) {
    const RootMove& line = rootMoves_[size_t(pvIndex)];
    const int value = line.score == -kInfinity ? line.previousScore : line.score;
    const int score = size_t(pvIndex) < valuesAtDepthBefore_.size()
                          ? shownValue(value, valuesAtDepthBefore_[size_t(pvIndex)])
                          : value;
    SearchReport report{
        .depth = depth,
        .seldepth = std::max(line.seldepth, depth),
        .multiPv = pvIndex + 1,
        .score = reportedScore(score, line.pv, s_.root),
        .bound = bound,
        .nodes = s_.nodes.load(std::memory_order_relaxed) + unflushed_,
        .time = s_.elapsed(),
        .hashfull = s_.context.table.hashfull(),
        .pv = line.pv,
    };
    if (pvIndex == 0) lastReport_ = report;
    if (index_ == 0 && s_.context.callbacks.onReport) s_.context.callbacks.onReport(report);
}

// One line at one depth: a window around its last score, widened until the score falls
// inside it.
void Worker::aspirate(int depth, int pvIndex) {
    int delta = kAspirationDelta;
    const int previous = rootMoves_[size_t(pvIndex)].previousScore;
    const bool aspire = depth >= 4 && std::abs(previous) < kEvalLimit;
    int alpha = aspire ? previous - delta : -kInfinity;
    int beta = aspire ? previous + delta : kInfinity;
    while (true) {
        const int score = searchRoot(depth, alpha, beta, pvIndex);
        std::stable_sort(rootMoves_.begin() + pvIndex, rootMoves_.end(), byScore);
        if (s_.abort) break;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -kInfinity);
        } else if (score >= beta) {
            beta = std::min(score + delta, kInfinity);
        } else {
            break;
        }
        delta *= 2;
    }
    std::stable_sort(rootMoves_.begin(), rootMoves_.begin() + pvIndex + 1, byScore);
}

void Worker::iterate() {
    const int lines = std::min<int>(s_.plan.multiPv, int(rootMoves_.size()));
    // Every thread searches every depth: an iteration costs several times the one
    // before, so a helper a depth ahead works on an iteration the main thread may never
    // reach, while at the same depth the threads split the nodes' moves (BusyChildren).
    for (int depth = 1; depth <= s_.plan.maxDepth; ++depth) {
        for (RootMove& rootMove : rootMoves_) rootMove.previousScore = rootMove.score;
        for (int pvIndex = 0; pvIndex < lines && !s_.abort; ++pvIndex) aspirate(depth, pvIndex);
        if (s_.abort) {
            // An iteration cut short keeps its best move only if that move was searched
            // to the end (it then beat everything searched before the cut).
            if (rootMoves_[0].score == -kInfinity) {
                std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                                 [](const RootMove& a, const RootMove& b) {
                                     return a.previousScore > b.previousScore;
                                 });
                for (RootMove& rootMove : rootMoves_) rootMove.score = rootMove.previousScore;
            }
            break;
        }
        completedDepth_ = depth;
        const int reported = std::min(lines, s_.plan.reportedLines);
        for (int pvIndex = 0; pvIndex < reported; ++pvIndex) report(depth, pvIndex, Bound::Exact);
        valuesAtDepthBefore_.clear();
        for (int pvIndex = 0; pvIndex < reported; ++pvIndex)
            valuesAtDepthBefore_.push_back(rootMoves_[size_t(pvIndex)].score);
        if (index_ != 0) continue;
        const int best = rootMoves_[0].score;
        // A proven result needs no deeper look unless the user asked for a fixed depth.
        if (std::abs(best) >= kMateBound && kMate - std::abs(best) < depth &&
            !s_.context.limits.infinite && !s_.context.limits.depth) {
            break;
        }
        // The next iteration takes several times this one: do not start what cannot end.
        if (s_.plan.budget.soft && s_.elapsed() * 2 >= *s_.plan.budget.soft) break;
    }
    if (index_ == 0) s_.abort = true;
    s_.nodes.fetch_add(unflushed_, std::memory_order_relaxed);
    unflushed_ = 0;
}

}  // namespace alphabeta

namespace {

const alphabeta::Worker& chooseWorker(
    const std::vector<std::unique_ptr<alphabeta::Worker>>& workers) {
    std::vector<ThreadAnswer> answers;
    answers.reserve(workers.size());
    for (const auto& worker : workers) {
        const alphabeta::RootMove& best = worker->rootMoves().front();
        answers.push_back(ThreadAnswer{best.move, best.score, worker->completedDepth()});
    }
    return *workers[chooseAnswer(answers)];
}

}  // namespace

SearchResult searchAlphaBeta(const SearchContext& context, const AlphaBetaPlan& plan) {
    alphabeta::Shared shared(context, plan);
    context.table.newSearch();
    std::vector<std::unique_ptr<alphabeta::Worker>> workers(size_t(shared.threads));
    context.threads.run(
        shared.threads,
        [&](int index, ThreadMemory& memory) {
            workers[size_t(index)] = std::make_unique<alphabeta::Worker>(shared, index, memory);
            workers[size_t(index)]->iterate();
        },
        [&] { shared.abort = true; });

    const alphabeta::Worker& main = plan.multiPv == 1 ? chooseWorker(workers) : *workers[0];
    SearchResult result;
    result.best = main.rootMoves().front().move;
    if (plan.noise > 0) {
        const size_t count = std::min<size_t>(size_t(plan.multiPv), main.rootMoves().size());
        std::vector<LineScore> lines;
        for (size_t index = 0; index < count; ++index)
            lines.push_back(LineScore{main.rootMoves()[index].move, main.rootMoves()[index].score});
        if (const std::optional<Move> noisy = noisyBest(
                lines, plan.noise, streamSeed(context.options.seed, context.game.position().key())))
            result.best = *noisy;
    }
    result.nodes = shared.nodes.load();
    result.last = main.lastReport();
    if (result.last) {
        result.last->nodes = result.nodes;
        result.last->time = shared.elapsed();
        result.last->hashfull = context.table.hashfull();
        if (result.last->pv.empty() || result.last->pv.front().move != *result.best) {
            result.last->pv.assign(1, PlayedMove{*result.best, shared.root});
        }
    }
    return result;
}

}  // namespace cc
