// ccmatch's engine processes: with restart=off one process plays game after game (its
// records' Process tags name it), with the default each game starts its own, a
// process that forfeits is replaced, and lines an engine should not write are counted.

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "match/records/game_record.h"
#include "match_run.h"

namespace {

using cc::match::EngineProcessFacts;
using cc::match::GameRecord;
using cctest::fakeEngine;
using cctest::MatchDirectory;

// Each engine's process facts, game by game.
std::map<std::string, std::vector<EngineProcessFacts>> processesByEngine(
    const std::vector<GameRecord>& records) {
    std::map<std::string, std::vector<EngineProcessFacts>> facts;
    for (const GameRecord& record : records) {
        for (int player = 0; player < record.players(); ++player) {
            const EngineProcessFacts process = size_t(player) < record.processes.size()
                                                   ? record.processes[size_t(player)]
                                                   : EngineProcessFacts{};
            facts[record.engines[size_t(player)]].push_back(process);
        }
    }
    return facts;
}

std::vector<GameRecord> playFourGames(const MatchDirectory& directory, const std::string& engineA,
                                      const std::string& each) {
    const cctest::MatchRun run = directory.run(
        "-engine cmd=\"" + engineA + "\" name=A -engine cmd=\"" + fakeEngine("--seed 5") +
        "\" name=B -each tc=10+0.1 " + each +
        " -rules movelimit=40 -openings plies=2 -rounds 2 -recover -pgnout games.pgn");
    EXPECT_EQ(run.status, 0) << run.out;
    cc::Expected<std::vector<GameRecord>> records =
        cc::match::parseRecords(directory.read("games.pgn"));
    EXPECT_TRUE(bool(records)) << (records ? "" : records.error());
    return records ? *records : std::vector<GameRecord>{};
}

TEST(MatchRestart, OffKeepsOneProcessForEveryGame) {
    const MatchDirectory directory;
    const std::vector<GameRecord> records =
        playFourGames(directory, fakeEngine("--seed 3"), "restart=off");
    ASSERT_EQ(records.size(), 4U);
    for (const auto& [engine, processes] : processesByEngine(records)) {
        ASSERT_EQ(processes.size(), 4U) << engine;
        for (size_t game = 0; game < processes.size(); ++game) {
            EXPECT_EQ(processes[game].pid, processes[0].pid) << engine << " game " << game + 1;
            EXPECT_EQ(processes[game].games, int(game) + 1) << engine;
            EXPECT_GT(processes[game].residentKib, 0) << engine;
            EXPECT_GE(processes[game].peakKib, processes[game].residentKib) << engine;
        }
    }
}

TEST(MatchRestart, OnStartsAProcessEachGame) {
    const MatchDirectory directory;
    const std::vector<GameRecord> records = playFourGames(directory, fakeEngine("--seed 3"), "");
    ASSERT_EQ(records.size(), 4U);
    for (const auto& [engine, processes] : processesByEngine(records)) {
        std::set<int64_t> pids;
        for (const EngineProcessFacts& process : processes) {
            EXPECT_EQ(process.games, 1) << engine;
            pids.insert(process.pid);
        }
        EXPECT_EQ(pids.size(), 4U) << engine;
    }
}

TEST(MatchRestart, AProcessThatForfeitsIsReplaced) {
    const MatchDirectory directory;
    const std::string log = directory.file("a.log");
    const std::vector<GameRecord> records = playFourGames(
        directory, fakeEngine("--seed 3 --mode illegal --at 6 --log '" + log + "'"), "restart=off");
    ASSERT_EQ(records.size(), 4U);
    const std::string commands = directory.read("a.log");
    size_t handshakes = 0;
    for (size_t at = commands.find("cci\n"); at != std::string::npos;
         at = commands.find("cci\n", at + 1)) {
        ++handshakes;
    }
    EXPECT_EQ(handshakes, 4U) << "each game's forfeit kills A's process";
    const auto facts = processesByEngine(records);
    for (const EngineProcessFacts& process : facts.at("A")) EXPECT_EQ(process.pid, 0);
    for (const EngineProcessFacts& process : facts.at("B"))
        EXPECT_EQ(process.pid, facts.at("B")[0].pid);
}

TEST(MatchRestart, ProcessTagsReadBack) {
    const MatchDirectory directory;
    const std::vector<GameRecord> records =
        playFourGames(directory, fakeEngine("--seed 3"), "restart=off");
    ASSERT_FALSE(records.empty());
    const std::string text = cc::match::formatRecord(records[0]);
    cc::Expected<std::vector<GameRecord>> again = cc::match::parseRecords(text);
    ASSERT_TRUE(bool(again));
    EXPECT_EQ(again->at(0).processes, records[0].processes);
    const size_t tag = text.find("[Process1 \"");
    ASSERT_NE(tag, std::string::npos);
    std::string damaged = text;
    damaged.replace(tag, text.find(']', tag) - tag + 1, "[Process1 \"12 x 3\"]");
    EXPECT_FALSE(bool(cc::match::parseRecords(damaged)));
}

TEST(MatchRestart, RestartTakesOnOrOff) {
    const MatchDirectory directory;
    const cctest::MatchRun run =
        directory.run("-engine cmd=\"" + fakeEngine() + "\" -engine cmd=\"" + fakeEngine() +
                      "\" -each tc=1 restart=maybe");
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.out.find("restart"), std::string::npos) << run.out;
}

TEST(MatchStrayLines, GarbageIsCountedAndShownWithoutControlBytes) {
    const MatchDirectory directory;
    const cctest::MatchRun run = directory.run(
        "-engine cmd=\"" + fakeEngine("--mode garbage --at 5") + "\" name=A -engine cmd=\"" +
        fakeEngine() + "\" name=B -each tc=10+0.1 -recover -results results.json");
    EXPECT_EQ(run.status, 0) << run.out;
    EXPECT_NE(run.out.find("Stray engine lines: 2 (the first: '?? junk ^^^ {{{')"),
              std::string::npos)
        << run.out;
    EXPECT_NE(directory.read("results.json").find("\"stray_lines\": 2,"), std::string::npos);
}

TEST(MatchStrayLines, AGoodEngineWritesNone) {
    const MatchDirectory directory;
    const cctest::MatchRun run =
        directory.run("-engine cmd=\"" + fakeEngine() + "\" name=A -engine cmd=\"" + fakeEngine() +
                      "\" name=B -each tc=10+0.1 restart=off -rounds 2 -results results.json");
    EXPECT_EQ(run.status, 0) << run.out;
    EXPECT_EQ(run.out.find("Stray"), std::string::npos) << run.out;
    EXPECT_NE(directory.read("results.json").find("\"stray_lines\": 0,"), std::string::npos);
}

}  // namespace
