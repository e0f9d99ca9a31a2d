#pragma once
// What ccmatch prints (protocol-spec/match.md, "Output"): a line per finished game, the
// running score, the final table, and the JSON results file.

#include <optional>
#include <string>
#include <vector>

#include "match/ratings/standings.h"
#include "match/records/game_record.h"
#include "match/settings/match_config.h"

namespace cc::match {

// An engine's pondering over a run: `go ponder` searches and the hits among them.
struct PonderTotals {
    std::string name;
    int64_t ponders = 0;
    int64_t hits = 0;
};

// Adds the record's ponder counts to its engines' totals (new engines at the end).
void addPonderTotals(const GameRecord& record, std::vector<PonderTotals>& totals);

// What the totals alone do not say.
struct RunFacts {
    std::string rules;
    std::optional<SprtConfig> sprt;
    Shard shard;
    int plannedGames = 0;
    double refereeMsPerMove = 0;  // ccmatch's own time per bestmove (not for -merge)
    Anchor anchor;
    std::vector<std::string> settings;  // for the HTML report: how the run was set up
    std::vector<PonderTotals> ponder;   // engines that pondered (empty: none did)
    // Lines the engines should not have written (not for -merge: records do not keep them).
    std::optional<int64_t> strayLines;
    std::string firstStrayLine;
};

// The rating list of the standings, anchored as the facts say.
RatingList ratingsOf(const Standings& standings, const RunFacts& facts);
// Engine indices by rating, best first.
std::vector<size_t> byRating(const RatingList& ratings);

// One engine's line of the rating list, as the text and HTML reports show it.
struct RatingRow {
    size_t engine = 0;
    double score = 0;    // pairwise, from places
    int encounters = 0;  // the pairs that score counts
    std::string los;     // likelihood of superiority over the next one down ("": the last)
};
// The rows in the order given (byRating's).
std::vector<RatingRow> ratingRows(const Standings& standings, const RatingList& ratings,
                                  const std::vector<size_t>& order);

// "Finished game 3 (A vs B): 1-0 {finish}".
std::string finishedLine(const GameRecord& record);
// The running score: two engines' W-L-D, score, Elo and error, LLR when SPRT runs;
// for N players each engine's points and average place.
std::string scoreLine(const Standings& standings, const RunFacts& facts);
std::string finalTable(const Standings& standings, const RunFacts& facts);
std::string resultsJson(const Standings& standings, const RunFacts& facts);

}  // namespace cc::match
