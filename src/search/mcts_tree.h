#pragma once
// The Monte-Carlo tree's storage (mcts.h): nodes whose fields threads read and write
// without a lock, the store that hands out nodes in blocks that never move, and the
// progressive history shared by all threads.

#include <array>
#include <atomic>
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
    // The values of `player`, each in [0, 1]. A double, not a float: a float has 24 bits,
    // so once the sum passes 2^23 (millions of visits, which a long analysis gives the
    // root's moves) each value is rounded to a whole number, and past 2^24 it is lost:
    // the mean drifts. A double's mean stays within a millionth over 2^32 visits; it
    // takes the node from 28 to 32 bytes.
    std::atomic<double> valueSum = 0;

    [[nodiscard]] bool expanded() const {
        return state.load(std::memory_order_acquire) == NodeState::expanded;
    }
    [[nodiscard]] uint32_t visitCount() const { return visits.load(std::memory_order_relaxed); }
    [[nodiscard]] uint32_t triedCount() const { return tried.load(std::memory_order_relaxed); }
    [[nodiscard]] double values() const { return valueSum.load(std::memory_order_relaxed); }
    void addValue(double value) { valueSum.fetch_add(value, std::memory_order_relaxed); }
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
// heuristic is no more than a playout off. The sum is a double for the node's reason
// (MctsNode::valueSum): a common move's entry gets a value from most playouts.
struct MctsHistoryEntry {
    std::atomic<double> sum = 0;
    std::atomic<uint32_t> count = 0;

    void add(double value) {
        sum.store(sum.load(std::memory_order_relaxed) + value, std::memory_order_relaxed);
        count.store(count.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }
    [[nodiscard]] double mean() const {
        const uint32_t seen = count.load(std::memory_order_relaxed);
        return seen > 0 ? sum.load(std::memory_order_relaxed) / double(seen) : 0.0;
    }
};
using MctsHistory =
    std::array<std::array<std::array<MctsHistoryEntry, kHoleCount>, kHoleCount>, kMaxPlayers>;

struct MctsTree {
    std::unique_ptr<NodeStore> nodes = std::make_unique<NodeStore>();  // [0]: the root
    std::optional<Position> root;
    std::unique_ptr<MctsHistory> history = std::make_unique<MctsHistory>();
};

}  // namespace cc
