#include "tools/tune.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

#include "core/game.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "match/records/game_record.h"
#include "util/text.h"

namespace cc {

namespace {

// A weight the local search may move, and its first step.
struct TunedWeight {
    std::string_view name;
    int EvalWeights::*field;
    int firstStep;
};

constexpr std::array kTunedWeights = {
    TunedWeight{"straggler", &EvalWeights::straggler, 2},
    TunedWeight{"kingStep", &EvalWeights::kingStep, 16},
    TunedWeight{"tempo", &EvalWeights::tempo, 16},
    TunedWeight{"atHome", &EvalWeights::atHome, 32},
    TunedWeight{"parked", &EvalWeights::parked, 32},
    TunedWeight{"offAxis", &EvalWeights::offAxis, 8},
    TunedWeight{"lagging", &EvalWeights::lagging, 16},
    TunedWeight{"hopGain", &EvalWeights::hopGain, 8},
    TunedWeight{"fillHeld", &EvalWeights::fillHeld, 32},
    TunedWeight{"outside", &EvalWeights::outside, 32},
};
constexpr size_t kCrowdedFrom = 3;
constexpr int kLineSearchMoves = 16;  // kTunedWeights from here on are the crowded-board terms

// 1 when `player` finished ahead of `other`, 0.5 level, 0 behind (no place is last).
double outcome(const std::array<int, kMaxPlayers>& places, int player, int other) {
    auto rank = [](int place) { return place == 0 ? kMaxPlayers + 1 : place; };
    const int mine = rank(places[size_t(player)]);
    const int theirs = rank(places[size_t(other)]);
    return mine < theirs ? 1.0 : mine > theirs ? 0.0 : 0.5;
}

// Quiet: the mover's best move gains at most the margin over the static score, and no
// move ends the mover's race (a finish is a result, not a score).
bool quiet(const Position& position, const Evaluator& evaluator, int margin, MoveList& moves) {
    const int mover = position.mover();
    const int still = evaluator.evaluate(position, mover);
    generateLegal(position, moves);
    int best = INT_MIN;
    for (const Move move : moves) {
        Position next = position;
        playMove(next, move);
        if (next.finishedCount() > 0 || next.over()) return false;
        best = std::max(best, evaluator.evaluate(next, mover));
    }
    return best != INT_MIN && best - still <= margin;
}

bool everyoneRacing(const Position& position) {
    if (position.over()) return false;
    for (int player = 0; player < position.layout().players(); ++player) {
        if (!position.active(player)) return false;
    }
    return true;
}

Expected<std::shared_ptr<const Layout>> layoutOf(const match::GameRecord& record) {
    Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(record.rules));
    if (!rules) return Error{fmt::format("game {}: Rules: {}", record.game, rules.error())};
    return Layout::make(*rules);
}

// Whether `name` is one of the comma-separated names of `list`.
bool namedIn(std::string_view list, std::string_view name) {
    for (const std::string_view word : split(list, ',')) {
        if (word == name) return true;
    }
    return false;
}

double sigmoid(double score, double scale) {
    return 1.0 / (1.0 + std::exp(-score / scale));
}

}  // namespace

Expected<void> checkWeightNames(std::string_view names) {
    for (const std::string_view name :
         names.empty() ? std::vector<std::string_view>{""} : split(names, ',')) {
        if (std::none_of(kTunedWeights.begin(), kTunedWeights.end(),
                         [&](const TunedWeight& weight) { return weight.name == name; }))
            return Error{fmt::format("no weight named '{}'", excerpt(name))};
    }
    return {};
}

Expected<TuneData> readTuneData(const std::string& recordText, int players,
                                const TuneSettings& settings) {
    Expected<std::vector<match::GameRecord>> records = match::parseRecords(recordText);
    if (!records) return Error{records.error()};
    TuneData data;
    std::map<std::string, size_t> layoutOfRules;  // games of one rule set share a layout
    std::vector<Evaluator> evaluators;
    MoveList moves;
    for (const match::GameRecord& record : *records) {
        if (record.players() != players || int(record.places.size()) != players) continue;
        auto [found, added] = layoutOfRules.try_emplace(record.rules, data.layouts.size());
        if (added) {
            Expected<std::shared_ptr<const Layout>> layout = layoutOf(record);
            if (!layout) return Error{layout.error()};
            data.layouts.push_back(*layout);
            evaluators.emplace_back(**layout);
        }
        const Layout& layout = *data.layouts[found->second];
        const Evaluator& evaluator = evaluators[found->second];
        Expected<Position> start = parsePosition(layout, record.start);
        if (!start) return Error{fmt::format("game {}: Start: {}", record.game, start.error())};
        std::array<int, kMaxPlayers> places{};
        std::copy(record.places.begin(), record.places.end(), places.begin());
        Position position = *start;
        ++data.games;
        for (size_t ply = 0; ply <= record.moves.size(); ++ply) {
            ++data.positions;
            if (int(ply) >= settings.skipPlies && everyoneRacing(position) &&
                quiet(position, evaluator, settings.quietMargin, moves))
                data.samples.push_back(TuneSample{position, places});
            if (ply == record.moves.size()) break;
            Expected<Move> move = parseMove(position, record.moves[ply]);
            if (!move) {
                return Error{fmt::format("game {} ply {}: {}", record.game, ply + 1, move.error())};
            }
            playMove(position, *move);
        }
    }
    return data;
}

