#include "match/reports/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "match/settings/json_value.h"
#include "util/text.h"

namespace cc::match {

namespace {

double averagePlace(const EngineTotals& totals) {
    if (totals.games == 0) return 0;
    double sum = 0;
    for (size_t place = 0; place < totals.places.size(); ++place) {
        sum += double(place + 1) * totals.places[place];
    }
    return sum / totals.games;
}

}  // namespace

namespace {

// JSON has no infinities: a one-sided score is written at the cap of eloFromScore.
std::string jsonNumber(double value) {
    if (!std::isfinite(value)) return "null";
    return fmt::format("{:.2f}", value);
}

std::optional<SprtState> sprtOf(const Standings& standings, const RunFacts& facts) {
    if (!facts.sprt || standings.engines().size() < 2) return std::nullopt;
    return sprt(standings.bestSamples(), facts.sprt->elo0, facts.sprt->elo1, facts.sprt->alpha,
                facts.sprt->beta);
}

std::string eloText(const EloEstimate& estimate) {
    return fmt::format("{:.1f} +/- {:.1f}", estimate.elo, estimate.error());
}

}  // namespace

void addPonderTotals(const GameRecord& record, std::vector<PonderTotals>& totals) {
    for (size_t player = 0; player < record.ponders.size(); ++player) {
        if (record.ponders[player] == 0) continue;
        const std::string& name = record.engines[player];
        auto found = std::find_if(totals.begin(), totals.end(),
                                  [&](const PonderTotals& entry) { return entry.name == name; });
        if (found == totals.end()) {
            totals.push_back({name, 0, 0});
            found = totals.end() - 1;
        }
        found->ponders += record.ponders[player];
        found->hits += record.ponderHits[player];
    }
}

std::string finishedLine(const GameRecord& record) {
    std::string result;
    if (record.players() == 2) {
        const int a = record.places[0];
        const int b = record.places[1];
        result = a == b ? "1/2-1/2" : a < b ? "1-0" : "0-1";
    } else {
        std::vector<std::string> places;
        for (const int place : record.places) places.push_back(std::to_string(place));
        result = "places " + join(places, ",");
    }
    return fmt::format("Finished game {} ({}): {} {{{}: {}}}", record.game,
                       join(record.engines, " vs "), result, endReasonName(record.reason),
                       record.termination);
}

std::string scoreLine(const Standings& standings, const RunFacts& facts) {
    const auto& engines = standings.engines();
    std::string line;
    if (standings.players() == 2 && engines.size() == 2) {
        const EngineTotals& first = engines[0];
        line = fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}", first.name,
                           engines[1].name, first.wins, first.losses, first.draws,
                           standings.headToHead().mean(), standings.games());
    } else {
        line = fmt::format("Games {}:", standings.games());
        for (const EngineTotals& totals : engines) {
            line += fmt::format(" {} {} pts (place {:.2f})", totals.name,
                                totals.points(standings.players()), averagePlace(totals));
        }
    }
    if (engines.size() == 2 && standings.headToHead().count() > 0) {
        line += "  Elo " + eloText(estimateElo(standings.bestSamples()));
    }
    if (const auto state = sprtOf(standings, facts)) {
        line +=
            fmt::format("  LLR {:.2f} ({:.2f}, {:.2f})", state->llr, state->lower, state->upper);
    }
    return line;
}

RatingList ratingsOf(const Standings& standings, const RunFacts& facts) {
    const int anchor =
        facts.anchor.name.empty() ? 0 : std::max(0, standings.engineIndex(facts.anchor.name));
    return fitRatings(standings.ratedGames(), int(standings.engines().size()), anchor,
                      facts.anchor.elo);
}

std::vector<size_t> byRating(const RatingList& ratings) {
    std::vector<size_t> order;
    for (size_t index = 0; index < ratings.elo.size(); ++index) order.push_back(index);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return ratings.elo[a] > ratings.elo[b]; });
    return order;
}

