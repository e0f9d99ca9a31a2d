// ccmatch with CCP engines (protocol-spec/match.md, "CCP engines"): the rules must be
// CCERL's profile, a CCP engine gets positions as cells and clocks as wtime/btime, its
// bestmove is a path of cell ids, and its faults are adjudicated as a cci engine's.

#include <gtest/gtest.h>

#include <string>

#include "core/ccp_cells.h"
#include "core/layout.h"
#include "core/movegen.h"
#include "core/rules_text.h"
#include "match/engines/ccp_client.h"
#include "match_run.h"

namespace {

using cctest::fakeCcpEngine;
using cctest::fakeEngine;
using cctest::MatchDirectory;

cctest::MatchRun playCcpAgainstCci(const MatchDirectory& directory, const std::string& script,
                                   const std::string& extra = "") {
    return directory.run("-rules preset=ccerl -engine proto=ccp cmd=\"" + fakeCcpEngine(script) +
                         "\" name=Ccp -engine cmd=\"" + fakeEngine() +
                         "\" name=Cci -each tc=2+0.1 readytimeout=2000 -games 2 -pgnout g.pgn "
                         "-results r.json " +
                         extra);
}

void expectCcpForfeits(const std::string& mode, const std::string& reason,
                       const std::string& detail, const std::string& extra = "") {
    const MatchDirectory directory;
    const cctest::MatchRun run = playCcpAgainstCci(directory, "--mode " + mode + " --at 6", extra);
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string json = directory.read("r.json");
    EXPECT_NE(json.find("\"" + reason + "\": 2"), std::string::npos) << json;
    EXPECT_NE(json.find("{\"name\": \"Cci\", \"games\": 2, \"points\": 2,"), std::string::npos)
        << json;
    EXPECT_NE(directory.read("g.pgn").find(detail), std::string::npos) << directory.read("g.pgn");
}

TEST(MatchCcp, ACcpEngineNeedsTheCcerlProfile) {
    const MatchDirectory directory;
    const cctest::MatchRun run =
        directory.run("-engine proto=ccp cmd=\"" + fakeCcpEngine() + "\" -engine cmd=\"" +
                      fakeEngine() + "\" -each tc=2");
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.out.find("a CCP engine plays CCERL's rules only: give -rules preset=ccerl"),
              std::string::npos)
        << run.out;
    EXPECT_EQ(run.out.find("Started game"), std::string::npos) << run.out;
    EXPECT_EQ(directory.run("-engine proto=uci cmd=x tc=1").status, 1);
}

TEST(MatchCcp, PlaysCellsAndClocksInCcpsWords) {
    const MatchDirectory directory;
    const std::string log = directory.file("ccp.log");
    const cctest::MatchRun run = playCcpAgainstCci(directory, "--log '" + log + "'");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string json = directory.read("r.json");
    EXPECT_NE(json.find("\"games\": 2,"), std::string::npos) << json;
    EXPECT_NE(json.find("\"forfeits\": {\"illegal-move\": 0, \"time-loss\": 0, \"crash\": 0"),
              std::string::npos)
        << json;
    const std::string sent = directory.read("ccp.log");
    EXPECT_EQ(sent.rfind("ccp\n", 0), 0U) << sent;
    EXPECT_EQ(sent.find("setrules"), std::string::npos) << sent;
    EXPECT_NE(sent.find("position cells " + std::string(10, '0')), std::string::npos) << sent;
    EXPECT_NE(sent.find(" player 0 ply 0\n"), std::string::npos) << sent;
    EXPECT_NE(sent.find(" player 1 ply 1\n"), std::string::npos) << sent;
    EXPECT_NE(sent.find("go wtime "), std::string::npos) << sent;
    EXPECT_NE(sent.find(" winc 100 binc 100"), std::string::npos) << sent;
    EXPECT_EQ(sent.find("p1time"), std::string::npos) << sent;
}

TEST(MatchCcp, AnUnknownCellLoses) {
    expectCcpForfeits("unknown", "illegal-move", "'121' is not a CCP cell id");
}

TEST(MatchCcp, AnAmbiguousEndpointOnlyMoveLoses) {
    expectCcpForfeits("ambiguous", "illegal-move", "names only the endpoints");
}

TEST(MatchCcp, SilenceLosesOnTime) {
    expectCcpForfeits("hang", "time-loss", "no bestmove within");
}

TEST(MatchCcp, ACrashLoses) {
    expectCcpForfeits("crash", "crash", "output closed", "-recover");
}

TEST(CcpClient, GoWordsBecomeCcps) {
    EXPECT_EQ(cc::match::ccpGoCommand("go p1time 900 p2time 800 p1inc 10 p2inc 20"),
              "go wtime 900 btime 800 winc 10 binc 20");
    EXPECT_EQ(cc::match::ccpGoCommand("go movetime 50"), "go movetime 50");
}

TEST(CcpClient, BestmovePathsAreCellIds) {
    const cc::Expected<cc::Rules> rules = cc::applyRuleWords(cc::Rules{}, {"preset=ccerl"});
    ASSERT_TRUE(rules);
    const cc::Layout layout(*rules);
    const cc::Position start = cc::Position::start(layout);
    EXPECT_EQ(cc::match::ccpPositionCommand(start).substr(0, 25), "position cells 0000000000");
    EXPECT_TRUE(cc::match::ccpPositionCommand(start).ends_with(" player 0 ply 0"));
    // Every legal move, written as its path of cell ids, is read back as that move.
    cc::MoveList legal;
    cc::generateLegal(start, legal);
    ASSERT_FALSE(legal.empty());
    for (const cc::Move move : legal) {
        std::string cells;
        for (const cc::Hole hole : cc::shortestPath(start, move)) {
            cells += (cells.empty() ? "" : "-") + std::to_string(cc::ccpCellOfHole(hole));
        }
        const cc::Expected<cc::Move> parsed = cc::match::parseCcpMove(start, cells);
        ASSERT_TRUE(parsed) << cells << ": " << parsed.error();
        EXPECT_EQ(*parsed, move) << cells;
    }
    EXPECT_FALSE(cc::match::parseCcpMove(start, "121-122"));
    EXPECT_FALSE(cc::match::parseCcpMove(start, "x-1"));
    EXPECT_FALSE(cc::match::parseCcpMove(start, "0-1"));  // both cells hold its own pieces
}

}  // namespace
