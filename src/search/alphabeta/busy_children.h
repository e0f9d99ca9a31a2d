#pragma once
// Simplified ABDADA for the alpha-beta threads (protocol-spec/protocol.md, option
// Threads): threads that search the same depth skip, for now, a child another thread
// is searching, so they split a node's moves instead of all searching the first ones.

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

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

// What a visit did with a child: searched it, put it off because another thread is in
// it, or found a cut-off (or an abort) that ends the node.
enum class Visit { Searched, PutOff, Stop };

// Visits the children in the order `fresh` hands them out, then those put off. The first
// child and those already put off are never put off (`mayPutOff` is false for them): the
// first gives the node its bound, and a put-off child is not put off twice.
template <typename Child, typename Fresh, typename Visitor>
void visitPuttingOffBusy(std::vector<Child>& putOff, Fresh&& fresh, Visitor&& visit) {
    putOff.clear();
    bool first = true;
    for (size_t putOffIndex = 0;;) {
        std::optional<Child> child = fresh();
        const bool later = !child.has_value();
        if (later) {
            if (putOffIndex == putOff.size()) return;
            child = putOff[putOffIndex++];
        }
        const Visit visited = visit(*child, !first && !later);
        if (visited == Visit::Stop) return;
        if (visited == Visit::PutOff) {
            putOff.push_back(*child);
        } else {
            first = false;
        }
    }
}

}  // namespace cc