std::vector<RatingRow> ratingRows(const Standings& standings, const RatingList& ratings,
                                  const std::vector<size_t>& order) {
    std::vector<RatingRow> rows;
    for (size_t rank = 0; rank < order.size(); ++rank) {
        const size_t engine = order[rank];
        rows.push_back(
            {engine, standings.scoreAgainstAll(int(engine)), ratings.encounters[engine],
             rank + 1 < order.size()
                 ? fmt::format("{:.1f}%", 100 * ratings.los(int(engine), int(order[rank + 1])))
                 : ""});
    }
    return rows;
}

namespace {

// The rating list, the crosstable and the likelihood of superiority of each engine
// over the next one down.
std::string ratingTable(const Standings& standings, const RunFacts& facts) {
    const auto& engines = standings.engines();
    const RatingList ratings = ratingsOf(standings, facts);
    const std::vector<size_t> order = byRating(ratings);
    const std::string anchorName = facts.anchor.name.empty() ? engines[0].name : facts.anchor.name;
    std::string text = fmt::format(
        "Ratings (Bradley-Terry from pairwise places, {} = {}; 95% by {} resamples of {}):\n",
        anchorName, facts.anchor.elo, ratings.resamples, ratings.unit);
    text += fmt::format("{:<4} {:<24} {:>8} {:>17} {:>6} {:>8} {:>7} {:>8}\n", "Rank", "Name",
                        "Elo", "95%", "Games", "Score", "Score%", "LOS>next");
    const std::vector<RatingRow> rows = ratingRows(standings, ratings, order);
    for (size_t rank = 0; rank < rows.size(); ++rank) {
        const RatingRow& row = rows[rank];
        const size_t engine = row.engine;
        text += fmt::format(
            "{:<4} {:<24} {:>8.1f} {:>17} {:>6} {:>8} {:>7} {:>8}\n", rank + 1,
            engines[engine].name, ratings.elo[engine],
            fmt::format("[{:.1f}, {:.1f}]", ratings.low[engine], ratings.high[engine]),
            engines[engine].games, fmt::format("{:g}/{}", row.score, row.encounters),
            row.encounters > 0 ? fmt::format("{:.1f}", 100 * row.score / row.encounters) : "-",
            row.los);
    }
    text += "Crosstable (row's score against column, pairwise from places):\n";
    text += fmt::format("{:<24}", "");
    for (size_t column = 0; column < order.size(); ++column) {
        text += fmt::format(" {:>9}", engines[order[column]].name.substr(0, 9));
    }
    text += "\n";
    for (const size_t row : order) {
        text += fmt::format("{:<24}", engines[row].name.substr(0, 24));
        for (const size_t column : order) {
            const PairTotals pair = standings.pair(int(row), int(column));
            text +=
                fmt::format(" {:>9}", row == column ? "-"
                                      : pair.encounters == 0
                                          ? "."
                                          : fmt::format("{:g}/{}", pair.score, pair.encounters));
        }
        text += "\n";
    }
    return text;
}

}  // namespace

