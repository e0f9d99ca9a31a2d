#include "match/ratings/standings.h"

#include <cmath>

namespace cc::match {

Standings::Standings(const std::vector<std::string>& engineNames) {
    for (const std::string& name : engineNames) indexOf(name);
}

int Standings::indexOf(const std::string& name) {
    for (size_t index = 0; index < engines_.size(); ++index) {
        if (engines_[index].name == name) return int(index);
    }
    engines_.push_back(EngineTotals{name});
    return int(engines_.size()) - 1;
}

void Standings::add(const GameRecord& record) {
    ++games_;
    players_ = record.players();
    ++reasons_[size_t(record.reason)];
    for (const Forfeit& forfeit : record.forfeits) ++forfeits_[size_t(forfeit.reason)];
    std::vector<int> engineOf;
    for (const std::string& name : record.engines) engineOf.push_back(indexOf(name));
    rated_.push_back({record.round, record.game, engineOf, record.places});

    for (int player = 0; player < record.players(); ++player) {
        EngineTotals& totals = engines_[size_t(engineOf[size_t(player)])];
        const int place = record.places[size_t(player)];
        ++totals.games;
        if (place >= 1 && place <= 6) ++totals.places[size_t(place - 1)];
        totals.seriesPoints += record.players() - place;
        if (record.players() == 2) {
            const int other = record.places[size_t(1 - player)];
            (place < other ? totals.wins : place == other ? totals.draws : totals.losses) += 1;
        }
    }
    for (const Forfeit& forfeit : record.forfeits) {
        ++engines_[size_t(engineOf[size_t(forfeit.player)])].forfeits;
    }

    // Pairwise scores from places: the better place scores 1, a shared place 1/2 each.
    double headToHead = 0;
    int headToHeadPairs = 0;
    for (int p = 0; p < record.players(); ++p) {
        for (int q = 0; q < record.players(); ++q) {
            const int a = engineOf[size_t(p)];
            const int b = engineOf[size_t(q)];
            if (a == b) continue;
            const int placeP = record.places[size_t(p)];
            const int placeQ = record.places[size_t(q)];
            const double score = placeP < placeQ ? 1 : placeP == placeQ ? 0.5 : 0;
            PairTotals& totals = pairs_[{a, b}];
            totals.score += score;
            ++totals.encounters;
            if (a == 0 && b == 1) {
                headToHead += score;
                ++headToHeadPairs;
            }
        }
    }
    if (headToHeadPairs == 0) return;
    const double score = headToHead / headToHeadPairs;
    perGame_.add(score);
    // Games 2k+1 and 2k+2 of a round form a pair, whatever order they finish in.
    const std::pair<int, int> pairKey{record.round, (record.game - 1) / 2};
    const auto waiting = unpaired_.find(pairKey);
    if (waiting == unpaired_.end()) {
        unpaired_[pairKey] = score;
    } else {
        perPair_.add((waiting->second + score) / 2);
        unpaired_.erase(waiting);
    }
}

int Standings::engineIndex(const std::string& name) const {
    for (size_t index = 0; index < engines_.size(); ++index) {
        if (engines_[index].name == name) return int(index);
    }
    return -1;
}

PairTotals Standings::pair(int a, int b) const {
    const auto found = pairs_.find({a, b});
    return found == pairs_.end() ? PairTotals{} : found->second;
}

double Standings::scoreAgainstAll(int engine) const {
    double score = 0;
    for (int other = 0; other < int(engines_.size()); ++other) {
        if (other != engine) score += pair(engine, other).score;
    }
    return score;
}

std::array<int, 5> Standings::pentanomialCounts() const {
    std::array<int, 5> counts{};
    for (const auto& [score, weight] : perPair_.counts()) {
        const long bucket = std::lround(score * 4);
        if (bucket >= 0 && bucket <= 4) counts[size_t(bucket)] += int(weight);
    }
    return counts;
}

const ScoreSamples& Standings::bestSamples() const {
    return paired() ? perPair_ : perGame_;
}

}  // namespace cc::match
