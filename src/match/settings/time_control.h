#pragma once
// Time controls: parsing `tc=BASE+INC` and `st=SECONDS`, each player's clock during a
// game, and the `go` line that hands every player's clock to the engine to move
// (protocol-spec/match.md, "Time controls").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/settings/match_config.h"

namespace cc::match {

// Seconds as a decimal number ("0.5", "10"), in milliseconds; nullopt unless >= 0.
std::optional<int64_t> parseSecondsAsMs(std::string_view text);
// Fills baseMs and incrementMs from "BASE" or "BASE+INC" (seconds).
bool parseClockText(std::string_view text, TimeControl& control);
// "1+0.01", "st=0.1", "depth=3", ... for records and tables.
std::string describe(const TimeControl& control);

// The clocks of one game, one per player, each run by its engine's time control.
class GameClocks {
  public:
    explicit GameClocks(const std::vector<TimeControl>& perPlayer);

    // `go` with every player's clock and the mover's limits.
    [[nodiscard]] std::string goCommand(int mover) const;
    // How long the mover may take before it has lost on time (clock or st, plus
    // margin); nullopt when neither limits it.
    [[nodiscard]] std::optional<int64_t> allowanceMs(int mover, int64_t marginMs) const;
    // Charges the mover's thinking time and adds its increment.
    void charge(int mover, int64_t elapsedMs);
    [[nodiscard]] int64_t remainingMs(int player) const { return remaining_[player]; }

  private:
    std::vector<TimeControl> controls_;
    std::vector<int64_t> remaining_;
};

}  // namespace cc::match
