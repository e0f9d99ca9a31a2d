#pragma once
// Transposition table: buckets of four entries in one cache line, depth-preferred
// replacement with ageing. Entries are two atomic words with the key stored xor the
// data (lockless hashing), so threads share the table without locks and a torn entry
// reads as a miss.
//
// The memory is taken at the first search, not when the table is made or resized, and
// `clear` writes only when a search has stored since the table was last empty: a
// session that never searches (a GUI's `legal`, a fuzzer's input) pays for no table,
// and `Clear Hash` before any search costs nothing. What a search finds is the same.

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

    // Drops every entry and gives the memory back; the size is a whole number of
    // buckets within `megabytes`.
    void resize(size_t megabytes);
    void clear();
    // Entries stored from now on are newer than those before. One call per search,
    // before its threads start: it takes the table's memory if it has none yet.
    void newSearch();
    // Takes the table's memory now if it has none yet (`isready`), so that the first
    // search's clock does not pay for it.
    void allocate();

    // A table without memory yet holds nothing.
    [[nodiscard]] std::optional<TableEntry> probe(uint64_t key) const;
    // Only after newSearch.
    void store(uint64_t key, int score, int depth, Bound bound, std::optional<Move> move);

    // The bytes the table holds now: none before the first search.
    [[nodiscard]] size_t memoryBytes() const { return buckets_.size() * sizeof(Bucket); }

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

    size_t bucketCount_ = 1;
    std::vector<Bucket> buckets_;  // empty until the first search
    // Whether a search may have stored since the buckets were last all empty.
    bool written_ = false;
    uint8_t generation_ = 0;
};

}  // namespace cc
