#include "search/race/estimate.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/geometry.h"
#include "core/layout.h"
#include "search/race/estimate_network.h"

namespace cc::race {
namespace {

// Steps off the line through the goal tip and the board's centre, in half steps of the
// hexagon's rows: of a hole's three cube coordinates (tip-relative), the two smallest in
// size are equal on the line.
int offAxis(int q, int r) {
    std::array<int, 3> coordinates{q, r, -q - r};
    std::stable_sort(coordinates.begin(), coordinates.end(),
                     [](int a, int b) { return std::abs(a) < std::abs(b); });
    const int small = coordinates[0];
    const int middle = coordinates[1];
    return small * middle >= 0 ? std::abs(small - middle) : std::abs(small) + std::abs(middle);
}

constexpr int kGoalSteps = 3;     // a goal hole is at most this far from the tip
constexpr int kHomeSteps = 13;    // a start hole is at least this far
constexpr int kHexagonSteps = 4;  // a hexagon hole is at most this far from the centre

}  // namespace

std::array<float, kEstimateFeatures> placementFeatures(Bitboard fromSouth) {
    const Geometry& geometry = Geometry::get();
    const Cube tip = geometry.cube(geometry.tip(Geometry::opposite(0)));
    std::array<int, kRacePieces> away{};
    size_t pieces = 0;
    int lateralSum = 0;
    int lateralMost = 0;
    int lateralOverTwo = 0;
    int parked = 0;
    int neighbouring = 0;
    int alone = 0;
    for (const Hole hole : fromSouth) {
        if (pieces == away.size()) break;
        const Cube cube = geometry.cube(hole);
        const Cube relative{cube.q - tip.q, cube.r - tip.r};
        const int distance = Geometry::distance(relative, Cube{});
        away[pieces++] = distance;
        const int lateral = offAxis(relative.q, relative.r);
        lateralSum += lateral;
        lateralMost = std::max(lateralMost, lateral);
        lateralOverTwo += lateral > 2 ? 1 : 0;
        if (Geometry::distance(cube, Cube{}) > kHexagonSteps && distance > kGoalSteps &&
            distance < kHomeSteps) {
            ++parked;
        }
        const Bitboard near = geometry.neighbours(hole) & fromSouth;
        neighbouring += near.count();
        alone += near.any() ? 0 : 1;
    }
    std::sort(away.begin(), away.end(), std::greater<>());
    int sum = 0;
    int squares = 0;
    int widestGap = 0;
    for (size_t piece = 0; piece < away.size(); ++piece) {
        sum += away[piece];
        squares += away[piece] * away[piece];
        if (piece + 1 < away.size()) widestGap = std::max(widestGap, away[piece] - away[piece + 1]);
    }
    const auto count = [&](auto&& test) {
        return float(std::count_if(away.begin(), away.end(), test));
    };
    std::array<float, kEstimateFeatures> features{};
    std::copy(away.begin(), away.end(), features.begin());
    size_t next = away.size();
    for (const float value :
         {float(sum), float(squares) / 10.0F, float(away[0]) - float(sum) / float(kRacePieces),
          count([](int d) { return d >= kHomeSteps; }),
          count([](int d) { return d <= kGoalSteps; }), float(neighbouring) / 2.0F, float(alone),
          float(lateralSum), float(lateralMost), float(widestGap), float(lateralOverTwo),
          float(parked)}) {
        features[next++] = value;
    }
    return features;
}

float rawEstimate(Bitboard fromSouth, std::optional<int> tableCount) {
    const std::array<float, kEstimateFeatures> features = placementFeatures(fromSouth);
    if (!tableCount) return kEstimateAlone(features);
    std::array<float, kEstimateFeatures + 1> inputs{};
    std::copy(features.begin(), features.end(), inputs.begin());
    inputs.back() = float(*tableCount);
    return kEstimateWithTable(inputs);
}

std::optional<RaceCount> placementCount(const RaceTable* table, Bitboard fromSouth) {
    if (fromSouth.count() != kRacePieces) return std::nullopt;
    std::optional<int> tableCount;
    if (table != nullptr) {
        const std::optional<RaceCount> counted = table->count(fromSouth);
        if (counted && counted->exact) return counted;
        if (counted) tableCount = counted->moves;
    }
    const Geometry& geometry = Geometry::get();
    const Hole tip = geometry.tip(Geometry::opposite(0));
    int outside = 0;
    for (const Hole hole : fromSouth) outside += geometry.distance(hole, tip) > kGoalSteps ? 1 : 0;
    const int estimate = int(std::floor(rawEstimate(fromSouth, tableCount) + 0.5F));
    return RaceCount{std::max(outside, estimate), false};
}

std::optional<RaceCount> armyRace(const RaceTable* table, const Position& position, Seat seat) {
    if (!raceCovers(position.layout().rules())) return std::nullopt;
    Bitboard fromSouth;
    for (Hole hole : position.army(seat)) fromSouth.set(holeSeenFromSouth(seat, hole));
    return placementCount(table, fromSouth);
}

std::optional<RaceCount> playerRace(const RaceTable* table, const Position& position, int player) {
    const std::vector<Seat>& armies = position.layout().armies(player);
    RaceCount total{0, armies.size() == 1};
    for (const Seat seat : armies) {
        const std::optional<RaceCount> army = armyRace(table, position, seat);
        if (!army) return std::nullopt;
        total.moves += army->moves;
        total.exact = total.exact && army->exact;
    }
    return total;
}

}  // namespace cc::race
