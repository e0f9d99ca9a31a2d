// Moves to finish anywhere (search/race/estimate.h): the engine's networks give the
// estimates of the script that fitted them (tests/data/moves-estimates.txt, written by
// scripts/analysis/moves-estimate-fit.py --cases), the table's count stays exact in its
// family, and an estimate never claims fewer moves than the pieces left to bring in.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "search/race/estimate.h"
#include "search/race/family.h"
#include "search/race/generate.h"
#include "test_paths.h"

namespace cc::race {
namespace {

struct EstimateCase {
    std::string board;
    int seat = 0;  // 1..6
    int tableCount = 0;
    double withTable = 0;
    double alone = 0;
};

std::vector<EstimateCase> readCases() {
    std::ifstream file(cctest::sourceDir() / "tests" / "data" / "moves-estimates.txt");
    std::vector<EstimateCase> cases;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        EstimateCase entry;
        fields >> entry.board >> entry.seat >> entry.tableCount >> entry.withTable >> entry.alone;
        if (fields) cases.push_back(entry);
    }
    return cases;
}

// The army of a case's seat alone on the board, seen from the south.
class LoneArmy : public ::testing::Test {
  protected:
    Bitboard fromSouth(const EstimateCase& entry) {
        std::ostringstream out;
        Output output(out);
        Protocol protocol(engine_, output);
        protocol.handle("setrules preset=standard players=1 armies=" + std::to_string(entry.seat));
        protocol.handle("position " + entry.board + " 1 1 0 0 - - playing");
        EXPECT_EQ(out.str().find("error"), std::string::npos) << out.str();
        const Seat seat = entry.seat - 1;
        Bitboard placement;
        for (const Hole hole : engine_.position().army(seat))
            placement.set(holeSeenFromSouth(seat, hole));
        return placement;
    }

    Engine engine_;
};

TEST_F(LoneArmy, TheNetworksGiveTheFittingScriptsEstimates) {
    const std::vector<EstimateCase> cases = readCases();
    ASSERT_GE(cases.size(), 30U);
    for (const EstimateCase& entry : cases) {
        const Bitboard placement = fromSouth(entry);
        ASSERT_EQ(placement.count(), kRacePieces) << entry.board;
        EXPECT_NEAR(rawEstimate(placement, entry.tableCount), entry.withTable, 0.01)
            << entry.board << " seat " << entry.seat;
        EXPECT_NEAR(rawEstimate(placement, std::nullopt), entry.alone, 0.01)
            << entry.board << " seat " << entry.seat;
    }
}

TEST(MovesEstimate, TheTableIsExactInItsFamilyAndTheEstimateCountsBeyond) {
    const RaceTable table(1, generateRaceValues(Family(1), 1, {}));
    const Geometry& geometry = Geometry::get();
    const Hole tip = geometry.tip(Geometry::opposite(0));
    // Nine pieces in the goal, the tenth one step before the hole left free: one move,
    // from the table.
    Bitboard placement = geometry.arm(Geometry::opposite(0));
    Hole left = kNoHole;
    Hole before = kNoHole;
    for (const Hole hole : placement) {
        if (geometry.distance(hole, tip) != 3) continue;
        for (const Hole near : geometry.neighbours(hole)) {
            if (geometry.hexagon().test(near)) {
                left = hole;
                before = near;
            }
        }
    }
    ASSERT_NE(before, kNoHole);
    placement.reset(left);
    placement.set(before);
    const std::optional<RaceCount> counted = placementCount(&table, placement);
    ASSERT_TRUE(counted.has_value());
    EXPECT_TRUE(counted->exact);
    EXPECT_EQ(counted->moves, 1);
    // Without the table the same placement is estimated, at least the one piece outside.
    const std::optional<RaceCount> estimated = placementCount(nullptr, placement);
    ASSERT_TRUE(estimated.has_value());
    EXPECT_FALSE(estimated->exact);
    EXPECT_GE(estimated->moves, 1);
    // Nine pieces: not an army the count knows.
    placement.reset(before);
    EXPECT_FALSE(placementCount(&table, placement).has_value());
}

TEST(MovesEstimate, AnArmyAtHomeNeedsAMoveForEveryPiece) {
    // The start: every piece outside the goal, and the solo optimum is 27 moves.
    const Bitboard home = Geometry::get().arm(0);
    const RaceTable table(1, generateRaceValues(Family(1), 1, {}));
    for (const RaceTable* with : {&table, static_cast<const RaceTable*>(nullptr)}) {
        const std::optional<RaceCount> counted = placementCount(with, home);
        ASSERT_TRUE(counted.has_value());
        EXPECT_FALSE(counted->exact);
        EXPECT_GE(counted->moves, kRacePieces);
        EXPECT_NEAR(counted->moves, 27, 3);
    }
}

}  // namespace
}  // namespace cc::race
