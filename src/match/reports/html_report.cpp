#include "match/reports/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "match/reports/chance_graph.h"
#include "match/reports/html_text.h"

namespace cc::match {

namespace {

constexpr std::array<std::string_view, 10> kColours = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                                       "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                                       "#bcbd22", "#17becf"};

std::string_view colour(size_t engine) {
    return kColours[engine % kColours.size()];
}

// A round step for axis ticks that gives about `count` ticks over `span`.
double tickStep(double span, int count) {
    const double raw = std::max(span, 1e-9) / count;
    const double power = std::pow(10, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (raw <= factor * power) return factor * power;
    }
    return 10 * power;
}

// The ladder: each engine's rating as a dot on its 95% interval, best at the top.
std::string ladderSvg(const Standings& standings, const RatingList& ratings,
                      const std::vector<size_t>& order) {
    const auto& engines = standings.engines();
    double low = 0;
    double high = 0;
    for (size_t engine = 0; engine < ratings.elo.size(); ++engine) {
        low = std::min(low, ratings.low[engine]);
        high = std::max(high, ratings.high[engine]);
    }
    const double step = tickStep(high - low, 6);
    low = std::floor(low / step) * step;
    high = std::max(low + step, std::ceil(high / step) * step);
    constexpr int kLeft = 170;
    constexpr int kWidth = 560;
    constexpr int kRow = 30;
    const int height = int(order.size()) * kRow + 40;
    auto x = [&](double elo) { return kLeft + (elo - low) / (high - low) * kWidth; };
    std::string svg = fmt::format(
        "<svg class=\"ladder\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
        "role=\"img\" aria-label=\"rating ladder\">\n",
        kLeft + kWidth + 30, height, kLeft + kWidth + 30, height);
    for (double tick = low; tick <= high + step / 2; tick += step) {
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"10\" y2=\"{1}\" stroke=\"#ddd\"/>"
            "<text x=\"{0:.1f}\" y=\"{2}\" font-size=\"11\" text-anchor=\"middle\">{3:g}</text>\n",
            x(tick), height - 25, height - 10, tick);
    }
    for (size_t rank = 0; rank < order.size(); ++rank) {
        const size_t engine = order[rank];
        const int y = 25 + int(rank) * kRow;
        svg += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>"
            "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\" stroke=\"{}\" "
            "stroke-width=\"4\" "
            "stroke-linecap=\"round\"/>"
            "<circle cx=\"{:.1f}\" cy=\"{}\" r=\"6\" fill=\"{}\" stroke=\"#000\"/>"
            "<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{:.0f}</text>\n",
            kLeft - 12, y + 4, escapeHtml(engines[engine].name), x(ratings.low[engine]),
            x(ratings.high[engine]), y, y, colour(engine), x(ratings.elo[engine]), y,
            colour(engine), x(ratings.elo[engine]), y - 9, ratings.elo[engine]);
    }
    return svg + "</svg>\n";
}

