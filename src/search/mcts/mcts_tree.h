#pragma once
// The Monte-Carlo tree's storage (mcts.h): nodes whose fields threads read and write
// without a lock, the store that hands out nodes in blocks that never move, and the
// progressive history shared by all threads.

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace cc {

constexpr uint32_t kNoNode = UINT32_MAX;

// A value in [0, 1] as a whole number of steps of 2^-stepBits, the nearest.
[[nodiscard]] inline uint64_t toSteps(double value, int stepBits) {
    return uint64_t(std::nearbyint(value * double(uint64_t{1} << stepBits)));
}

// A node's fields are atomics: threads walk, widen and back up without a lock (relaxed
// loads and stores are plain moves on x86). Its children are published by its state: a
// thread that reads `expanded` with acquire sees firstChild, the child count and the
// children.
enum class NodeState : uint8_t { leaf, expanding, expanded };

// 24 bytes, in the order that packs them. The state and the child count share one word
// (written together when the children are published); a node has at most a move list's
// moves, which 14 bits hold.
class MctsNode {
  public:
    static constexpr int kStateBits = 2;
    static_assert(MoveList::kCapacity < (1 << (16 - kStateBits)));
    // The value sum is fixed-point, in steps of 2^-31: 2^32 visits of values in [0, 1]
    // fit in 64 bits, and the mean is within 2^-32. A float sum (24 bits) rounds each value
    // to a whole number once it passes 2^23 (millions of visits, which a long analysis
    // gives the root's moves) and loses it past 2^24; an integer add is also one
    // instruction where a floating-point one is a compare-and-swap loop.
    static constexpr int kStepBits = 31;

  private:
    std::atomic<uint64_t> valueSum_ = 0;  // the values of `player`, in steps of 2^-31
    std::atomic<uint16_t> shape_ = 0;     // the state (low 2 bits) and the child count

  public:
    std::atomic<uint16_t> tried = 0;  // children visited so far: the first ones, in greedy order
    Move move;                        // the move that led here (none at the root)
    uint8_t player = 0;               // who made it (at the root: unused)
    uint32_t firstChild = kNoNode;
    std::atomic<uint32_t> visits = 0;

    [[nodiscard]] bool expanded() const {
        const uint32_t state = shape_.load(std::memory_order_acquire) & ((1U << kStateBits) - 1);
        return state == uint32_t(NodeState::expanded);
    }
    [[nodiscard]] uint32_t childCount() const {
        return uint32_t(shape_.load(std::memory_order_relaxed)) >> kStateBits;
    }
    // A leaf's one thread to expand it: whether this call made it `expanding`.
    bool startExpanding() {
        uint16_t leaf = uint16_t(NodeState::leaf);
        return shape_.compare_exchange_strong(leaf, uint16_t(NodeState::expanding),
                                              std::memory_order_acquire);
    }
    // The state and child count; `expanded` publishes the children (release).
    void setShape(NodeState state, uint32_t children) {
        shape_.store(uint16_t((children << kStateBits) | uint32_t(state)),
                     std::memory_order_release);
    }
    [[nodiscard]] uint32_t visitCount() const { return visits.load(std::memory_order_relaxed); }
    [[nodiscard]] uint32_t triedCount() const { return tried.load(std::memory_order_relaxed); }
    [[nodiscard]] double values() const {
        return double(valueSum_.load(std::memory_order_relaxed)) / double(uint64_t{1} << kStepBits);
    }
    void addValue(double value) {
        valueSum_.fetch_add(toSteps(value, kStepBits), std::memory_order_relaxed);
    }
    // A copy of `from`'s fields, between searches (no other thread runs).
    void copyFrom(const MctsNode& from) {
        move = from.move;
        player = from.player;
        shape_.store(from.shape_.load(std::memory_order_relaxed), std::memory_order_relaxed);
        tried.store(from.tried.load(std::memory_order_relaxed), std::memory_order_relaxed);
        firstChild = from.firstChild;
        visits.store(from.visitCount(), std::memory_order_relaxed);
        valueSum_.store(from.valueSum_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    }
};
static_assert(sizeof(MctsNode) == 24);

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
//
// The sum and the count share one 64-bit word, so a reader never sees the one without the
// other and the history of 6 x 121 x 121 entries takes 0.7 MB (within a 1 MB L2 cache; a
// double sum beside the count took 1.4 MB). The sum is fixed-point, in steps of 2^-20: a
// float sum would stop taking in values past 2^24 (a common move gets a value from most
// playouts). When the count fills its 22 bits, sum and count are halved together: the
// mean stays, and the entry goes on weighting its last two to four million playouts.
class MctsHistoryEntry {
  public:
    static constexpr int kStepBits = 20;  // values in steps of 2^-20: a mean within 2^-21
    static constexpr int kCountBits = 22;
    static constexpr uint64_t kCountMask = (uint64_t{1} << kCountBits) - 1;
    // An even count, so that halving keeps the mean; below the mask, so that one more fits.
    // The sum, at most the count times 2^20, then stays within its 64 - 22 = 42 bits.
    static constexpr uint64_t kHalveAt = kCountMask - 1;
    static_assert(kStepBits + kCountBits <= 64 - kCountBits);

    void add(double value) {
        uint64_t now = word_.load(std::memory_order_relaxed);
        if ((now & kCountMask) == kHalveAt)
            now = ((now >> (kCountBits + 1)) << kCountBits) | (kHalveAt / 2);
        now += (toSteps(std::clamp(value, 0.0, 1.0), kStepBits) << kCountBits) + 1;
        word_.store(now, std::memory_order_relaxed);
    }
    [[nodiscard]] double mean() const {
        const uint64_t now = word_.load(std::memory_order_relaxed);
        const uint64_t seen = now & kCountMask;
        if (seen == 0) return 0.0;
        return double(now >> kCountBits) / (double(seen) * double(uint64_t{1} << kStepBits));
    }

  private:
    std::atomic<uint64_t> word_ = 0;  // the sum (high 42 bits) and the count (low 22 bits)
};
static_assert(sizeof(MctsHistoryEntry) == 8 && std::atomic<uint64_t>::is_always_lock_free);
using MctsHistory =
    std::array<std::array<std::array<MctsHistoryEntry, kHoleCount>, kHoleCount>, kMaxPlayers>;

struct MctsTree {
    std::unique_ptr<NodeStore> nodes = std::make_unique<NodeStore>();  // [0]: the root
    std::optional<Position> root;
    std::unique_ptr<MctsHistory> history = std::make_unique<MctsHistory>();
};

}  // namespace cc
