#pragma once
// Repetition inside a search tree: a position counts the times it occurred in the game
// and on the line searched so far (protocol-spec/rules.md §8.7).

#include <cstdint>
#include <vector>

#include "core/game.h"

namespace cc {

// Whether `next` occurs for the time that ends the game. `line` holds the repetition keys
// of the positions searched between the game's position and `next`.
inline bool repeats(const Position& next, const Game& game, const std::vector<uint64_t>& line) {
    const uint64_t key = next.repetitionKey();
    int seen = game.seen().count(key) + 1;
    for (const uint64_t earlier : line) seen += earlier == key ? 1 : 0;
    return seen >= game.layout().rules().repetition;
}

}  // namespace cc