// Each engine's score (pairwise, from places) as a share of its encounters so far,
// against the number of games it has played.
std::string progressSvg(const Standings& standings) {
    const auto& engines = standings.engines();
    std::vector<const RatedGame*> games;
    for (const RatedGame& game : standings.ratedGames()) games.push_back(&game);
    std::sort(games.begin(), games.end(),
              [](const RatedGame* a, const RatedGame* b) { return a->game < b->game; });
    std::vector<std::vector<double>> curves(engines.size());
    std::vector<double> score(engines.size(), 0);
    std::vector<double> encounters(engines.size(), 0);
    for (const RatedGame* game : games) {
        std::vector<bool> played(engines.size(), false);
        for (size_t p = 0; p < game->engines.size(); ++p) {
            for (size_t q = 0; q < game->engines.size(); ++q) {
                const auto a = size_t(game->engines[p]);
                if (a == size_t(game->engines[q])) continue;
                score[a] += game->places[p] < game->places[q]    ? 1.0
                            : game->places[p] == game->places[q] ? 0.5
                                                                 : 0.0;
                encounters[a] += 1;
                played[a] = true;
            }
        }
        for (size_t engine = 0; engine < engines.size(); ++engine) {
            if (played[engine]) curves[engine].push_back(score[engine] / encounters[engine]);
        }
    }
    size_t longest = 1;
    for (const auto& curve : curves) longest = std::max(longest, curve.size());
    constexpr int kLeft = 50;
    constexpr int kTop = 10;
    constexpr int kWidth = 640;
    constexpr int kHeight = 240;
    auto x = [&](size_t index) { return kLeft + double(index + 1) / double(longest) * kWidth; };
    auto y = [&](double share) { return kTop + (1 - share) * kHeight; };
    std::string svg = fmt::format(
        "<svg class=\"progress\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" "
        "aria-label=\"score over the games\">\n",
        kLeft + kWidth + 20, kTop + kHeight + 40, kLeft + kWidth + 20, kTop + kHeight + 40);
    for (int percent = 0; percent <= 100; percent += 25) {
        svg += fmt::format(
            "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>"
            "<text x=\"{4}\" y=\"{5:.1f}\" font-size=\"11\" text-anchor=\"end\">{6}%</text>\n",
            kLeft, kLeft + kWidth, y(percent / 100.0), percent == 50 ? "#999" : "#e5e5e5",
            kLeft - 6, y(percent / 100.0) + 4, percent);
    }
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">games played (1 to "
        "{})</text>\n",
        kLeft + kWidth / 2, kTop + kHeight + 30, longest);
    for (size_t engine = 0; engine < curves.size(); ++engine) {
        std::string points;
        for (size_t index = 0; index < curves[engine].size(); ++index) {
            points += fmt::format("{:.1f},{:.1f} ", x(index), y(curves[engine][index]));
        }
        if (curves[engine].size() == 1) points += points;  // one game: still a mark
        svg += fmt::format(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n",
            colour(engine), points);
    }
    return svg + "</svg>\n";
}

std::string legend(const Standings& standings) {
    std::string html = "<p class=\"legend\">";
    for (size_t engine = 0; engine < standings.engines().size(); ++engine) {
        html += fmt::format("<span><i style=\"background:{}\"></i>{}</span> ", colour(engine),
                            escapeHtml(standings.engines()[engine].name));
    }
    return html + "</p>\n";
}

std::string reasonsSvg(const Standings& standings) {
    std::vector<std::pair<const EndReasonInfo*, int>> counts;
    int most = 1;
    for (const EndReasonInfo& info : kEndReasons) {
        const int count = standings.reasonCount(info.reason);
        if (count == 0) continue;
        counts.emplace_back(&info, count);
        most = std::max(most, count);
    }
    constexpr int kLeft = 110;
    constexpr int kWidth = 420;
    constexpr int kRow = 24;
    const int height = std::max<int>(1, int(counts.size())) * kRow + 10;
    std::string svg = fmt::format(
        "<svg class=\"reasons\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" "
        "aria-label=\"end reasons\">\n",
        kLeft + kWidth + 60, height, kLeft + kWidth + 60, height);
    for (size_t row = 0; row < counts.size(); ++row) {
        const int y = 5 + int(row) * kRow;
        const double width = double(counts[row].second) / most * kWidth;
        svg += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>"
            "<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"/>"
            "<text x=\"{:.1f}\" y=\"{}\" font-size=\"12\">{}</text>\n",
            kLeft - 8, y + 15, counts[row].first->name, kLeft, y, std::max(width, 1.0), kRow - 6,
            counts[row].first->forfeit ? "#d62728" : "#4a7fb5", kLeft + width + 6, y + 15,
            counts[row].second);
    }
    return svg + "</svg>\n";
}

std::string ratingTableHtml(const Standings& standings, const RatingList& ratings,
                            const std::vector<size_t>& order) {
    const auto& engines = standings.engines();
    std::string html =
        "<table class=\"ratings\"><tr><th>Rank</th><th>Engine</th><th>Elo</th><th>95% "
        "interval</th><th>Games</th><th>Score</th><th>LOS over next</th></tr>\n";
    const std::vector<RatingRow> rows = ratingRows(standings, ratings, order);
    for (size_t rank = 0; rank < rows.size(); ++rank) {
        const size_t engine = rows[rank].engine;
        const double score = rows[rank].score;
        const int encounters = rows[rank].encounters;
        html += fmt::format(
            "<tr><td>{}</td><td><i style=\"background:{}\"></i>{}</td><td>{:.1f}</td>"
            "<td>{:.1f} to {:.1f}{}</td><td>{}</td><td>{:g}/{} ({:.1f}%)</td><td>{}</td></tr>\n",
            rank + 1, colour(engine), escapeHtml(engines[engine].name), ratings.elo[engine],
            ratings.low[engine], ratings.high[engine],
            ratings.low[engine] == ratings.high[engine] && ratings.resamples > 0 ? " (anchor)" : "",
            engines[engine].games, score, encounters,
            encounters > 0 ? 100 * score / encounters : 0.0, rows[rank].los);
    }
    return html + "</table>\n";
}

