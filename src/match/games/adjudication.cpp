#include "match/games/adjudication.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstdlib>

#include "core/game.h"
#include "match/games/game_runner.h"
#include "util/text.h"

namespace cc::match {

namespace {

// Places by progress: the rules' own stall ranking (pieces in the goal, then distance).
std::vector<int> placesByProgress(const Position& now, int players) {
    Position ranked = now;
    endGame(ranked, GameStatus::Stall);
    std::vector<int> places;
    places.reserve(size_t(players));
    for (int player = 0; player < players; ++player) places.push_back(ranked.place(player));
    return places;
}

// -cap: no end after this many rounds; places by progress.
class ProgressCap final : public Adjudicator {
  public:
    ProgressCap(int rounds, int players) : rounds_(rounds), players_(players) {}
    void observe(int /*mover*/, const MoveEval& /*eval*/) override {}
    std::optional<Verdict> verdict(const Position& now) override {
        if (now.round() <= rounds_) return std::nullopt;
        return Verdict{placesByProgress(now, players_), EndReason::Cap,
                       fmt::format("no end after {} rounds: places by progress", rounds_)};
    }

  private:
    int rounds_;
    int players_;
};

// -maxmoves: a draw (every player shares first place) after this many rounds.
class MoveLimit final : public Adjudicator {
  public:
    MoveLimit(int rounds, int players) : rounds_(rounds), players_(players) {}
    void observe(int /*mover*/, const MoveEval& /*eval*/) override {}
    std::optional<Verdict> verdict(const Position& now) override {
        if (now.round() <= rounds_) return std::nullopt;
        return Verdict{std::vector<int>(size_t(players_), 1), EndReason::MaxMoves,
                       fmt::format("no end after {} rounds (-maxmoves): a draw", rounds_)};
    }

  private:
    int rounds_;
    int players_;
};

// -resign: a player whose engine scored at or below -score (or whose win chance was at
// or below winchance) for movecount of its moves in a row loses (two players).
class ResignAdjudicator final : public Adjudicator {
  public:
    explicit ResignAdjudicator(const ResignAdjudication& settings) : settings_(settings) {}
    void observe(int mover, const MoveEval& eval) override {
        if (mover < 0 || mover > 1) return;
        int& streak = streaks_[size_t(mover)];
        streak = lost(eval) ? streak + 1 : 0;
        if (streak >= settings_.moveCount) loser_ = mover;
    }
    std::optional<Verdict> verdict(const Position& /*now*/) override {
        if (!loser_) return std::nullopt;
        std::vector<int> places = {1, 1};
        places[size_t(*loser_)] = 2;
        const std::string how =
            settings_.winChance
                ? fmt::format("reported a win chance of {} per mille or less", *settings_.winChance)
                : fmt::format("scored {} cp or less", -settings_.scoreCp);
        return Verdict{places, EndReason::AdjudicatedResign,
                       fmt::format("player {} {} for {} moves: a loss", *loser_ + 1, how,
                                   settings_.moveCount)};
    }

  private:
    [[nodiscard]] bool lost(const MoveEval& eval) const {
        if (settings_.winChance) {
            const std::optional<double> chance = eval.winChance();
            return chance && *chance <= *settings_.winChance;
        }
        const std::optional<int> score = adjudicatedScore(eval);
        return score && *score <= -settings_.scoreCp;
    }

    ResignAdjudication settings_;
    std::array<int, 2> streaks_{};
    std::optional<int> loser_;
};

// -draw: from move movenumber on, both engines within +-score (or their win chances
// within winchance of 500) for movecount moves each.
class DrawAdjudicator final : public Adjudicator {
  public:
    explicit DrawAdjudicator(const DrawAdjudication& settings) : settings_(settings) {}
    void observe(int mover, const MoveEval& eval) override {
        if (mover < 0 || mover > 1) return;
        ++moves_;
        int& streak = streaks_[size_t(mover)];
        streak = level(eval) && moves_ / 2 >= settings_.moveNumber ? streak + 1 : 0;
    }
    std::optional<Verdict> verdict(const Position& /*now*/) override {
        if (streaks_[0] < settings_.moveCount || streaks_[1] < settings_.moveCount) {
            return std::nullopt;
        }
        const std::string how =
            settings_.winChance
                ? fmt::format("both win chances within {} per mille of 500", *settings_.winChance)
                : fmt::format("both scores within {} cp", settings_.scoreCp);
        return Verdict{{1, 1},
                       EndReason::AdjudicatedDraw,
                       fmt::format("{} for {} moves: a draw", how, settings_.moveCount)};
    }

  private:
    [[nodiscard]] bool level(const MoveEval& eval) const {
        if (settings_.winChance) {
            const std::optional<double> chance = eval.winChance();
            return chance && std::abs(*chance - 500) <= *settings_.winChance;
        }
        const std::optional<int> score = adjudicatedScore(eval);
        return score && std::abs(*score) <= settings_.scoreCp;
    }

    DrawAdjudication settings_;
    std::array<int, 2> streaks_{};
    int moves_ = 0;
};

}  // namespace

int effectiveCap(const MatchConfig& config) {
    if (config.capRounds) return *config.capRounds;
    return config.rules.moveLimit == 0 ? kDefaultCapRounds : 0;
}

std::vector<std::unique_ptr<Adjudicator>> makeAdjudicators(const MatchConfig& config) {
    std::vector<std::unique_ptr<Adjudicator>> adjudicators;
    const int players = config.rules.players;
    // Scores are read as one side's against the other's: two players only (the parser
    // refuses -resign and -draw otherwise).
    if (config.resign) adjudicators.push_back(std::make_unique<ResignAdjudicator>(*config.resign));
    if (config.draw) adjudicators.push_back(std::make_unique<DrawAdjudicator>(*config.draw));
    if (config.maxMoves)
        adjudicators.push_back(std::make_unique<MoveLimit>(*config.maxMoves, players));
    if (const int cap = effectiveCap(config); cap > 0) {
        adjudicators.push_back(std::make_unique<ProgressCap>(cap, players));
    }
    return adjudicators;
}

}  // namespace cc::match
