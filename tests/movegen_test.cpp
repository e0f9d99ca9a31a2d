// Properties of move generation that hold in every position: the bulk count equals
// the list, `legal` order is by hole, every listed path replays as its move.

#include "core/movegen.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <vector>

#include "core/game.h"
#include "core/move_text.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "sanitized.h"
#include "tools/perft_counts.h"
#include "util/text.h"

namespace cc {
namespace {

// Positions along seeded random games under the rule set (fewer games when sanitized).
std::vector<Position> randomPositions(const Layout& layout, unsigned seed, int games, int plies) {
    std::mt19937 random(seed);
    std::vector<Position> positions;
    for (int game = 0; game < cctest::sanitizedVolume(games); ++game) {
        Position position = Position::start(layout);
        for (int ply = 0; ply < plies && !position.over(); ++ply) {
            positions.push_back(position);
            MoveList moves;
            generateLegal(position, moves);
            playMove(position, moves[int(random() % unsigned(moves.size()))]);
        }
    }
    return positions;
}

class MovegenProperties : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override {
        const Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(GetParam()));
        ASSERT_TRUE(rules.ok()) << rules.error();
        layout_ = Layout::make(*rules);
    }
    std::shared_ptr<const Layout> layout_;
};

TEST_P(MovegenProperties, BulkCountEqualsTheList) {
    for (const Position& position : randomPositions(*layout_, 1, 20, 150)) {
        MoveList moves;
        generateLegal(position, moves);
        ASSERT_EQ(countLegal(position), uint64_t(moves.size())) << formatPosition(position);
    }
}

TEST_P(MovegenProperties, ListIsByHoleAndEveryPathReplays) {
    for (const Position& position : randomPositions(*layout_, 2, 6, 120)) {
        MoveList moves;
        generateLegal(position, moves);
        for (int i = 1; i < moves.size(); ++i) {
            if (moves[i].isPieceMove() && moves[i - 1].isPieceMove()) {
                ASSERT_LE(moves[i - 1].from, moves[i].from) << formatPosition(position);
            }
        }
        for (const Move move : moves) {
            const std::string text = formatMove(position, move, HoleNotation::Name);
            const Expected<Move> parsed = parseMove(position, text);
            ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error();
            EXPECT_EQ(*parsed, move) << text;
        }
    }
}

TEST_P(MovegenProperties, SharedGrandchildCountEqualsCountingEachChild) {
    for (const Position& position : randomPositions(*layout_, 3, 8, 160)) {
        MoveList moves;
        generateLegal(position, moves);
        uint64_t oneByOne = 0;
        for (const Move move : moves) {
            Position child = position;
            playMove(child, move);
            oneByOne += child.over() ? 1 : countLegal(child);
        }
        ASSERT_EQ(countGrandchildren(position, moves), oneByOne) << formatPosition(position);
    }
}

TEST_P(MovegenProperties, DestinationsByPieceAreTheListInItsOrder) {
    int declined = 0;
    for (const Position& position : randomPositions(*layout_, 4, 12, 200)) {
        MoveList moves;
        generateLegal(position, moves);
        PieceDestinationList pieces;
        if (!listDestinations(position, pieces)) {
            // Only where generateLegal does more than list: must-leave may cut it.
            ASSERT_TRUE(position.layout().rules().mustLeave) << formatPosition(position);
            ASSERT_EQ(pieces.size(), 0);
            ++declined;
            continue;
        }
        MoveList listed;
        for (const PieceDestinations& piece : pieces) {
            ASSERT_TRUE(position.army(piece.seat).test(piece.from)) << formatPosition(position);
            for (const Hole to : piece.normal) listed.push(Move::normal(piece.from, to));
            for (const Hole to : piece.swaps) listed.push(Move::swap(piece.from, to));
        }
        if (listed.empty()) listed.push(Move::pass());
        ASSERT_EQ(listed.size(), moves.size()) << formatPosition(position);
        for (int i = 0; i < moves.size(); ++i)
            ASSERT_EQ(listed[i], moves[i]) << formatPosition(position);
    }
    if (!layout_->rules().mustLeave) EXPECT_EQ(declined, 0);
}

// armyReaches answers what the full listing answers: for each army of the mover, its
// pieces outside the goal (and all of them) onto the goal's empty holes, and onto single
// empty holes anywhere (most of them no plain piece reaches: its shortcut's ground).
TEST_P(MovegenProperties, ArmyReachesIsWhatTheListSays) {
    std::mt19937 random(5);
    for (const Position& position : randomPositions(*layout_, 5, 6, 200)) {
        PieceDestinationList pieces;
        const bool listed = listDestinations(position, pieces);
        const Bitboard empty = ~position.occupied();
        std::vector<Hole> holes;
        for (const Hole hole : empty) holes.push_back(hole);
        for (const Seat seat : position.layout().armies(position.mover())) {
            const Bitboard goal = position.layout().goal(seat);
            std::vector<Bitboard> targetSets{goal & ~position.occupied()};
            for (int pick = 0; pick < 8 && !holes.empty(); ++pick)
                targetSets.push_back(Bitboard::fromHole(holes[random() % holes.size()]));
            for (const Bitboard skip : {goal, Bitboard()}) {
                for (const Bitboard targets : targetSets) {
                    const std::optional<bool> reaches = armyReaches(position, seat, skip, targets);
                    ASSERT_EQ(reaches.has_value(), listed) << formatPosition(position);
                    if (!listed) continue;
                    bool expected = false;
                    for (const PieceDestinations& piece : pieces) {
                        if (piece.seat == seat && !skip.test(piece.from) &&
                            (piece.normal | piece.swaps).intersects(targets))
                            expected = true;
                    }
                    ASSERT_EQ(*reaches, expected) << formatPosition(position) << " seat " << seat;
                }
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Rules, MovegenProperties,
    ::testing::Values("preset=standard", "preset=standard players=6", "preset=masters players=4",
                      "preset=card", "preset=super players=3", "preset=diamond players=3",
                      "preset=sec5 players=2", "armies=1+4,2+5,3+6 swap=any goallock=on",
                      "preset=masters armies=1+3+5,2+4+6", "king=on hops=long swap=any",
                      "unused=filled bonus=on", "players=1", "goallock=on finish=all players=3",
                      "preset=sec5 players=4 bonus=on", "armies=1+4,2+5,3+6 finish=fill",
                      "players=5 end=first"));

}  // namespace
}  // namespace cc
