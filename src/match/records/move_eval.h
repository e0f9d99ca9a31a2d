#pragma once
// What the mover's engine last said about its move: the score, the depth and the win
// chances of its last `info` line with a score (protocol-spec/protocol.md, go), read
// once here for the adjudicators, the live feed and the records, and written into
// records as a move comment, `{+1.23/9 wdl=612,0,388}` (protocol-spec/match.md,
// "Records").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace cc::match {

struct MoveEval {
    std::optional<int> scoreCp;  // `score cp N`
    std::optional<int> mate;     // `score mate N`
    std::optional<int> depth;
    std::vector<int> wdl;    // `wdl W D L` (2 players, the mover's view, per mille); or empty
    std::vector<int> first;  // `first P1 .. PN` (each player's chance of first place); or empty

    [[nodiscard]] bool empty() const {
        return !scoreCp && !mate && !depth && wdl.empty() && first.empty();
    }
    // The mover's chance of winning, a draw counted half, in per mille: W + D/2. Nothing
    // without `wdl`.
    [[nodiscard]] std::optional<double> winChance() const;
    bool operator==(const MoveEval&) const = default;
};

// The score, depth and chances of an `info` line, its `pv` apart; keys it lacks (or
// whose values are not numbers) are left out, so any line gives an answer.
struct InfoSummary {
    MoveEval eval;
    std::string pv;  // the pv's moves, space-separated; "" when none
};
InfoSummary readInfoLine(std::string_view line);

// The score as the adjudicators compare it: `score cp N`, or `mate N` as +-30000.
std::optional<int> adjudicatedScore(const MoveEval& eval);

// The comment's text, without braces: `+1.23/9 wdl=612,0,388`, `-M3/12`,
// `0.00/7 first=120,300,80`. Empty for an empty eval.
std::string formatMoveComment(const MoveEval& eval);
// A comment's text back (without braces); an error names the word it cannot read.
Expected<MoveEval> parseMoveComment(std::string_view text);
// The numbers joined by commas ("504,0,496"), as records write lists.
std::string joinInts(const std::vector<int>& values);

}  // namespace cc::match
