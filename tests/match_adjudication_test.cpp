// ccmatch against scripted engines that misbehave (tests/fake_engine): each fault is
// adjudicated with its reason in the record and the JSON, and the match goes on.

#include <gtest/gtest.h>

#include <string>

#include "match_run.h"

namespace {

using cctest::fakeEngine;
using cctest::MatchDirectory;

// A two-game match of a misbehaving engine ("Bad", misbehaving from ply 4) against a
// good one. Generous clocks: only the misbehaving engine may run out of time.
cctest::MatchRun playBadAgainstGood(const MatchDirectory& directory, const std::string& mode,
                                    const std::string& extra = "") {
    return directory.run("-engine cmd=\"" + fakeEngine("--mode " + mode + " --at 4") +
                         "\" name=Bad -engine cmd=\"" + fakeEngine() +
                         "\" name=Good -each tc=2+0.1 readytimeout=2000 -games 2 -pgnout games.pgn "
                         "-results results.json " +
                         extra);
}

void expectForfeits(const std::string& mode, const std::string& reason,
                    const std::string& extra = "") {
    const MatchDirectory directory;
    const cctest::MatchRun run = playBadAgainstGood(directory, mode, extra);
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string json = directory.read("results.json");
    EXPECT_NE(json.find("\"games\": 2,"), std::string::npos) << json;
    EXPECT_NE(json.find("\"" + reason + "\": 2"), std::string::npos) << json;
    // Good won both games, whatever seat it had.
    EXPECT_NE(json.find("{\"name\": \"Good\", \"games\": 2, \"points\": 2,"), std::string::npos)
        << json;
    const std::string records = directory.read("games.pgn");
    EXPECT_NE(records.find("[Reason \"" + reason + "\"]"), std::string::npos) << records;
    EXPECT_NE(records.find("[Result \"0-1\"]"), std::string::npos) << records;
    EXPECT_NE(records.find("[Result \"1-0\"]"), std::string::npos) << records;
}

TEST(MatchAdjudication, IllegalMoveLoses) {
    expectForfeits("illegal", "illegal-move");
}

TEST(MatchAdjudication, GarbageMoveLoses) {
    expectForfeits("garbage", "illegal-move");
}

TEST(MatchAdjudication, BestmoveNoneInAGameStillPlayingLosesWithTheEnginesReason) {
    const MatchDirectory directory;
    const cctest::MatchRun run = playBadAgainstGood(directory, "refuse");
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(directory.read("results.json").find("\"illegal-move\": 2"), std::string::npos);
    const std::string records = directory.read("games.pgn");
    EXPECT_NE(records.find("bestmove 'none'"), std::string::npos) << records;
    EXPECT_NE(records.find("(the engine said 'error go: no position to search"), std::string::npos)
        << records;
}

TEST(MatchAdjudication, ExceedingTheClockLoses) {
    expectForfeits("slow", "time-loss");
}

TEST(MatchAdjudication, ResignationLoses) {
    expectForfeits("resign", "resign");
}

TEST(MatchAdjudication, CrashLosesAndRecoverPlaysOn) {
    expectForfeits("crash", "crash", "-recover");
}

TEST(MatchAdjudication, NoReadyokLoses) {
    expectForfeits("noready", "unresponsive", "-recover");
}

TEST(MatchAdjudication, SilenceWithoutClockLoses) {
    const MatchDirectory directory;
    const cctest::MatchRun run = directory.run(
        "-engine cmd=\"" + fakeEngine("--mode hang --at 3") + "\" name=Bad -engine cmd=\"" +
        fakeEngine() +
        "\" name=Good -each depth=1 movetimeout=1500 -games 2 -recover -results r.json");
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(directory.read("r.json").find("\"unresponsive\": 2"), std::string::npos) << run.out;
}

TEST(MatchAdjudication, CrashStopsTheMatchWithoutRecover) {
    const MatchDirectory directory;
    const cctest::MatchRun run = playBadAgainstGood(directory, "crash");
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(directory.read("results.json").find("\"games\": 1,"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("stopping the match"), std::string::npos) << run.out;
}

TEST(MatchAdjudication, ForfeitInThreePlayersLetsTheOthersPlayOn) {
    const MatchDirectory directory;
    const cctest::MatchRun run =
        directory.run("-engine cmd=\"" + fakeEngine("--mode illegal --at 5") +
                      "\" name=Bad -engine cmd=\"" + fakeEngine() +
                      "\" name=Good -each tc=5+0.1 -rules \"players=3 movelimit=40\" -pgnout g.pgn "
                      "-results r.json");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string records = directory.read("g.pgn");
    // Three games (one seat rotation); Bad forfeits in each and takes place 3, the two
    // Good copies play on to the move limit.
    EXPECT_NE(directory.read("r.json").find("\"games\": 3,"), std::string::npos) << run.out;
    EXPECT_NE(records.find("[Forfeit1 \"illegal-move"), std::string::npos) << records;
    EXPECT_NE(records.find("[Forfeit2 \"illegal-move"), std::string::npos) << records;
    EXPECT_NE(records.find("[Forfeit3 \"illegal-move"), std::string::npos) << records;
    EXPECT_NE(records.find("[Places \"3,1,1\"]"), std::string::npos) << records;
    EXPECT_NE(records.find("[Reason \"movelimit\"]"), std::string::npos) << records;
}

TEST(MatchAdjudication, CapAdjudicatesByProgress) {
    const MatchDirectory directory;
    const cctest::MatchRun run = directory.run(
        "-engine cmd=\"" + fakeEngine() + "\" name=A -engine cmd=\"" + fakeEngine("--seed 7") +
        "\" name=B -each tc=5 -rules preset=masters -cap 20 -pgnout g.pgn");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string records = directory.read("g.pgn");
    EXPECT_NE(records.find("[Reason \"cap\"]"), std::string::npos) << records;
    EXPECT_NE(records.find("[Plies \"40\"]"), std::string::npos) << records;
}

TEST(MatchAdjudication, UsageErrorsExitWithOne) {
    const MatchDirectory directory;
    EXPECT_EQ(directory.run("-engine name=x tc=1").status, 1);
    EXPECT_EQ(directory.run("-engine cmd=x").status, 1);
    EXPECT_EQ(directory.run("-engine cmd=x tc=1 -rules bogus=1").status, 1);
    EXPECT_EQ(directory.run("-frobnicate").status, 1);
    EXPECT_EQ(directory.run("--help").status, 0);
}

}  // namespace
