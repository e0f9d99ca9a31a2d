#pragma once
// Tables derived once from a Rules value: who owns which army, each army's start and
// goal, where each player may land, the turn order. Positions point to one Layout;
// move generation reads only these precomputed masks.

#include <array>
#include <memory>
#include <vector>

#include "core/rules.h"

namespace cc {

class Layout {
  public:
    explicit Layout(const Rules& rules);
    static std::shared_ptr<const Layout> make(const Rules& rules) {
        return std::make_shared<const Layout>(rules);
    }

    [[nodiscard]] const Rules& rules() const { return rules_; }
    [[nodiscard]] int players() const { return rules_.players; }

    [[nodiscard]] bool seatUsed(Seat seat) const { return rules_.seatUsed(seat); }
    [[nodiscard]] int owner(Seat seat) const { return rules_.seatOwner[seat]; }
    // Seats of the player's armies, ascending.
    [[nodiscard]] const std::vector<Seat>& armies(int player) const { return armies_[player]; }
    // Where an army starts: its arm, or its 15-hole camp.
    [[nodiscard]] Bitboard start(Seat seat) const { return start_[seat]; }
    // The army's goal: the opposite arm, or the opposite 15-hole camp.
    [[nodiscard]] Bitboard goal(Seat seat) const { return goal_[seat]; }
    [[nodiscard]] Hole goalTip(Seat seat) const { return goalTip_[seat]; }
    // A bit per seat of the armies whose goal holds the hole.
    [[nodiscard]] uint8_t goalSeatsAt(Hole hole) const { return goalSeatsAt_[hole]; }

    // Where a move of the player may end, and where a hop chain may land on the way.
    [[nodiscard]] Bitboard endMask(int player) const { return endMask_[player]; }
    [[nodiscard]] Bitboard landMask(int player) const { return landMask_[player]; }
    // Holes of unused arms filled with spare pieces.
    [[nodiscard]] Bitboard spareHoles() const { return spareHoles_; }

    // Players in turn order, starting with the first player.
    [[nodiscard]] const std::vector<int>& turnOrder() const { return turnOrder_; }
    // Place of the player in turnOrder().
    [[nodiscard]] int turnIndex(int player) const { return turnIndex_[player]; }

    // Remaining distance of a piece of the army standing on the hole: steps to its goal's
    // tip, so packing the goal towards the tip still counts as progress.
    [[nodiscard]] int distanceToGoal(Seat seat, Hole hole) const {
        return goalDistance_[seat][hole];
    }

    [[nodiscard]] uint64_t rulesKey() const { return rulesKey_; }

  private:
    Rules rules_;
    std::array<std::vector<Seat>, kMaxPlayers> armies_;
    std::array<Bitboard, kSeatCount> start_{};
    std::array<Bitboard, kSeatCount> goal_{};
    std::array<Hole, kSeatCount> goalTip_{};
    std::array<uint8_t, kHoleCount> goalSeatsAt_{};
    std::array<Bitboard, kMaxPlayers> endMask_{};
    std::array<Bitboard, kMaxPlayers> landMask_{};
    Bitboard spareHoles_;
    std::vector<int> turnOrder_;
    std::array<int, kMaxPlayers> turnIndex_{};
    std::array<std::array<uint8_t, kHoleCount>, kSeatCount> goalDistance_{};
    uint64_t rulesKey_ = 0;
};

}  // namespace cc
