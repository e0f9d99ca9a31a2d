#pragma once
// A move with the player who makes it and its ordering score (move_picker.h), apart so
// that threads.h can keep lists of them without the search's headers.

#include <cstdint>

#include "core/move.h"

namespace cc {

struct ScoredMove {
    Move move;
    int8_t player;
    int score;
};

}  // namespace cc
