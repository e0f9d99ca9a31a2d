// Playing a race from the table (search/race/race_move.h): at two players, once the
// armies no longer meet, the engine plays the table's line.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "search/race/file.h"
#include "search/race/generate.h"

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

}  // namespace
}  // namespace cc::race
