#pragma once
// Simplified ABDADA for the alpha-beta threads (protocol-spec/protocol.md, option
// Threads): threads that search the same depth skip, for now, a child another thread
// is searching, so they split a node's moves instead of all searching the first ones.

#include <array>
#include <atomic>
#include <cstdint>

namespace cc {

// The children some thread is searching now. A slot holds one key: a collision only
// costs a move that is searched at once instead of later.
class BusyChildren {
  public:
    [[nodiscard]] bool has(uint64_t key) const {
        return slots_[key & kMask].load(std::memory_order_relaxed) == key;
    }
    void mark(uint64_t key) { slots_[key & kMask].store(key, std::memory_order_relaxed); }
    void unmark(uint64_t key) {
        uint64_t expected = key;
        slots_[key & kMask].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
    }

  private:
    static constexpr uint64_t kMask = 4095;
    std::array<std::atomic<uint64_t>, kMask + 1> slots_{};
};

// Marks a child busy for as long as the mark lives.
class BusyMark {
  public:
    BusyMark(BusyChildren* busy, uint64_t key) : busy_(busy), key_(key) {
        if (busy_ != nullptr) busy_->mark(key_);
    }
    ~BusyMark() {
        if (busy_ != nullptr) busy_->unmark(key_);
    }
    BusyMark(const BusyMark&) = delete;
    BusyMark& operator=(const BusyMark&) = delete;

  private:
    BusyChildren* busy_;
    uint64_t key_;
};

}  // namespace cc
