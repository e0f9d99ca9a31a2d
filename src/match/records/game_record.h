#pragma once
// One played game as ccmatch records it, and the PGN-like text it is written as
// (protocol-spec/match.md, "Records"): tags, then the moves, then a blank line.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "match/engines/process_facts.h"
#include "match/records/move_eval.h"
#include "util/expected.h"

namespace cc::match {

// Why a game ended, or why a player was taken out of it. kEndReasons below says, per
// reason, its name in records and JSON and whether it is a forfeit; a new reason is
// one enumerator and one row.
enum class EndReason {
    Finish,
    Resign,
    MoveLimit,
    Stall,
    Repetition,
    PassRound,
    Cap,          // ccmatch's progress cap for rules without a move limit
    IllegalMove,  // unparsable or illegal bestmove
    TimeLoss,
    Crash,         // the engine's output closed: it exited or crashed
    Unresponsive,  // no cciok, readyok or bestmove within a time-out
    AdjudicatedResign,
    AdjudicatedDraw,
    MaxMoves,  // ccmatch's -maxmoves
};

struct EndReasonInfo {
    EndReason reason;
    std::string_view name;
    bool forfeit;  // takes a player out for misbehaving rather than by the rules
};

inline constexpr std::array kEndReasons = {
    EndReasonInfo{EndReason::Finish, "finish", false},
    EndReasonInfo{EndReason::Resign, "resign", false},
    EndReasonInfo{EndReason::MoveLimit, "movelimit", false},
    EndReasonInfo{EndReason::Stall, "stall", false},
    EndReasonInfo{EndReason::Repetition, "repetition", false},
    EndReasonInfo{EndReason::PassRound, "passround", false},
    EndReasonInfo{EndReason::Cap, "cap", false},
    EndReasonInfo{EndReason::IllegalMove, "illegal-move", true},
    EndReasonInfo{EndReason::TimeLoss, "time-loss", true},
    EndReasonInfo{EndReason::Crash, "crash", true},
    EndReasonInfo{EndReason::Unresponsive, "unresponsive", true},
    EndReasonInfo{EndReason::AdjudicatedResign, "adj-resign", false},
    EndReasonInfo{EndReason::AdjudicatedDraw, "adj-draw", false},
    EndReasonInfo{EndReason::MaxMoves, "maxmoves", false},
};
inline constexpr size_t kEndReasonCount = kEndReasons.size();

constexpr bool endReasonsInEnumOrder() {
    for (size_t index = 0; index < kEndReasonCount; ++index) {
        if (kEndReasons[index].reason != EndReason(index)) return false;
    }
    return true;
}
static_assert(endReasonsInEnumOrder(), "kEndReasons lists every EndReason in enum order");

inline const EndReasonInfo& endReasonInfo(EndReason reason) {
    return kEndReasons[size_t(reason)];
}
inline std::string_view endReasonName(EndReason reason) {
    return endReasonInfo(reason).name;
}
inline bool isForfeit(EndReason reason) {
    return endReasonInfo(reason).forfeit;
}
bool parseEndReason(std::string_view text, EndReason& reason);

// A player the referee resigned for: its engine misbehaved (protocol-spec/rules.md
// §8.8 Resign: the others play on).
struct Forfeit {
    int player = 0;  // 0-based
    EndReason reason = EndReason::IllegalMove;
    int ply = 0;  // 1-based ply of the game (after the opening) it happened at
    std::string detail;
};

struct GameRecord {
    int game = 0;   // 1-based index over the whole match (all shards)
    int round = 0;  // 1-based; one opening per round
    // A sharded run's records name their shard and the match's rounds, so -merge can name
    // the rounds a killed shard did not play; 0 when the run is not sharded.
    int shardIndex = 0;  // 1-based
    int shardCount = 0;
    int rounds = 0;
    std::string date;
    std::string rules;                      // formatRules: every key
    std::vector<std::string> engines;       // engine name per player
    std::vector<std::string> seats;         // each player's seats ("1", "1+4")
    std::vector<std::string> timeControls;  // per player
    std::string opening;                    // `position` arguments the game started from
    std::string start;                      // position text after the opening
    std::vector<std::string> moves;         // after the opening
    std::vector<int64_t> moveTimesMs;       // per move: the engine's time (0: the referee's)
    // Per move, what the mover's engine last reported (written as the move's comment);
    // empty when no move has a report.
    std::vector<MoveEval> evals;
    std::vector<int> places;  // per player
    EndReason reason = EndReason::Finish;
    std::string termination;  // a sentence for people
    std::vector<Forfeit> forfeits;
    // Per player: `go ponder` searches started and those the real move hit; empty when
    // no engine of the game pondered.
    std::vector<int> ponders;
    std::vector<int> ponderHits;
    // Per player, its engine's process at the game's end; empty when not known (a record
    // of an older ccmatch), pid 0 for a process that had stopped (a forfeit).
    std::vector<EngineProcessFacts> processes;

    [[nodiscard]] int players() const { return int(engines.size()); }
};

std::string formatRecord(const GameRecord& record);
// Every record in a file's text; an error names the line.
Expected<std::vector<GameRecord>> parseRecords(std::string_view text);

}  // namespace cc::match
