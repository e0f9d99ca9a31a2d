#pragma once
// Transposition table: buckets of four entries in one cache line, depth-preferred
// replacement with ageing. Entries are two atomic words with the key stored xor the
// data (lockless hashing), so threads share the table without locks and a torn entry
// reads as a miss.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/move.h"

namespace cc {

enum class Bound : uint8_t { None, Upper, Lower, Exact };

struct TableEntry {
    int score = 0;
    int depth = 0;
    Bound bound = Bound::None;
    std::optional<Move> move;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(size_t megabytes = 16) { resize(megabytes); }

    // Drops every entry; the size is a whole number of buckets within `megabytes`.
    void resize(size_t megabytes);
    void clear();
    // Entries stored from now on are newer than those before (one call per search).
    void newSearch() { generation_ = uint8_t((generation_ + 1) & kGenerationMask); }

    [[nodiscard]] std::optional<TableEntry> probe(uint64_t key) const;
    void store(uint64_t key, int score, int depth, Bound bound, std::optional<Move> move);

    // Permille of sampled entries written during the current search.
    [[nodiscard]] int hashfull() const;

  private:
    static constexpr int kBucketSize = 4;
    static constexpr uint8_t kGenerationMask = 63;

    struct Slot {
        std::atomic<uint64_t> check{0};  // key ^ data
        std::atomic<uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Slot slots[kBucketSize];
    };

    [[nodiscard]] const Bucket& bucketFor(uint64_t key) const {
        // The high half of key x size: an index in range without a modulo.
        __extension__ using Wide = unsigned __int128;
        return buckets_[size_t((Wide(key) * buckets_.size()) >> 64)];
    }

    std::vector<Bucket> buckets_;
    uint8_t generation_ = 0;
};

}  // namespace cc
