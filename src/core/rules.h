#pragma once
// Rules as plain data: one field per `setrules` key (protocol-spec/rules.md §2.2 The
// keys). Presets are named lists of key=value words (presets.h); every field stays
// settable on its own (rules_text.h).

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/geometry.h"
#include "util/expected.h"

namespace cc {

constexpr int kMaxPlayers = 6;
constexpr int kNoPlayer = -1;

enum class Preset { Standard, Masters, Card, Super, Diamond, Sec5, Ccerl };
enum class HopRange { Short, Long };
// How another army's arm may be used by the mover (protocol-spec/rules.md §6.1 Arms).
enum class ArmAccess { Free, Pass, Closed, Filled };
// What goal lock holds (protocol-spec/rules.md §6.2 Goal lock): nothing; a piece that
// starts its move in its goal; also a hop chain once one of its hops has landed in the goal.
enum class GoalLock { Off, On, Chain };
enum class FinishRule { All, Fill };
enum class SwapRule { Off, Any, Final };
enum class EndRule { First, All };
enum class LimitResult { Draw, Progress };

// The default values are the standard preset for two players (a test holds them to it).
struct Rules {
    Preset preset = Preset::Standard;
    int players = 2;
    // Player (0-based, in the order of the `armies` key) owning the army on each seat.
    std::array<int, kSeatCount> seatOwner = {0, kNoPlayer, kNoPlayer, 1, kNoPlayer, kNoPlayer};
    int firstPlayer = 0;
    int pieces = 10;
    bool king = false;
    HopRange hops = HopRange::Short;
    ArmAccess otherArms = ArmAccess::Free;
    ArmAccess unusedArms = ArmAccess::Free;
    GoalLock goalLock = GoalLock::Off;
    FinishRule finish = FinishRule::Fill;
    SwapRule swap = SwapRule::Off;
    bool bonus = false;
    EndRule end = EndRule::All;
    bool fairFinish = false;
    bool passRoundDraw = false;
    int moveLimit = 200;  // rounds; 0 = none
    LimitResult limitResult = LimitResult::Draw;
    int stall = 50;      // rounds without progress; 0 = none
    int repetition = 0;  // occurrences of one position; 0 = none
    bool adjacentEntry = false;
    bool mustLeave = false;

    bool operator==(const Rules&) const = default;

    [[nodiscard]] bool seatUsed(Seat seat) const { return seatOwner[seat] != kNoPlayer; }
    // Seats that no army starts on nor aims at.
    [[nodiscard]] bool armUnused(Seat seat) const {
        return !seatUsed(seat) && !seatUsed(Geometry::opposite(seat));
    }
    // Fair finish only changes anything when the game ends at the first finish.
    [[nodiscard]] bool fairFinishApplies() const { return fairFinish && end == EndRule::First; }
    // Stable 64-bit fingerprint, mixed into position hashes.
    [[nodiscard]] uint64_t fingerprint() const;
};

// The default seating (protocol-spec/rules.md §4 Seating and turns), one army per player.
std::array<int, kSeatCount> defaultSeating(int players);

// Why the rules cannot be played, or nothing when they can.
Expected<void> validate(const Rules& rules);

}  // namespace cc
