#include "tools/perft.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "tools/perft_counts.h"
#include "util/threading.h"

namespace cc {
namespace {

class PerftWalker {
  public:
    PerftWalker(const Game& game, const std::atomic<bool>* stop)
        : repetition_(game.layout().rules().repetition > 0), stop_(stop), seen_(game.seen()) {}

    uint64_t count(const Position& position, int depth) {
        if (depth == 0 || position.over()) return 1;
        if (depth == 1) return countLegal(position);
        if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) {
            cut_ = true;
            return 0;
        }
        MoveList moves;
        generateLegal(position, moves);
        // Repetition needs each child's history, which the shared count does not keep.
        if (depth == 2 && !repetition_) return countGrandchildren(position, moves);
        uint64_t total = 0;
        for (const Move move : moves) total += countChild(position, move, depth - 1);
        return total;
    }

    uint64_t countChild(const Position& position, Move move, int depth) {
        const Position child = enter(position, move);
        const uint64_t total = count(child, depth);
        leave(child);
        return total;
    }

    // Plays `move` and counts the child as seen (for repetition) until `leave`.
    Position enter(const Position& position, Move move) {
        Position child = position;
        playMove(child, move);
        if (!repetition_) return child;
        // The game's own positions count towards repetition below the root.
        seen_.add(child.repetitionKey());
        applyRepetition(child, position, move, seen_);
        return child;
    }
    void leave(const Position& child) {
        if (repetition_) seen_.remove(child.repetitionKey());
    }

    // Whether `stop` cut the count short.
    [[nodiscard]] bool cut() const { return cut_; }

  private:
    bool repetition_;
    bool cut_ = false;
    const std::atomic<bool>* stop_;
    RepetitionCount seen_;
};

// One share of the work: a root move's whole subtree, or one of its children's.
struct PerftTask {
    size_t rootIndex;
    std::optional<Move> reply;
};

// The root moves' subtrees shared out over several threads: each thread takes the next
// task, and the root moves' subtotals are handed to `perMove` in order as soon as all of
// a root move's tasks (and those of the moves before it) are done.
class ParallelPerft {
  public:
    ParallelPerft(const Game& game, int depth, const std::atomic<bool>* stop)
        : game_(game), depth_(depth), stop_(stop) {
        const Position& root = game.position();
        MoveList moves;
        generateLegal(root, moves);
        PerftWalker walker(game, stop);
        for (const Move move : moves) {
            const Position child = walker.enter(root, move);
            walker.leave(child);
            roots_.push_back(RootShare{move, child, 0, 0});
        }
        for (size_t index = 0; index < roots_.size(); ++index) {
            RootShare& share = roots_[index];
            // Splitting the second ply pays when the subtrees are deep; it also spreads
            // the work of a root with few moves over every thread.
            if (depth_ >= 3 && !share.child.over()) {
                MoveList replies;
                generateLegal(share.child, replies);
                for (const Move reply : replies) tasks_.push_back(PerftTask{index, reply});
                share.pending = replies.size();
            }
            if (share.pending == 0) {
                tasks_.push_back(PerftTask{index, std::nullopt});
                share.pending = 1;
            }
        }
    }

    // The calling thread only hands out the subtotals, so divide lines appear as soon as
    // they are known.
    std::optional<uint64_t> run(int threads, const std::function<void(Move, uint64_t)>& perMove) {
        std::vector<std::jthread> pool;
        const int workers = std::clamp(threads, 1, int(tasks_.size()));
        pool.reserve(size_t(workers));
        if constexpr (kHaveThreads) {
            for (int index = 0; index < workers; ++index) pool.emplace_back([this] { work(); });
        } else {
            // A build without threads counts everything here first (util/threading.h).
            work();
        }
        uint64_t total = 0;
        std::unique_lock lock(mutex_);
        for (const RootShare& share : roots_) {
            done_.wait(lock, [&] { return share.pending == 0 || cut_; });
            if (cut_) break;
            if (perMove) {
                lock.unlock();
                perMove(share.move, share.nodes);
                lock.lock();
            }
            total += share.nodes;
        }
        const bool cut = cut_;
        lock.unlock();
        pool.clear();
        if (cut) return std::nullopt;
        return total;
    }

  private:
    struct RootShare {
        Move move;
        Position child;
        uint64_t nodes;
        size_t pending;  // tasks not yet counted
    };

    void work() {
        PerftWalker walker(game_, stop_);
        for (size_t next = nextTask_++; next < tasks_.size(); next = nextTask_++) {
            const PerftTask& task = tasks_[next];
            RootShare& share = roots_[task.rootIndex];
            uint64_t nodes = 0;
            if (task.reply) {
                const Position child = walker.enter(game_.position(), share.move);
                nodes = walker.countChild(child, *task.reply, depth_ - 2);
                walker.leave(child);
            } else {
                nodes = walker.countChild(game_.position(), share.move, depth_ - 1);
            }
            std::lock_guard lock(mutex_);
            if (walker.cut()) cut_ = true;
            share.nodes += nodes;
            --share.pending;
            done_.notify_all();
            if (cut_) return;
        }
    }

    const Game& game_;
    int depth_;
    const std::atomic<bool>* stop_;
    std::vector<RootShare> roots_;
    std::vector<PerftTask> tasks_;
    std::atomic<size_t> nextTask_{0};
    std::mutex mutex_;
    std::condition_variable done_;
    bool cut_ = false;
};

}  // namespace

std::optional<uint64_t> perft(const Game& game, int depth,
                              const std::function<void(Move, uint64_t)>& perMove,
                              const std::atomic<bool>* stop, int threads) {
    const Position& root = game.position();
    if (depth == 0 || root.over()) {
        PerftWalker walker(game, stop);
        return walker.count(root, depth);
    }
    // One thread without divide counts in place: the fastest way for small counts.
    if (threads <= 1 && !perMove) {
        PerftWalker walker(game, stop);
        const uint64_t total = walker.count(root, depth);
        if (walker.cut()) return std::nullopt;
        return total;
    }
    ParallelPerft parallel(game, depth, stop);
    return parallel.run(threads, perMove);
}

}  // namespace cc
