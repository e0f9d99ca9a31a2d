#include "core/rules.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/presets.h"
#include "util/random.h"

namespace cc {
namespace {

uint64_t mix(uint64_t hash, uint64_t value) {
    // A hash_combine step (as in Boost) followed by the splitmix64 finaliser, so every
    // field spreads over all 64 bits.
    hash ^= value + kSplitMixGamma + (hash << 6) + (hash >> 2);
    return mixFinal(hash);
}

}  // namespace

std::array<int, kSeatCount> defaultSeating(int players) {
    std::array<int, kSeatCount> owner{};
    owner.fill(kNoPlayer);
    auto seat = [&](std::initializer_list<Seat> seats) {
        int player = 0;
        for (Seat s : seats) owner[s] = player++;
    };
    switch (players) {
        case 1:
            seat({0});
            break;
        case 2:
            seat({0, 3});
            break;
        case 3:
            seat({0, 2, 4});
            break;
        case 4:
            seat({0, 1, 3, 4});
            break;
        case 5:
            seat({0, 1, 2, 3, 4});
            break;
        default:
            seat({0, 1, 2, 3, 4, 5});
            break;
    }
    return owner;
}

uint64_t Rules::fingerprint() const {
    uint64_t hash = 0x6a09e667f3bcc908ULL;
    for (uint64_t value : {uint64_t(players),       uint64_t(firstPlayer),   uint64_t(pieces),
                           uint64_t(king),          uint64_t(hops),          uint64_t(otherArms),
                           uint64_t(unusedArms),    uint64_t(goalLock),      uint64_t(finish),
                           uint64_t(swap),          uint64_t(bonus),         uint64_t(end),
                           uint64_t(fairFinish),    uint64_t(passRoundDraw), uint64_t(moveLimit),
                           uint64_t(limitResult),   uint64_t(stall),         uint64_t(repetition),
                           uint64_t(adjacentEntry), uint64_t(mustLeave)}) {
        hash = mix(hash, value);
    }
    for (int owner : seatOwner) hash = mix(hash, uint64_t(owner) + 1);
    return hash;
}

Expected<void> validate(const Rules& rules) {
    const PresetDefinition& preset = presetDefinition(rules.preset);
    if (rules.players < 1 || rules.players > kMaxPlayers) {
        return Error{fmt::format("players must be 1 to {}", kMaxPlayers)};
    }
    if (rules.players < preset.minPlayers || rules.players > preset.maxPlayers) {
        return Error{preset.minPlayers == preset.maxPlayers
                         ? fmt::format("preset {} is for {} players only, not {}", preset.name,
                                       preset.minPlayers, rules.players)
                         : fmt::format("preset {} is for {} to {} players, not {}", preset.name,
                                       preset.minPlayers, preset.maxPlayers, rules.players)};
    }
    for (int player = 0; player < rules.players; ++player) {
        if (std::find(rules.seatOwner.begin(), rules.seatOwner.end(), player) ==
            rules.seatOwner.end()) {
            return Error{fmt::format("player {} has no army", player + 1)};
        }
    }
    if (rules.pieces == 15) {
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            const Seat next = (seat + 1) % kSeatCount;
            if (rules.seatUsed(seat) && rules.seatUsed(next)) {
                return Error{
                    fmt::format("pieces=15 camps of seats {} and {} overlap: 15-piece armies need "
                                "non-adjacent seats (at most 3 players)",
                                seat + 1, next + 1)};
            }
        }
    }
    if (rules.repetition == 1) return Error{"repetition must be 0 (off) or at least 2"};
    return {};
}

}  // namespace cc