namespace {

// The mean squared error of the predictions sigmoid(score / scale) of every sample.
double tuneError(const TuneData& data, const EvalWeights& weights, double scale) {
    std::map<const Layout*, Evaluator> evaluators;
    for (const auto& layout : data.layouts) evaluators.try_emplace(layout.get(), *layout, weights);
    double sum = 0;
    int64_t terms = 0;
    for (const TuneSample& sample : data.samples) {
        const Position& position = sample.position;
        const Evaluator& evaluator = evaluators.at(&position.layout());
        const int players = position.layout().players();
        std::array<int, kMaxPlayers> costs{};
        for (int player = 0; player < players; ++player)
            costs[size_t(player)] = evaluator.remainingCost(position, player);
        for (int player = 0; player < players; ++player) {
            // The evaluation scores the player against its leading opponent.
            int leader = -1;
            for (int other = 0; other < players; ++other) {
                if (other != player && (leader < 0 || costs[size_t(other)] < costs[size_t(leader)]))
                    leader = other;
            }
            const int score = evaluator.evaluate(position, costs, player, position.mover());
            const double error = outcome(sample.places, player, leader) - sigmoid(score, scale);
            sum += error * error;
            ++terms;
        }
    }
    return terms == 0 ? 0.0 : sum / double(terms);
}

// The scale (centi-steps) that minimises tuneError for fixed weights.
double fitScale(const TuneData& data, const EvalWeights& weights) {
    // The error is unimodal in the scale: a ternary search on its logarithm.
    double low = std::log(10.0);
    double high = std::log(100000.0);
    for (int round = 0; round < 40; ++round) {
        const double a = low + (high - low) / 3;
        const double b = high - (high - low) / 3;
        if (tuneError(data, weights, std::exp(a)) < tuneError(data, weights, std::exp(b)))
            high = b;
        else
            low = a;
    }
    return std::exp((low + high) / 2);
}

}  // namespace

TuneResult fitWeights(const TuneData& data, const EvalWeights& start,
                      const TuneSettings& settings) {
    TuneResult result;
    result.weights = start;
    result.scale = fitScale(data, start);
    result.errorBefore = tuneError(data, start, result.scale);
    double best = result.errorBefore;
    const size_t tuned = settings.fitLagging ? kTunedWeights.size() : kCrowdedFrom;
    std::array<int, kTunedWeights.size()> steps{};  // 0: the weight is not fitted
    for (size_t index = 0; index < tuned; ++index) {
        if (settings.only.empty() || namedIn(settings.only, kTunedWeights[index].name))
            steps[index] = kTunedWeights[index].firstStep;
    }
    for (int pass = 0; pass < settings.maxPasses; ++pass) {
        bool improved = false;
        for (size_t index = 0; index < tuned; ++index) {
            if (steps[index] == 0) continue;
            for (const int direction : {1, -1}) {
                // Keep going while the error falls (a bounded line search: on records that
                // say little, a weight may drift on for ever).
                for (int move = 0; move < kLineSearchMoves; ++move) {
                    EvalWeights trial = result.weights;
                    trial.*kTunedWeights[index].field += direction * steps[index];
                    const double error = tuneError(data, trial, result.scale);
                    if (error >= best) break;
                    best = error;
                    result.weights = trial;
                    improved = true;
                }
            }
        }
        if (improved) continue;
        bool finest = true;
        for (size_t index = 0; index < tuned; ++index) {
            if (steps[index] > 1) finest = false;
            if (steps[index] > 0) steps[index] = std::max(1, steps[index] / 2);
        }
        if (finest) break;
    }
    result.errorAfter = best;
    return result;
}

}  // namespace cc
