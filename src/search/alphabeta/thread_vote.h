#pragma once
// Lazy SMP's vote: which search thread's answer to give (protocol-spec/play.md,
// Threads).

#include <cstddef>
#include <vector>

#include "core/move.h"

namespace cc {

// One thread's answer: its best move, that move's score and the depth it completed
// (0 when none; the score is then meaningless).
struct ThreadAnswer {
    Move move;
    int score = 0;
    int depth = 0;
};

// Each voter's move gains its score above the worst voter's (plus a floor, so every
// finished iteration counts) times the depth it completed; the answer with the most votes
// wins, and a proven win beats any vote. A deeper helper that agrees with the main thread
// (answers[0]) strengthens it, one that found a better move at a greater depth wins. Only
// depths of the main thread's parity vote: the race evaluation favours whoever moved
// last, so scores of odd and even depths are not comparable. Returns an index into
// `answers`.
size_t chooseAnswer(const std::vector<ThreadAnswer>& answers);

}  // namespace cc
