#pragma once
// Match statistics (protocol-spec/match.md, "Statistics"): the logistic Elo of a mean
// score with its 95% interval, and the GSPRT log-likelihood ratio (the normal
// approximation fastchess uses) over samples of scores in [0, 1]: one per game
// (trinomial), one per pair of games on the same opening (pentanomial), or a player's
// score against the field in an N-player game.

#include <map>

namespace cc::match {

// How often each score was seen.
class ScoreSamples {
  public:
    void add(double score, double weight = 1) { counts_[score] += weight; }
    [[nodiscard]] double count() const;
    [[nodiscard]] double mean() const;
    // Of one sample (not of the mean).
    [[nodiscard]] double variance() const;
    [[nodiscard]] const std::map<double, double>& counts() const { return counts_; }

  private:
    std::map<double, double> counts_;
};

double eloFromScore(double score);
double scoreFromElo(double elo);

struct EloEstimate {
    double elo = 0;
    double low = 0;  // 95% interval
    double high = 0;
    [[nodiscard]] double error() const { return (high - low) / 2; }
};

EloEstimate estimateElo(const ScoreSamples& samples);

struct SprtState {
    double llr = 0;
    double lower = 0;  // accept H0 (elo0) at or below
    double upper = 0;  // accept H1 (elo1) at or above
    [[nodiscard]] bool decided() const { return llr <= lower || llr >= upper; }
    [[nodiscard]] const char* verdict() const {
        return llr >= upper ? "H1" : llr <= lower ? "H0" : "continue";
    }
};

SprtState sprt(const ScoreSamples& samples, double elo0, double elo1, double alpha, double beta);

}  // namespace cc::match
