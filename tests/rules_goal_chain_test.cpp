// goallock=chain (protocol-spec/rules.md §6.2 Goal lock), the goal locking of CCERL's
// rule profile: a hand-checked position, and move generation against a reference that
// walks every simple hop path the way CCERL's legality defines it, over games played
// into the endgame under preset=ccerl.

#include <random>

#include "core/movegen.h"
#include "rules_test_util.h"

namespace cc::rulestest {
namespace {

// Player 1 on h12 with player 2 on h13 and i13, g14 and h14 empty:
//
//   row 14:  e14 f14 [g14] [h14]
//   row 13:  ... g13 (h13)(i13) j13 ...
//   row 12:  ... g12 [h12] i12 j12 ...
//
// h12 steps to i12 i11 h11 g12 g13 and hops over h13 into its goal at h14; from h14 a
// hop over i13 lands on j12, outside the goal again. goallock=on allows it (h12 did not
// start in its goal); chain does not.
const Pieces kChainPieces = {{"1", "h12 " + armExcept(1, "m1")},
                             {"4", armExcept(4, "g14 h14") + " h13 i13"}};

TEST(RulesGoalChain, AChainThatLandsInTheGoalStaysThere) {
    const Game on = makeGame("goallock=on", kChainPieces);
    const Game chain = makeGame("goallock=chain", kChainPieces);
    EXPECT_EQ(targets(on.position(), "h12"), S("i12 i11 h11 g12 g13 h14 j12"));
    EXPECT_EQ(targets(chain.position(), "h12"), S("i12 i11 h11 g12 g13 h14"));
    EXPECT_TRUE(isLegal(on.position(), "h12-h14-j12"));
    EXPECT_FALSE(isLegal(chain.position(), "h12-h14-j12"));
    EXPECT_TRUE(isLegal(chain.position(), "h12-h14"));
    // A piece starting in its goal is held as under `on`.
    EXPECT_EQ(targets(chain.position(), "m1"), targets(on.position(), "m1"));
}

// CCERL's legality, written from its definition: a step to an empty neighbour, or a
// chain of short hops along simple paths that never land on the start; a piece that
// starts in its goal, or a chain once it has landed there, lands only in the goal.
std::set<std::pair<Hole, Hole>> referenceMoves(const Position& position) {
    std::set<std::pair<Hole, Hole>> moves;
    if (position.over()) return moves;
    const Layout& layout = position.layout();
    const Geometry& geometry = Geometry::get();
    const Bitboard occupied = position.occupied();
    for (Seat seat : layout.armies(position.mover())) {
        const Bitboard goal = layout.goal(seat);
        for (Hole from : position.army(seat)) {
            const bool startsLocked = goal.test(from);
            for (Hole to : geometry.neighbours(from)) {
                if (!occupied.test(to) && (!startsLocked || goal.test(to)))
                    moves.insert({from, to});
            }
            Bitboard visited = Bitboard::fromHole(from);
            auto walk = [&](auto&& self, Hole at, bool locked) -> void {
                for (int d = 0; d < kDirectionCount; ++d) {
                    const Hole over = geometry.ray(at, d)[0];
                    const Hole land = over == kNoHole ? kNoHole : geometry.ray(at, d)[1];
                    if (land == kNoHole) continue;
                    const bool bridge = over != from && occupied.test(over);
                    if (!bridge || occupied.test(land) || visited.test(land)) continue;
                    if (locked && !goal.test(land)) continue;
                    moves.insert({from, land});
                    visited.set(land);
                    self(self, land, locked || goal.test(land));
                    visited.reset(land);
                }
            };
            walk(walk, from, startsLocked);
        }
    }
    return moves;
}

// Mostly the move that gains the most distance, sometimes a random one: games that
// reach the goals, where the lock matters.
Move pickMove(const Position& position, const MoveList& moves, std::mt19937& random) {
    if (std::uniform_int_distribution<int>(0, 9)(random) < 2)
        return moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(random)];
    const Layout& layout = position.layout();
    int bestGain = -1000;
    std::vector<Move> best;
    for (const Move move : moves) {
        if (!move.isPieceMove()) continue;
        const Seat seat = position.seatAt(move.from);
        const int gain =
            layout.distanceToGoal(seat, move.from) - layout.distanceToGoal(seat, move.to);
        if (gain > bestGain) best.clear();
        if (gain >= bestGain) {
            bestGain = gain;
            best.push_back(move);
        }
    }
    if (best.empty()) return moves[0];
    return best[std::uniform_int_distribution<size_t>(0, best.size() - 1)(random)];
}

TEST(RulesGoalChain, MovesAreCcerlsOverWholeGames) {
    std::mt19937 random(31);
    int lockedCuts = 0;  // positions where `on` allows a move `chain` does not
    for (int gameIndex = 0; gameIndex < 40; ++gameIndex) {
        Game game = startGame("preset=ccerl");
        const std::shared_ptr<const Layout> onLayout = layoutOf("preset=ccerl goallock=on");
        for (int ply = 0; ply < 400 && !game.position().over(); ++ply) {
            const Position& position = game.position();
            MoveList moves;
            generateLegal(position, moves);
            std::set<std::pair<Hole, Hole>> generated;
            for (const Move move : moves) {
                if (!move.isPieceMove()) continue;
                generated.insert({move.from, move.to});
                // The printed path reads back as the same move.
                const std::string text = formatMove(position, move, HoleNotation::Name);
                const Expected<Move> parsed = parseMove(position, text);
                ASSERT_TRUE(parsed.ok() && *parsed == move)
                    << text << " in " << formatPosition(position);
            }
            ASSERT_EQ(generated, referenceMoves(position)) << formatPosition(position);
            ASSERT_EQ(countLegal(position), uint64_t(moves.size())) << formatPosition(position);
            const Expected<Position> underOn = parsePosition(*onLayout, formatPosition(position));
            ASSERT_TRUE(underOn.ok());
            MoveList onMoves;
            generateLegal(*underOn, onMoves);
            if (onMoves.size() > moves.size()) ++lockedCuts;
            game.play(pickMove(position, moves, random));
        }
    }
    // The games must reach positions where the chain lock changes something.
    EXPECT_GT(lockedCuts, 20);
}

}  // namespace
}  // namespace cc::rulestest
