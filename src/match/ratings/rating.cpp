#include "match/ratings/rating.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace cc::match {

namespace {

constexpr int kResamples = 200;
// Fewer rounds than this are too few to resample: whole games are resampled instead.
constexpr int kMinRoundsToResample = 10;
constexpr int kMaxIterations = 5000;

// Pairwise results between engines: score[a * n + b] is a's score against b over
// encounters[a * n + b] encounters.
struct PairResults {
    explicit PairResults(int engines)
        : count(engines),
          score(size_t(engines) * size_t(engines), 0.0),
          encounters(size_t(engines) * size_t(engines), 0.0) {}
    void add(const PairResults& other) {
        for (size_t index = 0; index < score.size(); ++index) {
            score[index] += other.score[index];
            encounters[index] += other.encounters[index];
        }
    }
    int count;
    std::vector<double> score;
    std::vector<double> encounters;
};

PairResults resultsOf(const RatedGame& game, int engines) {
    PairResults results(engines);
    for (size_t p = 0; p < game.engines.size(); ++p) {
        for (size_t q = 0; q < game.engines.size(); ++q) {
            const int a = game.engines[p];
            const int b = game.engines[q];
            if (a == b) continue;
            const size_t at = size_t(a) * size_t(engines) + size_t(b);
            results.score[at] += game.places[p] < game.places[q]    ? 1.0
                                 : game.places[p] == game.places[q] ? 0.5
                                                                    : 0.0;
            results.encounters[at] += 1;
        }
    }
    return results;
}

// Hunter's minorisation-maximisation for Bradley-Terry, draws as half points. Every
// pair that met gets one virtual draw more, so that an engine that won or lost every
// game still has a finite rating (a shrinkage that fades as games accumulate).
// Returns Elo (400 log10 of the strengths), anchored.
std::vector<double> fit(const PairResults& results, int anchor, double anchorElo) {
    const int n = results.count;
    std::vector<double> strength(size_t(n), 1.0);
    std::vector<double> wins(size_t(n), 0.0);
    std::vector<double> met(size_t(n) * size_t(n), 0.0);
    for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
            const size_t at = size_t(a) * size_t(n) + size_t(b);
            if (a == b || results.encounters[at] == 0) continue;
            met[at] = results.encounters[at] + 1;
            wins[size_t(a)] += results.score[at] + 0.5;
        }
    }
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        double change = 0;
        for (int a = 0; a < n; ++a) {
            double denominator = 0;
            for (int b = 0; b < n; ++b) {
                const double games = met[size_t(a) * size_t(n) + size_t(b)];
                if (games > 0) denominator += games / (strength[size_t(a)] + strength[size_t(b)]);
            }
            if (denominator <= 0) continue;  // an engine without games keeps its start
            const double next = wins[size_t(a)] / denominator;
            change = std::max(change, std::abs(std::log(next / strength[size_t(a)])));
            strength[size_t(a)] = next;
        }
        // Only ratios matter: keep the anchor at 1 so that the numbers stay in range.
        const double scale = strength[size_t(anchor)];
        for (double& value : strength) value /= scale;
        if (change < 1e-9) break;
    }
    std::vector<double> elo;
    elo.reserve(size_t(n));
    for (const double value : strength) elo.push_back(anchorElo + 400 * std::log10(value));
    return elo;
}

double percentile(std::vector<double> values, double share) {
    std::sort(values.begin(), values.end());
    const double at = share * double(values.size() - 1);
    const size_t below = size_t(std::floor(at));
    const size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (at - double(below)) * (values[above] - values[below]);
}

}  // namespace

double RatingList::los(int a, int b) const {
    if (samples.empty()) return 0.5;
    double above = 0;
    for (const auto& sample : samples) {
        const double difference = sample[size_t(a)] - sample[size_t(b)];
        above += difference > 0 ? 1.0 : difference == 0 ? 0.5 : 0.0;
    }
    return above / double(samples.size());
}

RatingList fitRatings(const std::vector<RatedGame>& games, int engineCount, int anchorEngine,
                      double anchorElo) {
    RatingList list;
    if (engineCount <= 0) return list;
    // Units of the bootstrap, in game order whatever order the games were added in.
    std::vector<const RatedGame*> ordered;
    ordered.reserve(games.size());
    for (const RatedGame& game : games) ordered.push_back(&game);
    std::sort(ordered.begin(), ordered.end(),
              [](const RatedGame* a, const RatedGame* b) { return a->game < b->game; });
    std::map<int, int> rounds;
    for (const RatedGame* game : ordered) rounds.emplace(game->round, 0);
    const bool byRound = int(rounds.size()) >= kMinRoundsToResample;
    list.unit = byRound ? "rounds" : "games";
    std::vector<PairResults> units;
    PairResults all(engineCount);
    for (const RatedGame* game : ordered) {
        const PairResults results = resultsOf(*game, engineCount);
        all.add(results);
        if (byRound) {
            auto [found, added] = rounds.emplace(game->round, 0);
            if (found->second == 0) {
                units.emplace_back(engineCount);
                found->second = int(units.size());
            }
            units[size_t(found->second - 1)].add(results);
        } else {
            units.push_back(results);
        }
    }
    list.elo = fit(all, anchorEngine, anchorElo);
    for (int a = 0; a < engineCount; ++a) {
        double encounters = 0;
        for (int b = 0; b < engineCount; ++b)
            encounters += all.encounters[size_t(a) * size_t(engineCount) + size_t(b)];
        list.encounters.push_back(int(encounters));
    }
    list.low = list.elo;
    list.high = list.elo;
    if (units.size() < 2) return list;
    std::mt19937_64 random(1);  // fixed: the same games give the same intervals
    std::uniform_int_distribution<size_t> pick(0, units.size() - 1);
    for (int resample = 0; resample < kResamples; ++resample) {
        PairResults drawn(engineCount);
        for (size_t unit = 0; unit < units.size(); ++unit) drawn.add(units[pick(random)]);
        list.samples.push_back(fit(drawn, anchorEngine, anchorElo));
    }
    list.resamples = kResamples;
    for (int engine = 0; engine < engineCount; ++engine) {
        std::vector<double> values;
        for (const auto& sample : list.samples) values.push_back(sample[size_t(engine)]);
        list.low[size_t(engine)] = percentile(values, 0.025);
        list.high[size_t(engine)] = percentile(values, 0.975);
    }
    return list;
}

}  // namespace cc::match
