// ccmatch's records: shards merged give the totals and records of one run with the
// same seed, and -replay's position texts are the engine's own.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "match/records/game_record.h"
#include "match_run.h"
#include "test_paths.h"

namespace {

using cctest::fakeEngine;
using cctest::MatchDirectory;

// Deterministic engines (the move depends on position and seed only), random opening
// plies from the seed, and a resignation that makes some games decisive.
std::string matchArguments(int rounds = 5) {
    return "-engine cmd=\"" + fakeEngine("--seed 3") + "\" name=A -engine cmd=\"" +
           fakeEngine("--seed 5 --mode resign --at 61") +
           "\" name=B -each tc=10+0.1 -rules movelimit=40 -openings plies=3 -srand 9 -rounds " +
           std::to_string(rounds);
}

std::string withoutLine(const std::string& text, const std::string& key) {
    std::string out;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = text.find('\n', start);
        const std::string line =
            text.substr(start, end == std::string::npos ? end : end - start + 1);
        if (line.find(key) == std::string::npos) out += line;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

TEST(MatchShards, MergedShardsEqualOneRun) {
    const MatchDirectory directory;
    ASSERT_EQ(directory.run(matchArguments() + " -pgnout all.pgn").status, 0);
    ASSERT_EQ(directory.run("-merge all.pgn -results all.json").status, 0);
    for (const std::string shard : {"1", "2", "3"}) {
        const auto run = directory.run(
            fmt::format("{} -shard {}/3 -pgnout s{}.pgn", matchArguments(), shard, shard));
        ASSERT_EQ(run.status, 0) << run.out;
    }
    const auto merge =
        directory.run("-merge s3.pgn s1.pgn s2.pgn -results merged.json -pgnout merged.pgn");
    ASSERT_EQ(merge.status, 0) << merge.out;
    const std::string json = directory.read("all.json");
    EXPECT_NE(json.find("\"games\": 10,"), std::string::npos) << json;
    EXPECT_NE(json.find("\"resign\": 10,"), std::string::npos) << json;
    EXPECT_EQ(json, directory.read("merged.json"));
    // The records agree but for the date, the measured move times and the engines'
    // processes (ids and memory differ from run to run).
    const auto measured = [](const std::string& text) {
        return withoutLine(withoutLine(withoutLine(text, "[Date "), "[MoveTimes "), "[Process");
    };
    EXPECT_EQ(measured(directory.read("all.pgn")), measured(directory.read("merged.pgn")));
    // A shard merged twice is refused, naming a doubled game and both files.
    const auto twice = directory.run("-merge s1.pgn s2.pgn s3.pgn s1.pgn");
    EXPECT_EQ(twice.status, 1);
    EXPECT_NE(twice.out.find("game 1 (round 1) appears twice, in s1.pgn and in s1.pgn"),
              std::string::npos)
        << twice.out;
}

// A shard killed mid-run: -merge names the shard, the rounds it did not play and the
// round it left short, and playing that shard again makes the run whole.
TEST(MatchShards, MergeNamesTheRoundsOfAKilledShard) {
    const MatchDirectory directory;
    ASSERT_EQ(directory.run(matchArguments() + " -pgnout all.pgn").status, 0);
    ASSERT_EQ(directory.run("-merge all.pgn -results all.json").status, 0);
    for (const std::string shard : {"1", "2", "3"}) {
        ASSERT_EQ(
            directory
                .run(fmt::format("{} -shard {}/3 -pgnout s{}.pgn", matchArguments(), shard, shard))
                .status,
            0);
    }
    // Shard 2 plays rounds 2 and 5, two games each: keep only its first game.
    const std::string whole = directory.read("s2.pgn");
    const size_t second = whole.find("[Event ", 1);
    ASSERT_NE(second, std::string::npos);
    std::ofstream(directory.file("s2.pgn"), std::ios::trunc) << whole.substr(0, second);
    const auto killed = directory.run("-merge s1.pgn s2.pgn s3.pgn -results merged.json");
    EXPECT_EQ(killed.status, 1);
    EXPECT_NE(killed.out.find("shard 2/3 (round 5 missing; round 2 has 1 of 2 games)"),
              std::string::npos)
        << killed.out;
    EXPECT_EQ(killed.out.find("shard 1/3"), std::string::npos) << killed.out;
    const auto lost = directory.run("-merge s1.pgn s3.pgn");
    EXPECT_NE(lost.out.find("shard 2/3 (rounds 2, 5 missing)"), std::string::npos) << lost.out;

    // -pgnout appends: the shard played again writes a new file.
    ASSERT_EQ(directory.run(matchArguments() + " -shard 2/3 -pgnout s2-again.pgn").status, 0);
    const auto merge = directory.run("-merge s1.pgn s2-again.pgn s3.pgn -results merged.json");
    ASSERT_EQ(merge.status, 0) << merge.out;
    EXPECT_EQ(directory.read("all.json"), directory.read("merged.json"));
}

// A run that is not sharded, killed mid-run, cannot be told from a whole one; given
// as -shard 1/1 its records name their rounds, and -merge names the rounds it lacks.
TEST(MatchShards, AKilledRunOfOneShardIsNotWhole) {
    const MatchDirectory directory;
    ASSERT_EQ(directory.run(matchArguments() + " -shard 1/1 -pgnout one.pgn").status, 0);
    const std::string whole = directory.read("one.pgn");
    EXPECT_NE(whole.find("[Shard \"1/1\"]"), std::string::npos);
    size_t cut = 0;
    for (int game = 0; game < 3; ++game) cut = whole.find("[Event ", cut + 1);
    ASSERT_NE(cut, std::string::npos);
    std::ofstream(directory.file("one.pgn"), std::ios::trunc) << whole.substr(0, cut);
    const auto merged = directory.run("-merge one.pgn");
    EXPECT_EQ(merged.status, 1);
    EXPECT_NE(merged.out.find("shard 1/1 (rounds 3, 4, 5 missing; round 2 has 1 of 2 games)"),
              std::string::npos)
        << merged.out;
    // Without -shard the records carry no such tags.
    ASSERT_EQ(directory.run(matchArguments() + " -pgnout plain.pgn").status, 0);
    EXPECT_EQ(directory.read("plain.pgn").find("[Shard "), std::string::npos);
}

TEST(MatchShards, ReplayGivesTheEnginesPositions) {
    const MatchDirectory directory;
    ASSERT_EQ(directory.run(matchArguments(1) + " -pgnout g.pgn").status, 0);
    const auto records = cc::match::parseRecords(directory.read("g.pgn"));
    ASSERT_TRUE(records.ok()) << records.error();
    ASSERT_EQ(records->size(), 2U);
    const auto replay = directory.run("-replay g.pgn");
    ASSERT_EQ(replay.status, 0) << replay.out;
    for (const cc::match::GameRecord& record : *records) {
        // The engine, given the record as `position`, reaches replay's last text.
        std::string moves = record.opening.find(" moves") == std::string::npos ? " moves" : "";
        for (const std::string& move : record.moves) moves += " " + move;
        const std::string command = "'" + cctest::ccengineBinary() + "' --rules \"" + record.rules +
                                    "\" --position \"" + record.opening + moves + "\" getposition";
        FILE* pipe = ::popen(command.c_str(), "r");
        ASSERT_NE(pipe, nullptr);
        char line[4096] = {};
        ASSERT_NE(std::fgets(line, sizeof line, pipe), nullptr);
        ::pclose(pipe);
        std::string engineText(line);
        engineText = engineText.substr(std::string("position ").size());
        const std::string last = "game " + std::to_string(record.game) + " ply " +
                                 std::to_string(record.moves.size()) + " " + engineText;
        EXPECT_NE(replay.out.find(last), std::string::npos) << last;
    }
}

}  // namespace

namespace {

TEST(MatchCompliance, EnginePassesAndAnIllegalEngineFails) {
    const MatchDirectory directory;
    const auto engine = directory.run("-compliance '" + cctest::ccengineBinary() + "'");
    EXPECT_EQ(engine.status, 0) << engine.out;
    EXPECT_NE(engine.out.find("checks, 0 failed"), std::string::npos) << engine.out;
    const auto fake = directory.run("-compliance \"" + fakeEngine("--mode illegal") + "\"");
    EXPECT_EQ(fake.status, 2) << fake.out;
    EXPECT_NE(fake.out.find("FAIL go with clocks"), std::string::npos) << fake.out;
}

}  // namespace

namespace {

TEST(MatchOpenings, FileOpeningsArePlayedOncePerSeatRotation) {
    const MatchDirectory directory;
    const auto run = directory.run(
        "-engine cmd=\"" + fakeEngine() + "\" name=A -engine cmd=\"" + fakeEngine("--seed 2") +
        "\" name=B -each tc=10 -rules movelimit=10 -rounds 3 -openings "
        "file='" +
        (cctest::sourceDir() / "scripts/match/openings/standard-2p.txt").string() +
        "' start=2 -pgnout g.pgn");
    ASSERT_EQ(run.status, 0) << run.out;
    const auto records = cc::match::parseRecords(directory.read("g.pgn"));
    ASSERT_TRUE(records.ok()) << records.error();
    ASSERT_EQ(records->size(), 6U);
    for (size_t game = 0; game < 6; game += 2) {
        const auto& first = (*records)[game];
        const auto& second = (*records)[game + 1];
        EXPECT_EQ(first.opening, second.opening);
        EXPECT_NE(first.opening.find("startpos moves "), std::string::npos) << first.opening;
        EXPECT_EQ(first.engines[0], second.engines[1]);  // the seats swapped
    }
    EXPECT_NE((*records)[0].opening, (*records)[2].opening);
    const auto missing = directory.run("-engine cmd=x st=1 -openings file=nowhere.txt");
    EXPECT_EQ(missing.status, 1) << missing.out;
}

}  // namespace
