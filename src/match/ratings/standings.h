#pragma once
// The totals of a match, built from game records only, so that one run and the merge
// of its shards give the same numbers (protocol-spec/match.md, "Statistics").

#include <array>
#include <map>
#include <string>
#include <vector>

#include "match/ratings/elo.h"
#include "match/ratings/rating.h"
#include "match/records/game_record.h"

namespace cc::match {

struct EngineTotals {
    std::string name;
    int games = 0;
    int wins = 0;  // two-player games
    int draws = 0;
    int losses = 0;
    int seriesPoints = 0;         // players minus place, summed (protocol-spec/protocol.md, result)
    std::array<int, 6> places{};  // games finished in place 1..6
    int forfeits = 0;
    [[nodiscard]] double points(int players) const {
        return players == 2 ? wins + draws / 2.0 : double(seriesPoints);
    }
};

struct PairTotals {
    double score = 0;  // of the first engine against the second, from places
    int encounters = 0;
};

class Standings {
  public:
    // Engines in the order tables show them; names only seen in records are appended.
    explicit Standings(const std::vector<std::string>& engineNames);

    void add(const GameRecord& record);

    [[nodiscard]] int games() const { return games_; }
    [[nodiscard]] int players() const { return players_; }
    [[nodiscard]] const std::vector<EngineTotals>& engines() const { return engines_; }
    [[nodiscard]] int reasonCount(EndReason reason) const { return reasons_[size_t(reason)]; }
    [[nodiscard]] int forfeitCount(EndReason reason) const { return forfeits_[size_t(reason)]; }
    // Engine a's score against engine b over every pair of players they had in a game.
    [[nodiscard]] PairTotals pair(int a, int b) const;
    // The engine's score against every other engine together (the rating list's Score).
    [[nodiscard]] double scoreAgainstAll(int engine) const;

    // The first engine against the second: per game (its mean score against the
    // second's players), and per completed pair of games on one opening.
    [[nodiscard]] const ScoreSamples& headToHead() const { return perGame_; }
    [[nodiscard]] const ScoreSamples& pentanomial() const { return perPair_; }
    // 0, 0.5, 1, 1.5, 2 points over a pair: how many pairs scored each.
    [[nodiscard]] std::array<int, 5> pentanomialCounts() const;
    // The samples SPRT and Elo use: pairs when two-player games were paired, else games.
    [[nodiscard]] const ScoreSamples& bestSamples() const;
    [[nodiscard]] bool paired() const { return perPair_.count() > 0 && players_ == 2; }
    // Every game as the rating list reads it (rating.h).
    [[nodiscard]] const std::vector<RatedGame>& ratedGames() const { return rated_; }
    [[nodiscard]] int engineIndex(const std::string& name) const;

  private:
    int indexOf(const std::string& name);

    std::vector<EngineTotals> engines_;
    int games_ = 0;
    int players_ = 0;
    std::array<int, kEndReasonCount> reasons_{};
    std::array<int, kEndReasonCount> forfeits_{};
    std::map<std::pair<int, int>, PairTotals> pairs_;
    ScoreSamples perGame_;
    ScoreSamples perPair_;
    std::map<std::pair<int, int>, double> unpaired_;
    std::vector<RatedGame> rated_;  // the first game of a pair, its score
};

}  // namespace cc::match
