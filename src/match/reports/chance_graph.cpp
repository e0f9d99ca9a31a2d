#include "match/reports/chance_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "match/records/record_replay.h"
#include "match/reports/html_text.h"
#include "util/text.h"

namespace cc::match {

namespace {

// The seats' colours of the browser GUI (web/js/seat-style.js), seat 1 first.
constexpr std::array<std::string_view, 6> kSeatColours = {"#0072B2", "#E69F00", "#009E73",
                                                          "#D55E00", "#CC79A7", "#56B4E9"};
constexpr double kChancePerMille = 1000;

std::string_view seatColour(const std::string& seats, size_t player) {
    const std::optional<int> seat = parseInt(split(seats, '+').front());
    const size_t index = seat && *seat >= 1 ? size_t(*seat - 1) : player;
    return kSeatColours[index % kSeatColours.size()];
}

// Two players: player 1's chance from each mover's report (the mover's own view).
void twoPlayerPoints(const GameRecord& record, GameChances& chances) {
    std::vector<double> line;
    std::vector<int> plies;
    const Expected<void> replayed =
        replayRecord(record, [&](int ply, int mover, const Game& /*after*/) {
            if (size_t(ply) > record.evals.size()) return;
            const std::optional<double> chance = record.evals[size_t(ply) - 1].winChance();
            if (!chance) return;
            plies.push_back(ply);
            line.push_back(mover == 0 ? *chance : kChancePerMille - *chance);
        });
    if (!replayed || plies.empty()) return;
    chances.pointPlies = std::move(plies);
    chances.lines.push_back(std::move(line));
}

void firstPlacePoints(const GameRecord& record, GameChances& chances) {
    chances.lines.assign(size_t(record.players()), {});
    for (size_t ply = 0; ply < record.evals.size(); ++ply) {
        const std::vector<int>& first = record.evals[ply].first;
        if (int(first.size()) != record.players()) continue;
        chances.pointPlies.push_back(int(ply) + 1);
        for (size_t player = 0; player < first.size(); ++player) {
            chances.lines[player].push_back(first[player]);
        }
    }
    if (chances.pointPlies.empty()) chances.lines.clear();
}

std::string legendText(const GameChances& chances, size_t line) {
    const std::string who = fmt::format("player {} ({})", line + 1, chances.engines[line]);
    return chances.lines.size() == 1 ? who + ": chance of winning" : who;
}

std::string graphSvg(const GameChances& chances) {
    constexpr int kLeft = 50;
    constexpr int kTop = 10;
    constexpr int kWidth = 600;
    constexpr int kHeight = 150;
    constexpr int kLegendRow = 16;
    const int plies = std::max({1, chances.plies, chances.pointPlies.back()});
    auto x = [&](int ply) { return kLeft + double(ply) / plies * kWidth; };
    auto y = [&](double perMille) { return kTop + (1 - perMille / kChancePerMille) * kHeight; };
    const int legendTop = kTop + kHeight + 36;
    const int height = legendTop + int(chances.lines.size()) * kLegendRow;
    std::string svg = fmt::format(
        "<svg class=\"chances\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "role=\"img\" aria-label=\"game {2}: win chances\">\n",
        kLeft + kWidth + 20, height, chances.game);
    for (int percent = 0; percent <= 100; percent += 25) {
        svg += fmt::format(
            "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>"
            "<text x=\"{4}\" y=\"{5:.1f}\" font-size=\"11\" text-anchor=\"end\">{6}%</text>\n",
            kLeft, kLeft + kWidth, y(percent * 10), percent == 50 ? "#999" : "#e5e5e5", kLeft - 6,
            y(percent * 10) + 4, percent);
    }
    svg += fmt::format(
        "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#999\"/>"
        "<text x=\"{3}\" y=\"{4}\" font-size=\"11\" text-anchor=\"middle\">ply (1 to {5})</text>\n",
        kLeft, kTop, kTop + kHeight, kLeft + kWidth / 2, kTop + kHeight + 22, plies);
    for (size_t line = 0; line < chances.lines.size(); ++line) {
        std::string points;
        for (size_t point = 0; point < chances.pointPlies.size(); ++point) {
            points += fmt::format("{:.1f},{:.1f} ", x(chances.pointPlies[point]),
                                  y(chances.lines[line][point]));
        }
        const std::string_view colour = seatColour(chances.seats[line], line);
        const int row = legendTop + int(line) * kLegendRow;
        svg += fmt::format(
            "<polyline fill=\"none\" stroke=\"{0}\" stroke-width=\"2\" points=\"{1}\"/>\n"
            "<rect x=\"{2}\" y=\"{3}\" width=\"10\" height=\"10\" fill=\"{0}\"/>"
            "<text x=\"{4}\" y=\"{5}\" font-size=\"12\">{6}</text>\n",
            colour, points, kLeft, row - 9, kLeft + 16, row, escapeHtml(legendText(chances, line)));
    }
    return svg + "</svg>\n";
}

}  // namespace

GameChances gameChances(const GameRecord& record) {
    GameChances chances;
    chances.game = record.game;
    chances.engines = record.engines;
    chances.seats = record.seats;
    chances.plies = int(record.moves.size());
    if (record.evals.empty()) return chances;
    if (record.players() == 2) {
        twoPlayerPoints(record, chances);
    } else {
        firstPlacePoints(record, chances);
    }
    return chances;
}

std::string chanceGraphsHtml(std::vector<GameChances> games) {
    std::sort(games.begin(), games.end(),
              [](const GameChances& a, const GameChances& b) { return a.game < b.game; });
    std::string html;
    size_t drawn = 0;
    size_t without = 0;
    for (const GameChances& chances : games) {
        if (chances.pointPlies.empty()) {
            ++without;
            continue;
        }
        if (drawn == kMostChanceGraphs) continue;
        ++drawn;
        html += fmt::format("<h3>Game {}: {}</h3>\n", chances.game,
                            escapeHtml(join(chances.engines, " vs ")));
        html += graphSvg(chances);
    }
    const size_t with = games.size() - without;
    if (with > drawn) {
        html += fmt::format("<p>The graphs of the first {} of {} games with win chances.</p>\n",
                            drawn, with);
    }
    if (without > 0) {
        html += fmt::format(
            "<p>{} of {} games have no win chances: their engines reported none (cci's "
            "option ShowWDL).</p>\n",
            without, games.size());
    }
    return html;
}

}  // namespace cc::match
