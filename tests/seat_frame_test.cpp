// The Python module's C++ below its bindings (python/src/): the learning agent's frame
// (every sixth-turn a permutation of the holes, each seat's arm turned to the south arm
// and its goal to the north one, actions that name each legal move once and back), its
// planes, the places' rewards and a game's undo. Here, and not only in pytest, so
// that the sanitized builds, which build no module, run this code too.

#include "seat_frame.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "game_state.h"
#include "sanitized.h"
#include "util/text.h"

namespace cc::python {
namespace {

std::shared_ptr<const Layout> layoutOf(std::string_view words) {
    Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(words));
    EXPECT_TRUE(rules.ok()) << words;
    return Layout::make(*rules);
}

Bitboard turnedSet(int turn, Bitboard holes) {
    Bitboard turned;
    while (holes.any()) turned.set(SeatFrame::get().turned(turn, holes.popFirst()));
    return turned;
}

TEST(SeatFrame, EveryTurnIsAPermutationWithItsInverse) {
    const SeatFrame& frame = SeatFrame::get();
    for (int turn = 0; turn < kSeatCount; ++turn) {
        std::set<Hole> images;
        std::set<int> cells;
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            const Hole turned = frame.turned(turn, hole);
            ASSERT_GE(turned, 0);
            EXPECT_EQ(frame.unturned(turn, turned), hole);
            images.insert(turned);
            cells.insert(frame.cell(hole));
        }
        EXPECT_EQ(images.size(), size_t(kHoleCount)) << turn;
        EXPECT_EQ(cells.size(), size_t(kHoleCount));
    }
}

TEST(SeatFrame, EachSeatStartsSouthAndRacesNorth) {
    const Geometry& geometry = Geometry::get();
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        const int turn = SeatFrame::get().turnFor(seat);
        EXPECT_EQ(turnedSet(turn, geometry.arm(seat)), geometry.arm(0)) << seat;
        EXPECT_EQ(turnedSet(turn, geometry.arm(Geometry::opposite(seat))), geometry.arm(3)) << seat;
    }
}

TEST(SeatFrame, ActionsNameEachLegalMoveOnce) {
    std::mt19937 random(5);
    for (const char* words :
         {"players=6", "preset=super players=3 swap=any", "players=2 king=on"}) {
        const auto layout = layoutOf(words);
        GameState game(layout, Position::start(*layout));
        for (int ply = 0; ply < cctest::sanitizedVolume(120) && !game.position().over(); ++ply) {
            const MoveList& legal = game.legal();
            std::set<int> actions;
            for (const Move move : legal) {
                const int action = actionOf(game.position(), move);
                ASSERT_TRUE(actions.insert(action).second) << words;
                EXPECT_EQ(moveOfAction(game.position(), legal, action), move);
            }
            std::vector<int8_t> mask(kActionCount);
            writeActionMask(game.position(), legal, mask);
            EXPECT_EQ(std::count(mask.begin(), mask.end(), 1), legal.size());
            for (const int wrong : {-1, kActionCount, 0})
                if (!actions.contains(wrong))
                    EXPECT_FALSE(moveOfAction(game.position(), legal, wrong).has_value());
            game.play(legal[int(random() % unsigned(legal.size()))]);
        }
    }
}

TEST(SeatFrame, EverySeatSeesTheStartAlike) {
    const auto layout = layoutOf("players=6");
    const Position start = Position::start(*layout);
    std::vector<float> first(kObservationSize);
    writeObservation(start, 0, first);
    for (int player = 1; player < 6; ++player) {
        std::vector<float> planes(kObservationSize);
        writeObservation(start, player, planes);
        EXPECT_EQ(planes, first) << player;  // six armies, symmetric: every view the same
    }
    EXPECT_EQ(std::count(first.begin(), first.end(), 1.0F), 6 * 10 + kHoleCount + 10);
}

TEST(SeatFrame, RewardsByPlacesSumToZero) {
    for (const char* text : {"players=2", "players=3", "players=6"}) {
        const auto layout = layoutOf(text);
        GameState game(layout, Position::start(*layout));
        while (!game.position().over()) game.play(Move::resign());
        std::vector<float> rewards(size_t(layout->players()));
        writePlaceRewards(game.position(), rewards);
        EXPECT_NEAR(std::accumulate(rewards.begin(), rewards.end(), 0.0F), 0.0F, 1e-5) << text;
        EXPECT_EQ(*std::max_element(rewards.begin(), rewards.end()), 1.0F) << text;
        EXPECT_EQ(*std::min_element(rewards.begin(), rewards.end()), -1.0F) << text;
    }
}

TEST(GameState, UndoReplaysToEachEarlierPosition) {
    const auto layout = layoutOf("preset=super players=3 repetition=2");
    GameState game(layout, Position::start(*layout));
    std::vector<std::string> texts;
    std::mt19937 random(3);
    for (int ply = 0; ply < 40; ++ply) {
        texts.push_back(formatPosition(game.position()));
        const MoveList& legal = game.legal();
        game.play(legal[int(random() % unsigned(legal.size()))]);
    }
    const GameState copy(game);
    while (!texts.empty()) {
        ASSERT_TRUE(game.undo());
        EXPECT_EQ(formatPosition(game.position()), texts.back());
        texts.pop_back();
    }
    EXPECT_FALSE(game.undo());
    EXPECT_EQ(copy.history().size(), 40U);
}

}  // namespace
}  // namespace cc::python
