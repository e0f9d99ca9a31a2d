#include "match/ratings/elo.h"

#include <algorithm>
#include <cmath>

namespace cc::match {

double ScoreSamples::count() const {
    double total = 0;
    for (const auto& [score, weight] : counts_) total += weight;
    return total;
}

double ScoreSamples::mean() const {
    const double total = count();
    if (total == 0) return 0.5;
    double sum = 0;
    for (const auto& [score, weight] : counts_) sum += score * weight;
    return sum / total;
}

double ScoreSamples::variance() const {
    const double total = count();
    if (total == 0) return 0;
    const double average = mean();
    double sum = 0;
    for (const auto& [score, weight] : counts_)
        sum += weight * (score - average) * (score - average);
    return sum / total;
}

double eloFromScore(double score) {
    // A score of 0 or 1 has no finite Elo: cap it where the table still reads sensibly.
    const double clamped = std::clamp(score, 1e-4, 1 - 1e-4);
    return -400 * std::log10(1 / clamped - 1) + 0.0;  // + 0.0: no "-0.0" in tables
}

double scoreFromElo(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
}

EloEstimate estimateElo(const ScoreSamples& samples) {
    const double count = samples.count();
    const double mean = samples.mean();
    EloEstimate estimate;
    estimate.elo = eloFromScore(mean);
    const double spread = count > 0 ? 1.959964 * std::sqrt(samples.variance() / count) : 1;
    estimate.low = eloFromScore(mean - spread);
    estimate.high = eloFromScore(mean + spread);
    return estimate;
}

SprtState sprt(const ScoreSamples& samples, double elo0, double elo1, double alpha, double beta) {
    SprtState state;
    state.lower = std::log(beta / (1 - alpha));
    state.upper = std::log((1 - beta) / alpha);
    const double count = samples.count();
    const double variance = samples.variance();
    if (count == 0 || variance <= 0) return state;  // nothing to go on yet
    const double s0 = scoreFromElo(elo0);
    const double s1 = scoreFromElo(elo1);
    state.llr = count * (s1 - s0) * (2 * samples.mean() - s0 - s1) / (2 * variance);
    return state;
}

}  // namespace cc::match
