#pragma once
// What a learning agent sees and does, from its own seat: the star turned so that the
// mover's first army starts in the south arm and races north, the board as planes on
// the 17 x 17 grid of the holes' cube coordinates, and each legal move as one action
// number, `from * 121 + to` in the turned frame (the pass: 121 * 121). The same
// numbers for every player count and rule set, so one network can play them all.

#include <array>
#include <cstdint>
#include <span>

#include "core/move.h"
#include "core/position.h"

namespace cc::python {

constexpr int kGridSide = 17;
constexpr int kPassAction = kHoleCount * kHoleCount;
constexpr int kActionCount = kPassAction + 1;
// One plane per player in turn order from the mover (the mover first; planes past the
// player count stay empty), then the kings, the holes of the board, the mover's goal.
constexpr int kPlayerPlanes = kMaxPlayers;
constexpr int kKingPlane = kPlayerPlanes;
constexpr int kBoardPlane = kPlayerPlanes + 1;
constexpr int kGoalPlane = kPlayerPlanes + 2;
constexpr int kPlaneCount = kPlayerPlanes + 3;
constexpr int kObservationSize = kPlaneCount * kGridSide * kGridSide;

class SeatFrame {
  public:
    static const SeatFrame& get();

    // The turn of the star that brings `seat` to the south arm.
    [[nodiscard]] int turnFor(Seat seat) const { return turnForSeat_[seat]; }
    // A hole's index after `turn` sixth-turns, and back.
    [[nodiscard]] Hole turned(int turn, Hole hole) const { return turned_[turn][hole]; }
    [[nodiscard]] Hole unturned(int turn, Hole hole) const { return unturned_[turn][hole]; }
    // Where a hole (already turned) lies on the grid, as row * 17 + column.
    [[nodiscard]] int cell(Hole hole) const { return cell_[hole]; }

  private:
    SeatFrame();
    std::array<int, kSeatCount> turnForSeat_{};
    std::array<std::array<Hole, kHoleCount>, kSeatCount> turned_{};
    std::array<std::array<Hole, kHoleCount>, kSeatCount> unturned_{};
    std::array<int, kHoleCount> cell_{};
};

// The turn of the star for a player (0-based): its first army to the south arm.
int playerTurn(const Position& position, int player);
// The move's action number from the mover's seat.
int actionOf(const Position& position, Move move);
// The legal move an action names, or none when it names no legal move.
std::optional<Move> moveOfAction(const Position& position, const MoveList& legal, int64_t action);
// Writes the planes (kObservationSize values, zeroed first) from the seat of `player`
// (0-based): its pieces first, then each player's after it in turn order.
void writeObservation(const Position& position, int player, std::span<float> planes);
// Sets the legal actions to 1 in `mask` (kActionCount values, zeroed first).
void writeActionMask(const Position& position, const MoveList& legal, std::span<int8_t> mask);

// The reward of each player's place at the end of a game: 1 for first alone, -1 for
// last alone, evenly between, a shared place worth the mean of the places it spans (so
// the rewards sum to zero; solo: 1 for finishing). Zero for a game still going.
void writePlaceRewards(const Position& position, std::span<float> rewards);

}  // namespace cc::python
