// ccmatch's pondering (protocol-spec/match.md, "Pondering"): the command stream a
// pondering engine gets (tests/fake_engine logs it), the hit and the miss, an engine
// without the Ponder option, a hung stop, and a whole game of the real engine.

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "match/cli/cli_parser.h"
#include "match_run.h"
#include "test_paths.h"

namespace {

using cctest::fakeEngine;
using cctest::MatchDirectory;

bool startsWith(const std::string& text, const std::string& start) {
    return text.rfind(start, 0) == 0;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = text.find('\n', start);
        result.push_back(text.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return result;
}

size_t countLines(const std::vector<std::string>& log, const std::string& start) {
    size_t count = 0;
    for (const std::string& line : log) count += startsWith(line, start) ? 1 : 0;
    return count;
}

// Two games (both seats) of fake A, pondering, against fake B; A logs what it reads.
// The same seed makes B play the very reply A expects (every ponder hits); another
// seed makes most of them miss.
cctest::MatchRun playPondering(const MatchDirectory& directory, const std::string& seedOfB,
                               const std::string& scriptOfA = "--ponder on",
                               const std::string& extra = "") {
    return directory.run("-engine cmd=\"" +
                         fakeEngine(scriptOfA + " --log '" + directory.file("a.log") + "'") +
                         "\" name=A ponder -engine cmd=\"" + fakeEngine("--seed " + seedOfB) +
                         "\" name=B -each tc=5+0.1 -cap 40 -games 2 -pgnout games.pgn "
                         "-results results.json " +
                         extra);
}

// Every `go ponder` comes right after its `position` and is ended by a ponderhit or a
// stop before anything else; after a stop the real position and go follow (or quit at
// the end of a game). Returns {ponderhits, stops}.
std::pair<size_t, size_t> checkPonderStream(const std::vector<std::string>& log) {
    size_t hits = 0;
    size_t stops = 0;
    for (size_t at = 0; at < log.size(); ++at) {
        if (!startsWith(log[at], "go ponder")) continue;
        EXPECT_TRUE(at > 0 && startsWith(log[at - 1], "position ")) << at;
        EXPECT_NE(log[at].find(" p1time "), std::string::npos) << log[at];
        EXPECT_NE(log[at].find(" p2inc 100"), std::string::npos) << log[at];
        EXPECT_LT(at + 1, log.size());
        if (at + 1 >= log.size()) break;
        const std::string& next = log[at + 1];
        if (next == "ponderhit") {
            ++hits;
            continue;
        }
        EXPECT_EQ(next, "stop") << at;
        ++stops;
        if (at + 2 < log.size() && log[at + 2] != "quit") {
            EXPECT_TRUE(startsWith(log[at + 2], "position ")) << log[at + 2];
            EXPECT_TRUE(at + 3 < log.size() && startsWith(log[at + 3], "go p1time "));
        }
    }
    return {hits, stops};
}

constexpr const char* kNoForfeits =
    "\"forfeits\": {\"illegal-move\": 0, \"time-loss\": 0, \"crash\": 0, \"unresponsive\": 0}";

void expectNoForfeits(const std::string& json) {
    EXPECT_NE(json.find("\"games\": 2,"), std::string::npos) << json;
    EXPECT_NE(json.find(kNoForfeits), std::string::npos) << json;
}

TEST(MatchPonder, HitsAnswerWithPonderhit) {
    const MatchDirectory directory;
    const cctest::MatchRun run = playPondering(directory, "1");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::vector<std::string> log = lines(directory.read("a.log"));
    EXPECT_EQ(countLines(log, "setoption name Ponder value true"), 2u);
    const auto [hits, stops] = checkPonderStream(log);
    EXPECT_GT(hits, 30u);
    // Only the game's end stops a ponder search that always hits.
    EXPECT_LE(stops, 2u);
    EXPECT_EQ(countLines(log, "go ponder"), hits + stops);
    const std::string json = directory.read("results.json");
    expectNoForfeits(json);
    EXPECT_NE(
        json.find("\"ponder\": [{\"name\": \"A\", \"ponders\": " + std::to_string(hits + stops) +
                  ", \"hits\": " + std::to_string(hits) + "}]"),
        std::string::npos)
        << json;
    EXPECT_NE(run.out.find("Ponder hits of A: " + std::to_string(hits)), std::string::npos)
        << run.out;
}

TEST(MatchPonder, MissesStopAndSearchTheRealPosition) {
    const MatchDirectory directory;
    const cctest::MatchRun run = playPondering(directory, "2");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::vector<std::string> log = lines(directory.read("a.log"));
    const auto [hits, stops] = checkPonderStream(log);
    EXPECT_GT(stops, 30u);
    EXPECT_LT(hits, stops);
    // The stopped search's bestmove was read and dropped: a stale one taken as the
    // answer to the real go would be illegal there, or shift every answer after it.
    expectNoForfeits(directory.read("results.json"));
    const std::string records = directory.read("games.pgn");
    EXPECT_EQ(records.find("forfeits"), std::string::npos) << records;
}

// The records keep each game's ponder counts, so -merge gives the run's ponder totals.
TEST(MatchPonder, MergedRecordsKeepThePonderTotals) {
    const MatchDirectory directory;
    const cctest::MatchRun run = playPondering(directory, "2");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string records = directory.read("games.pgn");
    EXPECT_NE(records.find("[Ponders \""), std::string::npos) << records;
    EXPECT_NE(records.find("[PonderHits \""), std::string::npos) << records;
    const cctest::MatchRun merge = directory.run("-merge games.pgn -results merged.json");
    ASSERT_EQ(merge.status, 0) << merge.out;
    const std::string json = directory.read("results.json");
    const size_t ponder = json.find("\"ponder\": [");
    ASSERT_NE(ponder, std::string::npos) << json;
    const std::string totals = json.substr(ponder, json.find(']', ponder) - ponder);
    EXPECT_NE(directory.read("merged.json").find(totals), std::string::npos) << totals;
    const size_t line = run.out.find("Ponder hits of A: ");
    ASSERT_NE(line, std::string::npos) << run.out;
    EXPECT_NE(merge.out.find(run.out.substr(line, run.out.find('\n', line) - line)),
              std::string::npos)
        << merge.out;
}

TEST(MatchPonder, EngineWithoutThePonderOptionIsWarnedAndNotPondered) {
    const MatchDirectory directory;
    const cctest::MatchRun run = playPondering(directory, "1", "--ponder off");
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(run.out.find("Warning: engine A announces no Ponder option"), std::string::npos)
        << run.out;
    // Once per match, not per game.
    EXPECT_EQ(run.out.find("Warning", run.out.find("Warning") + 1), std::string::npos);
    const std::vector<std::string> log = lines(directory.read("a.log"));
    EXPECT_GT(countLines(log, "go p1time"), 30u);
    EXPECT_EQ(countLines(log, "go ponder"), 0u);
    EXPECT_EQ(countLines(log, "setoption name Ponder"), 0u);
    EXPECT_EQ(directory.read("results.json").find("\"ponder\""), std::string::npos);
    EXPECT_EQ(directory.read("games.pgn").find("[Ponders"), std::string::npos);
}

TEST(MatchPonder, ThreePlayersDoNotPonder) {
    // After one reply the third player moves, not the engine that pondered.
    const MatchDirectory directory;
    const cctest::MatchRun run = directory.run(
        "-engine cmd=\"" + fakeEngine("--ponder on --log '" + directory.file("a.log") + "'") +
        "\" name=A -engine cmd=\"" + fakeEngine() +
        "\" name=B -rules \"players=3\" -each tc=5+0.1 -pondering -cap 20 -games 1");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::vector<std::string> log = lines(directory.read("a.log"));
    EXPECT_EQ(countLines(log, "setoption name Ponder value true"), 1u);
    EXPECT_GT(countLines(log, "go p1time"), 10u);
    EXPECT_EQ(countLines(log, "go ponder"), 0u);
}

TEST(MatchPonder, AnEngineDeafToStopForfeitsWithoutHangingTheMatch) {
    const MatchDirectory directory;
    const cctest::MatchRun run =
        playPondering(directory, "2", "--ponder on --mode deafstop", "-each readytimeout=1000");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string records = directory.read("games.pgn");
    EXPECT_NE(records.find("no bestmove within 1000 ms of stop"), std::string::npos) << records;
    EXPECT_NE(records.find("[Reason \"unresponsive\"]"), std::string::npos) << records;
}

TEST(MatchPonder, RealEngineGamePlaysToTheEnd) {
    const MatchDirectory directory;
    const cctest::MatchRun run =
        directory.run("-engine cmd='" + cctest::ccengineBinary() + "' name=P1 -engine cmd='" +
                      cctest::ccengineBinary() +
                      "' name=P2 -each depth=2 tc=20+0.5 -pondering -games 1 -pgnout games.pgn "
                      "-results results.json");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string json = directory.read("results.json");
    EXPECT_NE(json.find("\"reasons\": {\"finish\": 1"), std::string::npos) << json;
    EXPECT_NE(json.find(kNoForfeits), std::string::npos) << json;
    // Both engines pondered; at depth 2 the expected reply is often the one played.
    EXPECT_NE(json.find("\"ponder\": [{\"name\": \"P1\", \"ponders\": "), std::string::npos)
        << json;
    EXPECT_NE(json.find("{\"name\": \"P2\", \"ponders\": "), std::string::npos) << json;
    EXPECT_NE(run.out.find("Ponder hits of P1: "), std::string::npos) << run.out;
}

TEST(MatchPonder, PonderSettings) {
    using cc::match::parseCommandLine;
    const auto parsed =
        parseCommandLine({"-engine", "cmd=a", "ponder", "-engine", "cmd=b", "-each", "st=0.1"});
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_TRUE(parsed->engines[0].ponder);
    EXPECT_FALSE(parsed->engines[1].ponder);
    const auto all =
        parseCommandLine({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "st=0.1", "-pondering"});
    ASSERT_TRUE(all) << all.error();
    EXPECT_TRUE(all->engines[0].ponder && all->engines[1].ponder);
    EXPECT_FALSE(parseCommandLine({"-engine", "cmd=a", "ponder=yes", "-each", "st=0.1"}));
    EXPECT_FALSE(parseCommandLine({"-engine", "cmd=a", "-each", "st=0.1", "-pondering", "x"}));
    EXPECT_NE(cc::match::usageText().find("  ponder "), std::string::npos);
}

}  // namespace
