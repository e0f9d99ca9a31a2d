#pragma once
// What fuzz_harness.cpp's protocol check compares around each command: the engine's
// rules, position and the options a failed command must not change.

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/layout.h"
#include "core/position.h"
#include "core/rules.h"
#include "engine/engine.h"

namespace ccfuzz {

// Every field of a position, as its accessors give them: what its text is printed from
// (protocol-spec/notation.md), compared without printing it.
struct PositionFields {
    const cc::Layout* layout;
    cc::Bitboard occupied;
    std::array<cc::Bitboard, cc::kSeatCount> armies;
    cc::Bitboard kings;
    cc::Bitboard bonusEarned;
    cc::Bitboard spares;
    int mover;
    bool bonusMove;
    int round;
    int quietMoves;
    int passes;
    uint8_t doneArmies;
    std::array<int, cc::kMaxPlayers> places;
    std::array<bool, cc::kMaxPlayers> resigned;
    cc::GameStatus status;
    uint64_t key;

    static PositionFields of(const cc::Position& position) {
        PositionFields fields{.layout = &position.layout(),
                              .occupied = position.occupied(),
                              .armies = {},
                              .kings = position.kings(),
                              .bonusEarned = position.bonusEarned(),
                              .spares = position.spares(),
                              .mover = position.mover(),
                              .bonusMove = position.bonusMove(),
                              .round = position.round(),
                              .quietMoves = position.quietMoves(),
                              .passes = position.passes(),
                              .doneArmies = position.doneArmies(),
                              .places = {},
                              .resigned = {},
                              .status = position.status(),
                              .key = position.key()};
        for (size_t seat = 0; seat < fields.armies.size(); ++seat) {
            fields.armies[seat] = position.army(cc::Seat(seat));
        }
        for (int player = 0; player < position.layout().players(); ++player) {
            fields.places[size_t(player)] = position.place(player);
            fields.resigned[size_t(player)] = position.resigned(player);
        }
        return fields;
    }
    bool operator==(const PositionFields&) const = default;
};

// What a failed command must leave as it was (protocol-spec/protocol.md, Conventions).
// The rules and position are compared as values, not as their texts: equal values print
// equal texts, and printing both per line was most of a session's own time.
struct EngineState {
    cc::Rules rules;
    PositionFields position;
    cc::HoleNotation notation;
    size_t hashMegabytes;

    static EngineState of(const cc::Engine& engine) {
        return {engine.rules(), PositionFields::of(engine.position()), engine.options().notation,
                engine.options().hashMegabytes};
    }
    bool operator==(const EngineState&) const = default;
};

}  // namespace ccfuzz