std::string finalTable(const Standings& standings, const RunFacts& facts) {
    const int players = standings.players();
    std::string text = fmt::format("Rules: {}\n", facts.rules);
    text += fmt::format("{:<4} {:<24} {:>6} {:>9} {:>10}", "Rank", "Name", "Games", "Points",
                        "AvgPlace");
    for (int place = 1; place <= players; ++place)
        text += fmt::format(" {:>5}", fmt::format("#{}", place));
    text += fmt::format(" {:>8}\n", "Forfeits");
    std::vector<size_t> order;
    for (size_t index = 0; index < standings.engines().size(); ++index) order.push_back(index);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const auto& engines = standings.engines();
        return engines[a].points(players) / std::max(1, engines[a].games) >
               engines[b].points(players) / std::max(1, engines[b].games);
    });
    int rank = 1;
    for (const size_t index : order) {
        const EngineTotals& totals = standings.engines()[index];
        text += fmt::format("{:<4} {:<24} {:>6} {:>9} {:>10.2f}", rank++, totals.name, totals.games,
                            totals.points(players), averagePlace(totals));
        for (int place = 1; place <= players; ++place) {
            text += fmt::format(" {:>5}", totals.places[size_t(place - 1)]);
        }
        text += fmt::format(" {:>8}\n", totals.forfeits);
    }
    const auto& engines = standings.engines();
    if (engines.size() >= 2) {
        text += "Pairwise (row against column, from places):\n";
        for (size_t a = 0; a < engines.size(); ++a) {
            for (size_t b = 0; b < engines.size(); ++b) {
                const PairTotals pair = standings.pair(int(a), int(b));
                if (a == b || pair.encounters == 0) continue;
                const double mean = pair.score / pair.encounters;
                text += fmt::format("  {} vs {}: {:.1f}/{} [{:.3f}] Elo {:.1f}\n", engines[a].name,
                                    engines[b].name, pair.score, pair.encounters, mean,
                                    eloFromScore(mean));
            }
        }
        if (engines.size() == 2 && standings.headToHead().count() > 0) {
            text += fmt::format("Elo of {} against {}: {} (95%, {})\n", engines[0].name,
                                engines[1].name, eloText(estimateElo(standings.bestSamples())),
                                standings.paired() ? "pentanomial" : "per game");
        }
        if (standings.paired()) {
            const auto counts = standings.pentanomialCounts();
            text += fmt::format("Pentanomial [0, 0.5, 1, 1.5, 2]: [{}, {}, {}, {}, {}]\n",
                                counts[0], counts[1], counts[2], counts[3], counts[4]);
        }
    }
    if (engines.size() >= 2 && standings.games() > 0) text += ratingTable(standings, facts);
    for (const PonderTotals& ponder : facts.ponder) {
        text += fmt::format(
            "Ponder hits of {}: {} of {} ({:.1f}%)\n", ponder.name, ponder.hits, ponder.ponders,
            ponder.ponders > 0 ? 100.0 * double(ponder.hits) / double(ponder.ponders) : 0.0);
    }
    if (const auto state = sprtOf(standings, facts)) {
        text +=
            fmt::format("SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2f} ({:.2f}, {:.2f}) {}\n",
                        facts.sprt->elo0, facts.sprt->elo1, facts.sprt->alpha, facts.sprt->beta,
                        state->llr, state->lower, state->upper, state->verdict());
    }
    text += "Ends:";
    for (const EndReasonInfo& info : kEndReasons) {
        const int count = standings.reasonCount(info.reason);
        if (count > 0) text += fmt::format(" {} {}", info.name, count);
    }
    text += "\n";
    if (facts.refereeMsPerMove > 0) {
        text += fmt::format("ccmatch overhead: {:.3f} ms a move\n", facts.refereeMsPerMove);
    }
    if (facts.strayLines.value_or(0) > 0) {
        text += fmt::format("Stray engine lines: {} (the first: '{}')\n", *facts.strayLines,
                            facts.firstStrayLine);
    }
    return text;
}

