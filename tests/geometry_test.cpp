#include "core/geometry.h"

#include <gtest/gtest.h>

namespace cc {
namespace {

const Geometry& geometry() {
    return Geometry::get();
}

TEST(Geometry, NumericIndexFollowsOtherPrograms) {
    // protocol-spec/rules.md §1: 0 = m1, 1 = m2, 2 = l2, 3 = m3, 9 = j4, 10 = q5, 120 = e17.
    EXPECT_EQ(geometry().name(0), "m1");
    EXPECT_EQ(geometry().name(1), "m2");
    EXPECT_EQ(geometry().name(2), "l2");
    EXPECT_EQ(geometry().name(3), "m3");
    EXPECT_EQ(geometry().name(9), "j4");
    EXPECT_EQ(geometry().name(10), "q5");
    EXPECT_EQ(geometry().name(120), "e17");
    EXPECT_EQ(geometry().parseHole("i9"), geometry().holeAt(0, 0));
}

TEST(Geometry, ParsesNamesAndIndicesAndRejectsTheRest) {
    EXPECT_EQ(geometry().parseHole("e17"), 120);
    EXPECT_EQ(geometry().parseHole("60"), 60);
    for (const char* bad : {"", "a1", "r9", "i0", "i18", "121", "-1", "i09", "007", "I9", "i 9"}) {
        EXPECT_FALSE(geometry().parseHole(bad).has_value()) << bad;
    }
}

TEST(Geometry, ArmsCampsAndTips) {
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        EXPECT_EQ(geometry().arm(seat).count(), 10);
        EXPECT_EQ(geometry().camp15(seat).count(), 15);
        EXPECT_TRUE(geometry().camp15(seat).contains(geometry().arm(seat)));
        EXPECT_TRUE(geometry().arm(seat).test(geometry().tip(seat)));
    }
    EXPECT_EQ(geometry().hexagon().count(), 61);
    EXPECT_EQ(geometry().name(geometry().tip(0)), "m1");
    EXPECT_EQ(geometry().name(geometry().tip(1)), "e5");
    EXPECT_EQ(geometry().name(geometry().tip(2)), "a13");
    EXPECT_EQ(geometry().name(geometry().tip(3)), "e17");
    EXPECT_EQ(geometry().name(geometry().tip(4)), "m13");
    EXPECT_EQ(geometry().name(geometry().tip(5)), "q5");
    // Adjacent 15-hole camps share exactly one corner; opposite ones nothing.
    EXPECT_EQ((geometry().camp15(0) & geometry().camp15(1)).count(), 1);
    EXPECT_FALSE(geometry().camp15(0).intersects(geometry().camp15(2)));
}

}  // namespace
}  // namespace cc

namespace cc {
namespace {

TEST(Geometry, RayMasksAndIndexOrderAgreeWithRays) {
    const Geometry& g = Geometry::get();
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        for (int d = 0; d < kDirectionCount; ++d) {
            Bitboard expected;
            Hole previous = hole;
            for (int i = 0; g.ray(hole, d)[i] != kNoHole; ++i) {
                const Hole along = g.ray(hole, d)[i];
                expected.set(along);
                EXPECT_EQ(along > previous, Geometry::indexGrows(d)) << hole << " " << d;
                previous = along;
            }
            EXPECT_EQ(g.rayMask(hole, d), expected);
        }
    }
    EXPECT_EQ(Bitboard::below(0), Bitboard());
    EXPECT_EQ(Bitboard::below(65), Bitboard(~uint64_t{0}, 1));
    EXPECT_EQ(Bitboard(0, 4).last(), 66);
    EXPECT_EQ(Bitboard(9, 0).last(), 3);
}

}  // namespace
}  // namespace cc
