#include "core/layout.h"

#include <algorithm>

namespace cc {

Layout::Layout(const Rules& rules) : rules_(rules), rulesKey_(rules.fingerprint()) {
    const Geometry& geometry = Geometry::get();
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        const Seat target = Geometry::opposite(seat);
        const bool camps = rules.pieces == 15;
        start_[seat] = camps ? geometry.camp15(seat) : geometry.arm(seat);
        goal_[seat] = camps ? geometry.camp15(target) : geometry.arm(target);
        goalTip_[seat] = geometry.tip(target);
        if (seatUsed(seat)) {
            armies_[owner(seat)].push_back(seat);
            for (Hole hole : goal_[seat]) goalSeatsAt_[hole] |= uint8_t(1U << seat);
        }
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            goalDistance_[seat][hole] =
                static_cast<uint8_t>(geometry.distance(hole, goalTip_[seat]));
        }
        if (rules.armUnused(seat) && rules.unusedArms == ArmAccess::Filled) {
            spareHoles_ |= geometry.arm(seat);
        }
    }
    for (int player = 0; player < rules.players; ++player) {
        Bitboard own;
        for (Seat seat : armies_[player]) {
            own |= geometry.arm(seat) | geometry.arm(Geometry::opposite(seat));
        }
        Bitboard end = geometry.hexagon() | own;
        Bitboard land = end;
        for (Seat arm = 0; arm < kSeatCount; ++arm) {
            if (own.contains(geometry.arm(arm))) continue;
            const ArmAccess access = rules.armUnused(arm) ? rules.unusedArms : rules.otherArms;
            if (access == ArmAccess::Free) end |= geometry.arm(arm);
            if (access == ArmAccess::Free || access == ArmAccess::Pass) land |= geometry.arm(arm);
        }
        endMask_[player] = end;
        landMask_[player] = land;
        turnOrder_.push_back(player);
    }
    std::sort(turnOrder_.begin(), turnOrder_.end(),
              [this](int a, int b) { return armies_[a].front() < armies_[b].front(); });
    const auto first = std::find(turnOrder_.begin(), turnOrder_.end(), rules.firstPlayer);
    std::rotate(turnOrder_.begin(), first, turnOrder_.end());
    for (int index = 0; index < rules.players; ++index) turnIndex_[turnOrder_[index]] = index;
}

}  // namespace cc