std::string resultsJson(const Standings& standings, const RunFacts& facts) {
    const int players = standings.players();
    std::string json = "{\n";
    json += fmt::format("  \"games\": {},\n  \"planned_games\": {},\n", standings.games(),
                        facts.plannedGames);
    json += fmt::format("  \"rules\": {},\n  \"players\": {},\n", jsonString(facts.rules), players);
    json += fmt::format("  \"shard\": \"{}/{}\",\n", facts.shard.index, facts.shard.count);
    if (facts.strayLines) json += fmt::format("  \"stray_lines\": {},\n", *facts.strayLines);
    json += "  \"engines\": [\n";
    const auto& engines = standings.engines();
    const RatingList ratings = ratingsOf(standings, facts);
    for (size_t index = 0; index < engines.size(); ++index) {
        const EngineTotals& totals = engines[index];
        std::vector<std::string> places;
        for (int place = 1; place <= std::max(players, 1); ++place) {
            places.push_back(std::to_string(totals.places[size_t(place - 1)]));
        }
        json += fmt::format(
            "    {{\"name\": {}, \"games\": {}, \"points\": {}, \"series_points\": {}, "
            "\"wins\": {}, \"draws\": {}, \"losses\": {}, \"places\": [{}], "
            "\"average_place\": {}, \"forfeits\": {}, \"elo\": {}, \"elo_low\": {}, "
            "\"elo_high\": {}}}{}\n",
            jsonString(totals.name), totals.games, totals.points(players), totals.seriesPoints,
            totals.wins, totals.draws, totals.losses, join(places, ", "),
            jsonNumber(averagePlace(totals)), totals.forfeits, jsonNumber(ratings.elo[index]),
            jsonNumber(ratings.low[index]), jsonNumber(ratings.high[index]),
            index + 1 < engines.size() ? "," : "");
    }
    json += "  ],\n  \"reasons\": {";
    for (const EndReasonInfo& info : kEndReasons) {
        json += fmt::format("{}\"{}\": {}", info.reason == EndReason::Finish ? "" : ", ", info.name,
                            standings.reasonCount(info.reason));
    }
    json += "},\n  \"forfeits\": {";
    bool firstForfeit = true;
    for (const EndReasonInfo& info : kEndReasons) {
        if (!info.forfeit) continue;
        json += fmt::format("{}\"{}\": {}", firstForfeit ? "" : ", ", info.name,
                            standings.forfeitCount(info.reason));
        firstForfeit = false;
    }
    json += "},\n  \"pairwise\": [";
    bool firstPair = true;
    for (size_t a = 0; a < engines.size(); ++a) {
        for (size_t b = 0; b < engines.size(); ++b) {
            const PairTotals pair = standings.pair(int(a), int(b));
            if (a == b || pair.encounters == 0) continue;
            json += fmt::format(
                "{}\n    {{\"engine\": {}, \"opponent\": {}, \"score\": {}, \"encounters\": {}}}",
                firstPair ? "" : ",", jsonString(engines[a].name), jsonString(engines[b].name),
                pair.score, pair.encounters);
            firstPair = false;
        }
    }
    json += firstPair ? "]" : "\n  ]";
    if (engines.size() == 2 && standings.headToHead().count() > 0) {
        const EloEstimate estimate = estimateElo(standings.bestSamples());
        json += fmt::format(
            ",\n  \"elo\": {{\"engine\": {}, \"opponent\": {}, \"elo\": {}, \"low\": {}, \"high\": "
            "{}, "
            "\"model\": \"{}\"}}",
            jsonString(engines[0].name), jsonString(engines[1].name), jsonNumber(estimate.elo),
            jsonNumber(estimate.low), jsonNumber(estimate.high),
            standings.paired() ? "pentanomial" : "per-game");
    }
    if (standings.paired()) {
        const auto counts = standings.pentanomialCounts();
        json += fmt::format(",\n  \"pentanomial\": [{}, {}, {}, {}, {}]", counts[0], counts[1],
                            counts[2], counts[3], counts[4]);
    }
    if (const auto state = sprtOf(standings, facts)) {
        json += fmt::format(
            ",\n  \"sprt\": {{\"elo0\": {}, \"elo1\": {}, \"alpha\": {}, \"beta\": {}, \"llr\": "
            "{}, "
            "\"lower\": {}, \"upper\": {}, \"result\": \"{}\"}}",
            facts.sprt->elo0, facts.sprt->elo1, facts.sprt->alpha, facts.sprt->beta,
            jsonNumber(state->llr), jsonNumber(state->lower), jsonNumber(state->upper),
            state->verdict());
    }
    if (facts.refereeMsPerMove > 0) {
        json += fmt::format(",\n  \"overhead_ms_per_move\": {:.3f}", facts.refereeMsPerMove);
    }
    if (!facts.ponder.empty()) {
        std::vector<std::string> entries;
        for (const PonderTotals& ponder : facts.ponder) {
            entries.push_back(fmt::format("{{\"name\": {}, \"ponders\": {}, \"hits\": {}}}",
                                          jsonString(ponder.name), ponder.ponders, ponder.hits));
        }
        json += fmt::format(",\n  \"ponder\": [{}]", join(entries, ", "));
    }
    return json + "\n}\n";
}

}  // namespace cc::match
