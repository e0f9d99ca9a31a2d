// Playing a race from the table (search/race/race_move.h): once the armies no longer
// meet, the engine plays the table's line, at two players and at six.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "core/game.h"
#include "core/movegen.h"
#include "core/rules_text.h"
#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "search/race/estimate.h"
#include "search/race/file.h"
#include "search/race/generate.h"
#include "search/race/race_move.h"
#include "util/text.h"

namespace cc::race {
namespace {

namespace fs = std::filesystem;

// Both armies six moves from the end by the table, far apart, player 1 to move: it wins
// only by finishing in six, and its search alone (go nodes 20000, before the table was
// used in play) took more and came second.
constexpr const char* kEvenRace =
    "1/.1/.1./1.../....1111...../......11..../.........../........../........./........../"
    ".........../...4......../....444.4..../..44/4.4/../4 1 1 0 0 - - playing";

TEST(RacePlay, TheTablesLineWinsARaceOfEqualCounts) {
    const fs::path file =
        fs::temp_directory_path() / ("ccengine-race-play-" + std::to_string(getpid()) + ".bin");
    ASSERT_TRUE(writeRaceFile(file.string(), 2, generateRaceValues(Family(2), 2, {})).ok());
    Engine engine;
    std::ostringstream out;
    Output output(out);
    Protocol protocol(engine, output);
    protocol.handle("setoption name RacePath value " + file.string());
    protocol.handle("isready");
    std::string moves;
    protocol.handle(std::string("position ") + kEvenRace);
    protocol.handle("eval");
    EXPECT_NE(out.str().find("eval player 1 "), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("moves 6 exact\neval player 2"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("moves 6 exact\neval score"), std::string::npos) << out.str();
    int movesOfPlayerOne = 0;
    for (int ply = 0; ply < 40 && !engine.position().over(); ++ply) {
        if (engine.position().mover() == 0) ++movesOfPlayerOne;
        out.str("");
        protocol.handle("go nodes 20000");
        engine.wait();
        const std::string reply = out.str();
        const size_t at = reply.rfind("bestmove ");
        ASSERT_NE(at, std::string::npos) << reply;
        moves += " " + reply.substr(at + 9, reply.find_first_of(" \n", at + 9) - at - 9);
        protocol.handle(std::string("position ") + kEvenRace + " moves" + moves);
    }
    fs::remove(file);
    EXPECT_EQ(engine.position().place(0), 1) << moves;
    EXPECT_EQ(movesOfPlayerOne, 6) << moves;
}

// At six players the table plays the same way once the army is alone: nine pieces home,
// the tenth on the row before the goal, every other army's piece far south.
TEST(RacePlay, TheTablesMoveAtSixPlayersOnceTheArmyIsAlone) {
    const RaceTable table(2, generateRaceValues(Family(2), 2, {}));
    Expected<Rules> rules = applyRuleWords(Rules{}, splitWords("players=6"));
    ASSERT_TRUE(rules.ok());
    const auto layout = Layout::make(*rules);
    const Seat seat = layout->armies(0).front();
    Position position = Position::empty(*layout);
    const Bitboard goal = layout->goal(seat);
    Hole left = kNoHole;
    for (const Hole hole : goal) {
        if (left == kNoHole) {
            left = hole;  // the goal's first hole stays empty
            continue;
        }
        position.putPiece(hole, seat, false, false);
    }
    for (int local = 0; local < table.family().regionSize(); ++local) {
        const Hole hole = table.family().hole(local);
        if (!goal.test(hole) && layout->distanceToGoal(seat, hole) > 4) {
            position.putPiece(hole, seat, false, false);
            break;
        }
    }
    ASSERT_EQ(position.army(seat).count(), 10);
    for (int player = 1; player < 6; ++player) {
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            if (!position.occupied().test(hole) && layout->distanceToGoal(seat, hole) >= 14) {
                position.putPiece(hole, layout->armies(player).front(), false, false);
                break;
            }
        }
    }
    ASSERT_TRUE(raceIsAlone(table, position, seat));
    MoveList moves;
    generateLegal(position, moves);
    const std::optional<Move> move = raceTableMove(table, position, moves);
    ASSERT_TRUE(move.has_value());
    const std::optional<RaceCount> before = armyRace(&table, position, seat);
    Position next = position;
    playMove(next, *move);
    const std::optional<RaceCount> after = armyRace(&table, next, seat);
    ASSERT_TRUE(before && after && before->exact && after->exact);
    EXPECT_EQ(after->moves + 1, before->moves);
    // A piece of another army near the region: the race is no longer the table's.
    position.putPiece(left, layout->armies(3).front(), false, false);
    EXPECT_FALSE(raceTableMove(table, position, moves).has_value());
}

}  // namespace
}  // namespace cc::race
