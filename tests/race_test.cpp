// The race table (search/race/): its index, its family seen from every seat, and its
// values checked against solvers that share none of its code but the board: a plain
// breadth-first search forwards from each sampled placement and a check of every value
// against its successors, both with the engine's own move generation (core/movegen).

#include <gtest/gtest.h>

#include <random>
#include <unordered_set>
#include <vector>

#include "core/movegen.h"
#include "layout_for.h"
#include "sanitized.h"
#include "search/race/estimate.h"
#include "search/race/family.h"
#include "search/race/generate.h"
#include "search/race/index.h"
#include "search/race/table.h"

namespace cc::race {
namespace {

using testutil::layoutFor;

struct BitboardHash {
    size_t operator()(Bitboard b) const { return std::hash<uint64_t>()(b.low() * 31 ^ b.high()); }
};

// The placements one engine move away from `pieces` (a lone army on seat 1 of a solo
// game), the move ending in `region`.
std::vector<Bitboard> engineSuccessors(const Layout& layout, Bitboard pieces, Bitboard region) {
    Position position = Position::empty(layout);
    for (Hole hole : pieces) position.putPiece(hole, 0, false, false);
    MoveList moves;
    generateLegal(position, moves);
    std::vector<Bitboard> next;
    for (const Move move : moves) {
        if (!move.isPieceMove() || !region.test(move.to)) continue;
        Bitboard after = pieces;
        after.reset(move.from);
        after.set(move.to);
        next.push_back(after);
    }
    return next;
}

// The fewest engine moves from `start` to `goal`, every move ending in `region`.
int plainBreadthFirst(const Layout& layout, Bitboard start, Bitboard goal, Bitboard region) {
    if (start == goal) return 0;
    std::unordered_set<Bitboard, BitboardHash> seen{start};
    std::vector<Bitboard> layer{start};
    for (int depth = 1; !layer.empty(); ++depth) {
        std::vector<Bitboard> next;
        for (const Bitboard pieces : layer) {
            for (const Bitboard after : engineSuccessors(layout, pieces, region)) {
                if (after == goal) return depth;
                if (seen.insert(after).second) next.push_back(after);
            }
        }
        layer.swap(next);
    }
    return -1;
}

Bitboard randomPlacement(const Family& family, std::mt19937_64& random) {
    const PlacementIndex index(family.regionSize(), kRacePieces);
    return family.piecesOf(index.unrank(random() % index.size()));
}

TEST(RaceIndex, RanksEveryPlacementOnceWithoutGaps) {
    const PlacementIndex index(21, kRacePieces);
    EXPECT_EQ(index.size(), 352716U);
    for (uint64_t rank = 0; rank < index.size(); ++rank) {
        const uint64_t bits = index.unrank(rank);
        ASSERT_EQ(std::popcount(bits), kRacePieces) << rank;
        ASSERT_LT(bits, uint64_t{1} << 21) << rank;
        ASSERT_EQ(index.rank(bits), rank);
    }
}

TEST(RaceFamily, RegionGrowsByARowOfTheHexagonAndEverySeatTurnsOntoSeatOne) {
    const int expected[] = {15, 21, 28, 36};
    for (int rows = 1; rows <= 4; ++rows) {
        const Family family(rows);
        EXPECT_EQ(family.regionSize(), expected[rows - 1]);
        EXPECT_EQ(family.piecesOf(family.goalBits()), Geometry::get().arm(3));
    }
    const Geometry& geometry = Geometry::get();
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        Bitboard start;
        Bitboard goal;
        for (Hole hole : geometry.arm(seat)) start.set(holeSeenFromSouth(seat, hole));
        for (Hole hole : geometry.arm(Geometry::opposite(seat)))
            goal.set(holeSeenFromSouth(seat, hole));
        EXPECT_EQ(start, geometry.arm(0)) << seat;
        EXPECT_EQ(goal, geometry.arm(3)) << seat;
    }
}

TEST(RaceTable, EqualsAPlainBreadthFirstSearchOnAThousandRandomPlacements) {
    const auto layout = layoutFor("preset=standard players=1");
    const RaceTable table(1, generateRaceValues(Family(1), 1, {}));
    const Family& family = table.family();
    const Bitboard goal = family.piecesOf(family.goalBits());
    std::mt19937_64 random(44);
    int deepest = 0;
    // A quarter when sanitized (tests/sanitized.h).
    for (int sample = 0; sample < cctest::sanitizedVolume(1000); ++sample) {
        const Bitboard pieces = randomPlacement(family, random);
        const int solved = plainBreadthFirst(*layout, pieces, goal, family.region());
        const std::optional<int> value = table.exact(pieces);
        ASSERT_TRUE(value.has_value()) << sample;
        ASSERT_EQ(*value, solved) << sample;
        deepest = std::max(deepest, solved);
    }
    EXPECT_GE(deepest, 5);  // the sample reaches deep placements, not only near the goal
}

// A value is exact when the finished placement has 0 and every other value is one more
// than the least value of the placements one move away (by induction on the distance):
// checked for every placement, with the engine's moves (every fourth when sanitized:
// tests/sanitized.h).
TEST(RaceTable, EveryValueIsOneMoreThanItsBestSuccessorUnderTheEnginesMoves) {
    const auto layout = layoutFor("preset=standard players=1");
    const RaceTable table(2, generateRaceValues(Family(2), 2, {}));
    const Family& family = table.family();
    const PlacementIndex index(family.regionSize(), kRacePieces);
    const uint64_t stride = 1000 / cctest::sanitizedVolume(1000);
    for (uint64_t rank = 0; rank < index.size(); rank += stride) {
        const Bitboard pieces = family.piecesOf(index.unrank(rank));
        const std::optional<int> value = table.exact(pieces);
        ASSERT_TRUE(value.has_value()) << rank;
        if (index.unrank(rank) == family.goalBits()) {
            ASSERT_EQ(*value, 0);
            continue;
        }
        int best = 1000;
        for (const Bitboard after : engineSuccessors(*layout, pieces, family.region()))
            best = std::min(best, table.exact(after).value_or(1000));
        ASSERT_EQ(*value, best + 1) << rank;
    }
}

TEST(RaceTable, EveryArmyOfAGameIsProbedFromItsOwnSeat) {
    const RaceTable table(1, generateRaceValues(Family(1), 1, {}));
    const auto layout = layoutFor("preset=standard players=6");
    const Geometry& geometry = Geometry::get();
    Position position = Position::empty(*layout);
    // Every army nine pieces in its goal and the tenth a step before it, on the goal's
    // axis: one move from the end.
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        const Seat goalSeat = Geometry::opposite(seat);
        const Hole tip = geometry.tip(goalSeat);
        Hole far = kNoHole;
        for (Hole hole : geometry.arm(goalSeat)) {
            if (far == kNoHole || geometry.distance(hole, tip) > geometry.distance(far, tip))
                far = hole;
        }
        for (Hole hole : geometry.arm(goalSeat))
            if (hole != far) position.putPiece(hole, seat, false, false);
        for (Hole hole : geometry.neighbours(far)) {
            if (geometry.hexagon().test(hole) && geometry.distance(hole, tip) == 4 &&
                !position.occupied().test(hole)) {
                position.putPiece(hole, seat, false, false);
                break;
            }
        }
    }
    for (int player = 0; player < 6; ++player) {
        const std::optional<RaceCount> count = playerRace(&table, position, player);
        ASSERT_TRUE(count.has_value()) << player;
        EXPECT_TRUE(count->exact) << player;
        EXPECT_EQ(count->moves, 1) << player;
    }
}

}  // namespace
}  // namespace cc::race
