#pragma once
// The rating list (protocol-spec/match.md, "Ratings"): maximum-likelihood Elo of every
// engine from every game. Each game gives, for every two players with different
// engines, a result from their places (the better place 1, a shared place 1/2), and the
// ratings maximise the Bradley-Terry likelihood of those results (draws as half
// points, as Ordo and BayesElo's default do). With two players that is the plain
// Bradley-Terry model; with more it is the pairwise reading of the places, whose
// parameters are those of Plackett-Luce (under Plackett-Luce, i is placed above j with
// probability g_i / (g_i + g_j)) and which takes shared places as it takes draws.
// The 95% intervals and the likelihood of superiority come from a bootstrap over
// rounds (whole rounds resampled, so the pairs of one game, and the games of one
// opening, stay together); the numbers depend on the games only, not on the order
// they finished in, so -merge of shards gives the list of one run.

#include <string>
#include <vector>

namespace cc::match {

struct RatedGame {
    int round = 0;
    int game = 0;
    std::vector<int> engines;  // per player: an index into the list's engines
    std::vector<int> places;   // per player
};

struct RatingList {
    std::vector<double> elo;  // per engine, anchored
    std::vector<double> low;  // 95% interval
    std::vector<double> high;
    std::vector<int> encounters;  // pairwise results that went into each engine's rating
    int resamples = 0;
    std::string unit;  // what the bootstrap resampled: "rounds" or "games"
    // Likelihood of superiority: the share of resamples in which a rated above b.
    [[nodiscard]] double los(int a, int b) const;

    std::vector<std::vector<double>> samples;  // per resample, per engine
};

// anchorEngine (an index) gets anchorElo.
RatingList fitRatings(const std::vector<RatedGame>& games, int engineCount, int anchorEngine,
                      double anchorElo);

}  // namespace cc::match
