#include "tools/perft.h"

#include "core/movegen.h"
#include "tools/perft_counts.h"

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
        Position child = position;
        playMove(child, move);
        if (!repetition_) return count(child, depth);
        // The game's own positions count towards repetition below the root.
        const uint64_t key = child.repetitionKey();
        seen_.add(key);
        applyRepetition(child, position, move, seen_);
        const uint64_t total = count(child, depth);
        seen_.remove(key);
        return total;
    }

    // Whether `stop` cut the count short.
    [[nodiscard]] bool cut() const { return cut_; }

  private:
    bool repetition_;
    bool cut_ = false;
    const std::atomic<bool>* stop_;
    RepetitionCount seen_;
};

}  // namespace

std::optional<uint64_t> perft(const Game& game, int depth,
                              const std::function<void(Move, uint64_t)>& perMove,
                              const std::atomic<bool>* stop) {
    PerftWalker walker(game, stop);
    const Position& root = game.position();
    uint64_t total = 0;
    if (!perMove || depth == 0 || root.over()) {
        total = walker.count(root, depth);
    } else {
        MoveList moves;
        generateLegal(root, moves);
        for (const Move move : moves) {
            const uint64_t subtotal = walker.countChild(root, move, depth - 1);
            if (walker.cut()) break;
            perMove(move, subtotal);
            total += subtotal;
        }
    }
    if (walker.cut()) return std::nullopt;
    return total;
}

}  // namespace cc
