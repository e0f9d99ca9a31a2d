// A home left open to a fill finish (protocol-spec/rules.md §5, protocol-spec/play.md, A
// home left open): the check that finds an army able to fill the mover's home within
// three of its own turns, set against a plain search of every line of those turns, and
// the engine's choice on a suite of positions from six-player games
// (tests/data/fill-threats.txt, made by scripts/analysis/fill-threat-suite.py), where some
// moves open the home to such a fill and others keep it closed.

#include "search/eval/fill_threat.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "sanitized.h"
#include "test_paths.h"

namespace cc {
namespace {

constexpr int kTurns = 3;

// Every line of `turns` own moves of the army of `seat`, the others frozen: no shortcut
// but the one any line obeys (a move fills at most one hole of the goal).
bool fillsByEveryLine(const Position& position, Seat seat, int turns) {
    if (position.armyDone(seat)) return true;
    if (turns == 0 || position.over()) return false;
    const Bitboard goal = position.layout().goal(seat);
    if ((goal & ~position.occupied()).count() > turns) return false;
    Position mine = position;
    mine.setMover(position.layout().owner(seat), false);
    MoveList moves;
    generateLegal(mine, moves);
    for (const Move move : moves) {
        Position next = mine;
        playMove(next, move);
        if (next.armyDone(seat) || fillsByEveryLine(next, seat, turns - 1)) return true;
    }
    return false;
}

// Whether an army with the defender's home as its goal fills it by every line.
bool homeFillable(const Position& position, int defender) {
    const Layout& layout = position.layout();
    for (const Seat home : layout.armies(defender)) {
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            if (!layout.seatUsed(seat) || layout.owner(seat) == defender) continue;
            if (!layout.goal(seat).intersects(layout.start(home)) || position.armyDone(seat) ||
                !position.active(layout.owner(seat))) {
                continue;
            }
            if (fillsByEveryLine(position, seat, kTurns)) return true;
        }
    }
    return false;
}

struct SuitePosition {
    std::string rules;
    std::string start;
    std::string moves;
};

std::vector<SuitePosition> readSuite() {
    std::ifstream file(cctest::sourceDir() / "tests" / "data" / "fill-threats.txt");
    std::vector<SuitePosition> suite;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        SuitePosition entry;
        std::getline(fields, entry.rules, '\t');
        std::getline(fields, entry.start, '\t');
        std::getline(fields, entry.moves);
        suite.push_back(entry);
    }
    return suite;
}

class FillThreatSuite : public ::testing::Test {
  protected:
    FillThreatSuite() : output_(out_), protocol_(engine_, output_) {}

    // Sets the suite's position up; false (with a failure) when the engine refuses it.
    bool setUp(const SuitePosition& entry) {
        out_.str("");
        protocol_.handle("setrules " + entry.rules);
        protocol_.handle("newgame");
        protocol_.handle("position " + entry.start + " moves " + entry.moves);
        EXPECT_EQ(out_.str().find("error"), std::string::npos) << out_.str();
        return out_.str().find("error") == std::string::npos;
    }

    std::string search(const std::string& limits) {
        out_.str("");
        protocol_.handle("go " + limits);
        engine_.wait();
        const std::string reply = out_.str();
        const size_t at = reply.rfind("bestmove ");
        if (at == std::string::npos) return {};
        return reply.substr(at + 9, reply.find_first_of(" \n", at + 9) - at - 9);
    }

    Engine engine_;
    std::ostringstream out_;
    Output output_;
    Protocol protocol_;
};

TEST_F(FillThreatSuite, TheSuiteHasPositionsThatNeedTheChoice) {
    const std::vector<SuitePosition> suite = readSuite();
    ASSERT_GE(suite.size(), 20U);
    // Each entry must really offer both: a move that opens the home and one that keeps it
    // closed (else it tests nothing).
    for (size_t index = 0; index < suite.size(); index += size_t(cctest::kSanitized ? 4 : 1)) {
        ASSERT_TRUE(setUp(suite[index]));
        const Position& root = engine_.position();
        MoveList moves;
        generateLegal(root, moves);
        int opening = 0;
        int closing = 0;
        for (const Move move : moves) {
            Position next = root;
            playMove(next, move);
            (homeFillable(next, root.mover()) ? opening : closing) += 1;
        }
        EXPECT_GT(opening, 0) << "entry " << index + 1;
        EXPECT_GT(closing, 0) << "entry " << index + 1;
    }
}

TEST_F(FillThreatSuite, TheCheckAgreesWithEveryLineOnEveryMove) {
    const std::vector<SuitePosition> suite = readSuite();
    for (size_t index = 0; index < suite.size(); index += size_t(cctest::kSanitized ? 8 : 2)) {
        ASSERT_TRUE(setUp(suite[index]));
        const Position& root = engine_.position();
        FillThreat threat(root.layout(), kTurns);
        MoveList moves;
        generateLegal(root, moves);
        for (const Move move : moves) {
            Position next = root;
            playMove(next, move);
            EXPECT_EQ(threat.threatened(next, root.mover()), homeFillable(next, root.mover()))
                << "entry " << index + 1 << " after " << move.from << "-" << move.to;
        }
    }
}

TEST_F(FillThreatSuite, TheEngineKeepsItsHomeClosed) {
    const std::vector<SuitePosition> suite = readSuite();
    for (size_t index = 0; index < suite.size(); index += size_t(cctest::kSanitized ? 4 : 1)) {
        ASSERT_TRUE(setUp(suite[index]));
        const int mover = engine_.position().mover();
        const std::string chosen = search("nodes 1500");
        ASSERT_FALSE(chosen.empty()) << "entry " << index + 1;
        out_.str("");
        const SuitePosition& entry = suite[index];
        protocol_.handle("position " + entry.start + " moves " + entry.moves + " " + chosen);
        ASSERT_EQ(out_.str().find("error"), std::string::npos) << out_.str();
        EXPECT_FALSE(homeFillable(engine_.position(), mover))
            << "entry " << index + 1 << ": " << chosen << " opens the home";
    }
}

TEST_F(FillThreatSuite, TheEngineSaysWhatItLeftOut) {
    const std::vector<SuitePosition> suite = readSuite();
    ASSERT_FALSE(suite.empty());
    ASSERT_TRUE(setUp(suite.front()));
    out_.str("");
    protocol_.handle("go nodes 100");
    engine_.wait();
    EXPECT_NE(out_.str().find("info string home open to a fill finish after "), std::string::npos)
        << out_.str();
}

}  // namespace
}  // namespace cc
