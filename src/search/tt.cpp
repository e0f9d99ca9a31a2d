#include "search/tt.h"

#include <algorithm>

namespace cc {
namespace {

// data: score 16 | depth 8 | from 7 | to 7 | kind 2 | has move 1 | bound 2 | generation 6
struct Packed {
    int score;
    int depth;
    int from;
    int to;
    int kind;
    bool hasMove;
    Bound bound;
    uint8_t generation;
};

uint64_t pack(const Packed& p) {
    return uint64_t(uint16_t(int16_t(p.score))) | uint64_t(uint8_t(p.depth)) << 16 |
           uint64_t(p.from & 127) << 24 | uint64_t(p.to & 127) << 31 | uint64_t(p.kind & 3) << 38 |
           uint64_t(p.hasMove ? 1 : 0) << 40 | uint64_t(p.bound) << 41 |
           uint64_t(p.generation) << 43;
}

Packed unpack(uint64_t data) {
    return Packed{
        .score = int16_t(uint16_t(data)),
        .depth = uint8_t(data >> 16),
        .from = int((data >> 24) & 127),
        .to = int((data >> 31) & 127),
        .kind = int((data >> 38) & 3),
        .hasMove = ((data >> 40) & 1) != 0,
        .bound = Bound((data >> 41) & 3),
        .generation = uint8_t((data >> 43) & 63),
    };
}

}  // namespace

void TranspositionTable::resize(size_t megabytes) {
    bucketCount_ = std::max<size_t>(1, (megabytes << 20) / sizeof(Bucket));
    std::vector<Bucket>().swap(buckets_);
    written_ = false;
    generation_ = 0;
}

void TranspositionTable::allocate() {
    if (buckets_.empty()) buckets_ = std::vector<Bucket>(bucketCount_);
}

void TranspositionTable::newSearch() {
    allocate();
    written_ = true;
    generation_ = uint8_t((generation_ + 1) & kGenerationMask);
}

void TranspositionTable::clear() {
    // The generation only orders entries among themselves: an empty table starts anew.
    generation_ = 0;
    if (!written_) return;
    written_ = false;
    for (Bucket& bucket : buckets_) {
        for (Slot& slot : bucket.slots) {
            slot.check.store(0, std::memory_order_relaxed);
            slot.data.store(0, std::memory_order_relaxed);
        }
    }
}

std::optional<TableEntry> TranspositionTable::probe(uint64_t key) const {
    if (buckets_.empty()) return std::nullopt;
    const Bucket& bucket = bucketFor(key);
    for (const Slot& slot : bucket.slots) {
        const uint64_t data = slot.data.load(std::memory_order_relaxed);
        if ((slot.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
        const Packed p = unpack(data);
        TableEntry entry{
            .score = p.score, .depth = p.depth, .bound = p.bound, .move = std::nullopt};
        if (p.hasMove) entry.move = Move{uint8_t(p.from), uint8_t(p.to), MoveKind(p.kind)};
        return entry;
    }
    return std::nullopt;
}

void TranspositionTable::store(uint64_t key, int score, int depth, Bound bound,
                               std::optional<Move> move) {
    Bucket& bucket = const_cast<Bucket&>(bucketFor(key));
    Slot* target = nullptr;
    int worst = 1 << 30;
    std::optional<Packed> previous;
    for (Slot& slot : bucket.slots) {
        const uint64_t data = slot.data.load(std::memory_order_relaxed);
        const bool same = (slot.check.load(std::memory_order_relaxed) ^ data) == key && data != 0;
        if (same || data == 0) {
            target = &slot;
            if (same) previous = unpack(data);
            break;
        }
        // Replace the shallowest entry, counting old searches' entries as shallower.
        const Packed p = unpack(data);
        const int age = (generation_ - p.generation) & kGenerationMask;
        const int worth = p.depth - 8 * age;
        if (worth < worst) {
            worst = worth;
            target = &slot;
        }
    }
    if (previous) {
        // Keep a deeper result of this search unless the new one is exact.
        if (bound != Bound::Exact && previous->generation == generation_ &&
            previous->depth > depth + 2) {
            return;
        }
        if (!move && previous->hasMove) {
            move = Move{uint8_t(previous->from), uint8_t(previous->to), MoveKind(previous->kind)};
        }
    }
    const Packed packed{
        .score = std::clamp(score, -32767, 32767),
        .depth = std::clamp(depth, 0, 255),
        .from = move ? move->from : 0,
        .to = move ? move->to : 0,
        .kind = move ? int(move->kind) : 0,
        .hasMove = move.has_value(),
        .bound = bound,
        .generation = generation_,
    };
    const uint64_t data = pack(packed);
    target->data.store(data, std::memory_order_relaxed);
    target->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const size_t sample = std::min<size_t>(buckets_.size(), 250);
    if (sample == 0) return 0;
    int used = 0;
    for (size_t index = 0; index < sample; ++index) {
        for (const Slot& slot : buckets_[index].slots) {
            const uint64_t data = slot.data.load(std::memory_order_relaxed);
            if (data != 0 && unpack(data).generation == generation_) ++used;
        }
    }
    return int(size_t(used) * 1000 / (sample * size_t(kBucketSize)));
}

}  // namespace cc