// Row against column; the cell's shade goes from red (0%) through white to green (100%).
std::string crosstable(const Standings& standings, const std::vector<size_t>& order) {
    const auto& engines = standings.engines();
    std::string html = "<table class=\"cross\"><tr><th></th>";
    for (const size_t column : order) html += "<th>" + escapeHtml(engines[column].name) + "</th>";
    html += "</tr>\n";
    for (const size_t row : order) {
        html += "<tr><th>" + escapeHtml(engines[row].name) + "</th>";
        for (const size_t column : order) {
            const PairTotals pair = standings.pair(int(row), int(column));
            if (row == column || pair.encounters == 0) {
                html += fmt::format("<td class=\"none\">{}</td>", row == column ? "" : "&middot;");
                continue;
            }
            const double share = pair.score / pair.encounters;
            const int red = share < 0.5 ? 255 : int(255 - (share - 0.5) * 2 * 120);
            const int green = share > 0.5 ? 255 : int(255 - (0.5 - share) * 2 * 120);
            const int blue = int(255 - std::abs(share - 0.5) * 2 * 120);
            html += fmt::format(
                "<td style=\"background:rgb({},{},{})\">{:g}/{}<br><small>{:.0f}%</small></td>",
                red, green, blue, pair.score, pair.encounters, 100 * share);
        }
        html += "</tr>\n";
    }
    return html + "</table>\n";
}

constexpr std::string_view kStyle = R"(
body { font-family: sans-serif; margin: 24px; color: #222; max-width: 980px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid #ccc; }
h3 { font-size: 14px; margin: 14px 0 4px; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #ccc; padding: 4px 8px; text-align: center; }
table.ratings td:nth-child(2) { text-align: left; }
td.none { background: #f4f4f4; }
i { display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 5px; }
.legend span { margin-right: 14px; font-size: 13px; }
pre { background: #f6f6f6; padding: 8px; white-space: pre-wrap; font-size: 12px; }
)";

}  // namespace

std::string htmlReport(const Standings& standings, const RunFacts& facts,
                       const std::vector<GameChances>& chances) {
    const RatingList ratings = ratingsOf(standings, facts);
    const std::vector<size_t> order = byRating(ratings);
    const auto& engines = standings.engines();
    const std::string anchorName =
        facts.anchor.name.empty() ? (engines.empty() ? "" : engines[0].name) : facts.anchor.name;
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
    html +=
        "<title>ccmatch report</title>\n<style>" + std::string(kStyle) + "</style></head><body>\n";
    html += fmt::format("<h1>ccmatch: {} games, {} engines, {} players a game</h1>\n",
                        standings.games(), engines.size(), standings.players());
    if (engines.size() >= 2 && standings.games() > 0) {
        html += "<h2>Ratings</h2>\n" + ladderSvg(standings, ratings, order);
        html += fmt::format(
            "<p>Bradley-Terry maximum likelihood from pairwise places (draws and shared places "
            "as half points), {} at {:g}; 95% intervals and likelihood of superiority from {} "
            "bootstrap resamples of {}.</p>\n",
            escapeHtml(anchorName), facts.anchor.elo, ratings.resamples, ratings.unit);
        html += ratingTableHtml(standings, ratings, order);
        html +=
            "<h2>Crosstable</h2>\n<p>The row's score against the column, pairwise from "
            "places.</p>\n" +
            crosstable(standings, order);
        html += "<h2>Score over the games</h2>\n" + progressSvg(standings) + legend(standings);
    }
    html += "<h2>End reasons</h2>\n" + reasonsSvg(standings);
    if (!chances.empty()) {
        html +=
            "<h2>Win chances</h2>\n<p>After each move, the chances its engine reported "
            "(two players: player 1's chance of winning, a draw counted half; three to six: "
            "each player's chance of first place).</p>\n" +
            chanceGraphsHtml(chances);
    }
    html += "<h2>Settings and rules</h2>\n<pre>";
    for (const std::string& line : facts.settings) html += escapeHtml(line) + "\n";
    html += "rules: " + escapeHtml(facts.rules) + "</pre>\n</body></html>\n";
    return html;
}

}  // namespace cc::match
