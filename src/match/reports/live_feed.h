#pragma once
// ccmatch's live feed (-live FILE): one JSON object a line for every game start, move
// and end, and the standings after each game, appended and flushed as they happen so
// that a reader tailing the file (tail -F) follows the games in progress
// (protocol-spec/match.md, "Live feed"). Games run on several threads: every line is
// written whole under one lock.

#include <cstdint>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "match/ratings/standings.h"
#include "match/records/game_record.h"

namespace cc::match {

struct LiveMove {
    int game = 0;
    int ply = 0;     // 1-based, counted from the game's start position
    int player = 0;  // 0-based
    std::string move;
    int64_t elapsedMs = 0;
    std::vector<int64_t> clocksMs;  // every player's clock after the move; empty: no clocks
    std::string position;           // the position text after the move
    std::string lastInfo;           // the mover's last info line ("" when it sent none)
};

class LiveFeed {
  public:
    // Truncates the file; null (with the reason in `error`) when it cannot be written.
    static std::unique_ptr<LiveFeed> open(const std::string& path, std::string& error);

    void gameStarted(const GameRecord& record, const std::vector<int64_t>& clocksMs);
    void moved(const LiveMove& move);
    void gameEnded(const GameRecord& record);
    void standings(const Standings& standings);

  private:
    explicit LiveFeed(std::ofstream file) : file_(std::move(file)) {}
    void write(const std::string& line);

    std::mutex mutex_;
    std::ofstream file_;
};

// {"score": {"cp": N} | {"mate": N}, "depth": N, "pv": "..."} from an info line; the
// keys it lacks are left out ("{}" for none).
std::string liveInfoJson(const std::string& infoLine);

}  // namespace cc::match
