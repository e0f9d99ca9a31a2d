// ccmatch tournaments: the balanced schedule, the rating fit on synthetic games with
// known ratings, merge against one run, and the engines file's errors.

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <regex>
#include <set>

#include "match/cli/cli_parser.h"
#include "match/ratings/rating.h"
#include "match/tournament/schedule.h"
#include "match_run.h"
#include "test_paths.h"

namespace {

using namespace cc::match;

MatchConfig tournament(int engines, int players, const std::string& kind) {
    std::vector<std::string> words = {
        "-rules", "players=" + std::to_string(players), "-tournament", kind, "-each", "depth=1"};
    for (int engine = 0; engine < engines; ++engine) {
        words.insert(words.end(), {"-engine", "cmd=x", "name=e" + std::to_string(engine)});
    }
    auto config = parseCommandLine(words);
    EXPECT_TRUE(config.ok()) << config.error();
    return config.ok() ? *config : MatchConfig{};
}

// Seats and meetings over one round: each engine in each seat equally often, each two
// engines together equally often (the gauntlet: the first engine in every game, each
// other engine with it equally often, and each two others together equally often).
TEST(MatchSchedule, BalancedInSeatsAndMeetings) {
    for (int players = 2; players <= 6; ++players) {
        for (int engines = players; engines <= 9; ++engines) {
            for (const std::string kind : {"round-robin", "gauntlet"}) {
                const MatchConfig config = tournament(engines, players, kind);
                const auto games = scheduleShard(config);
                ASSERT_FALSE(games.empty());
                std::map<std::pair<int, int>, int> seats;  // (engine, player) -> games
                std::map<std::pair<int, int>, int> meetings;
                std::set<int> numbers;
                for (const ScheduledGame& game : games) {
                    numbers.insert(game.game);
                    std::set<int> distinct(game.enginePerPlayer.begin(),
                                           game.enginePerPlayer.end());
                    ASSERT_EQ(int(distinct.size()), players);
                    if (kind == "gauntlet") {
                        ASSERT_EQ(distinct.count(0), 1U);
                    }
                    for (int player = 0; player < players; ++player) {
                        ++seats[{game.enginePerPlayer[size_t(player)], player}];
                    }
                    for (const int a : distinct) {
                        for (const int b : distinct) {
                            if (a < b) ++meetings[{a, b}];
                        }
                    }
                }
                EXPECT_EQ(numbers.size(), games.size());  // game numbers are distinct
                const std::string what = kind + " " + std::to_string(engines) + " engines, " +
                                         std::to_string(players) + " players";
                std::set<int> seatCounts;
                std::set<int> firstSeatCounts;
                for (int engine = 0; engine < engines; ++engine) {
                    for (int player = 0; player < players; ++player) {
                        (kind == "gauntlet" && engine == 0 ? firstSeatCounts : seatCounts)
                            .insert(seats[{engine, player}]);
                    }
                }
                EXPECT_EQ(seatCounts.size(), 1U) << what;
                EXPECT_GT(*seatCounts.begin(), 0) << what;
                if (kind == "gauntlet") {
                    EXPECT_EQ(firstSeatCounts.size(), 1U) << what;
                }
                std::set<int> withFirst;
                std::set<int> others;
                for (int a = 0; a < engines; ++a) {
                    for (int b = a + 1; b < engines; ++b) {
                        (kind == "gauntlet" && a == 0 ? withFirst : others)
                            .insert(meetings[{a, b}]);
                    }
                }
                if (kind == "round-robin") {
                    EXPECT_EQ(others.size(), 1U) << what;
                    EXPECT_GT(*others.begin(), 0) << what;
                } else {
                    EXPECT_EQ(withFirst.size(), 1U) << what;
                    EXPECT_LE(others.size(), 1U) << what;  // none when players = 2
                }
            }
        }
    }
}

TEST(MatchSchedule, DefaultsAndRefusals) {
    auto config = parseCommandLine(
        {"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-each", "st=1"});
    ASSERT_TRUE(config.ok()) << config.error();
    EXPECT_EQ(config->tournament, Tournament::RoundRobin);  // more engines than players
    EXPECT_EQ(config->tables.size(), 3U);
    EXPECT_FALSE(parseCommandLine({"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c",
                                   "-each", "st=1", "-sprt", "elo0=0", "elo1=5"})
                     .ok());
    EXPECT_FALSE(parseCommandLine({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "st=1",
                                   "-tournament", "swiss"})
                     .ok());
    EXPECT_FALSE(parseCommandLine({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "st=1",
                                   "-rules", "players=3", "-tournament", "round-robin"})
                     .ok());
}

// Games drawn from known ratings; the fit anchored at the first engine's true rating
// must put every engine's true rating inside its 95% interval.
std::vector<RatedGame> syntheticGames(const std::vector<double>& elo, int players, int rounds,
                                      uint64_t seed) {
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(0, 1);
    std::vector<RatedGame> games;
    const auto tables = tournamentTables(int(elo.size()), players, Tournament::RoundRobin);
    int number = 0;
    for (int round = 0; round < rounds; ++round) {
        for (const auto& table : tables) {
            RatedGame game{round + 1, ++number, table, std::vector<int>(size_t(players), 0)};
            if (players == 2) {
                // Bradley-Terry with a draw band: win, draw, loss.
                const double expected =
                    1 / (1 + std::pow(10, (elo[size_t(table[1])] - elo[size_t(table[0])]) / 400));
                const double u = uniform(random);
                const double drawBand = 0.2 * std::min(expected, 1 - expected) * 2;
                game.places = u < expected - drawBand / 2   ? std::vector<int>{1, 2}
                              : u < expected + drawBand / 2 ? std::vector<int>{1, 1}
                                                            : std::vector<int>{2, 1};
            } else {
                // Plackett-Luce: places drawn one at a time by strength 10^(elo/400).
                std::vector<int> left(size_t{0});
                for (int player = 0; player < players; ++player) left.push_back(player);

                for (int place = 1; place <= players; ++place) {
                    double total = 0;
                    for (const int player : left) {
                        total += std::pow(10, elo[size_t(table[size_t(player)])] / 400);
                    }
                    double u = uniform(random) * total;
                    size_t chosen = 0;
                    for (; chosen + 1 < left.size(); ++chosen) {
                        u -= std::pow(10, elo[size_t(table[size_t(left[chosen])])] / 400);
                        if (u <= 0) break;
                    }
                    game.places[size_t(left[chosen])] = place;
                    left.erase(left.begin() + long(chosen));
                }
            }
            games.push_back(game);
        }
    }
    return games;
}

TEST(MatchRatings, RecoversKnownRatingsWithinTheirIntervals) {
    const std::vector<double> truth = {0, 150, -100, 300, 50};
    for (const int players : {2, 3}) {
        const auto games = syntheticGames(truth, players, 60, 11);
        const RatingList list = fitRatings(games, int(truth.size()), 0, truth[0]);
        ASSERT_EQ(list.elo.size(), truth.size());
        EXPECT_EQ(list.unit, "rounds");
        for (size_t engine = 1; engine < truth.size(); ++engine) {
            EXPECT_LE(list.low[engine], truth[engine]) << players << " players, engine " << engine;
            EXPECT_GE(list.high[engine], truth[engine]) << players << " players, engine " << engine;
            EXPECT_LT(list.high[engine] - list.low[engine], 200) << "an interval says nothing";
        }
        EXPECT_GT(list.los(3, 1), 0.95);  // 300 over 150
        // The order games are given in does not matter.
        std::vector<RatedGame> reversed(games.rbegin(), games.rend());
        const RatingList again = fitRatings(reversed, int(truth.size()), 0, truth[0]);
        EXPECT_EQ(again.elo, list.elo);
        EXPECT_EQ(again.low, list.low);
    }
    // The anchor moves the list, not the differences.
    const auto games = syntheticGames(truth, 2, 20, 3);
    const RatingList first = fitRatings(games, 5, 0, 0);
    const RatingList anchored = fitRatings(games, 5, 3, 1000);
    EXPECT_NEAR(anchored.elo[3], 1000, 1e-9);
    EXPECT_NEAR(anchored.elo[1] - anchored.elo[2], first.elo[1] - first.elo[2], 1e-6);
}

std::string engineLines(const std::string& json) {
    // The "engines" entries, which carry the ratings.
    std::string lines;
    const std::regex entry(R"(\{"name": [^\n]*\})");
    for (auto it = std::sregex_iterator(json.begin(), json.end(), entry);
         it != std::sregex_iterator(); ++it) {
        lines += it->str() + "\n";
    }
    return lines;
}

TEST(MatchTournament, MergeOfShardsGivesTheListOfOneRun) {
    const cctest::MatchDirectory directory;
    const std::string& engine = cctest::ccengineBinary();
    const std::string engines = "-engine cmd=" + engine +
                                " name=greedy option.Player=greedy -engine cmd=" + engine +
                                " name=random option.Player=random -engine cmd=" + engine +
                                " name=d1 -each depth=1 -rounds 4 -openings plies=2 ";
    const auto run = directory.run(engines + "-concurrency 2 -pgnout all.pgn -results one.json");
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(run.out.find("Ratings (Bradley-Terry"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Crosstable"), std::string::npos) << run.out;
    for (const std::string shard : {"1", "2"}) {
        std::string arguments = engines;
        arguments += "-shard " + shard + "/2 -pgnout s";
        arguments += shard + ".pgn";
        const auto part = directory.run(arguments);
        ASSERT_EQ(part.status, 0) << part.out;
    }
    const auto merged = directory.run("-merge s2.pgn s1.pgn -results merged.json");
    ASSERT_EQ(merged.status, 0) << merged.out;
    const auto again = directory.run("-merge all.pgn -results again.json");
    ASSERT_EQ(again.status, 0) << again.out;
    const std::string one = engineLines(directory.read("one.json"));
    EXPECT_NE(one.find("\"elo_low\""), std::string::npos) << one;
    EXPECT_EQ(engineLines(directory.read("again.json")), one);
    // Shards play the same games as the one run (fixed openings, deterministic players).
    EXPECT_EQ(engineLines(directory.read("merged.json")), one);
}

TEST(MatchTournament, EnginesFileAndConf) {
    const cctest::MatchDirectory directory;
    {
        std::ofstream good(directory.file("engines.json"));
        good << R"([{"name": "g", "command": ")" << cctest::ccengineBinary()
             << R"(", "workingDirectory": ".", "protocol": "cci",
                    "options": [{"name": "Player", "value": "greedy"}]},
                   {"name": "r", "command": ")"
             << cctest::ccengineBinary() << R"(", "options": {"Player": "random"}}])";
        std::ofstream bad(directory.file("bad.json"));
        bad << R"([{"name": "g", "command": "x"}, {"name": "h"])";
        std::ofstream noCommand(directory.file("nocommand.json"));
        noCommand << R"([{"name": "g"}])";
    }
    const auto run = directory.run(
        "-engines engines.json -engine conf=g -engine conf=r name=rr -each depth=1 -rounds 1");
    ASSERT_EQ(run.status, 0) << run.out;
    EXPECT_NE(run.out.find("Score of g vs rr: 2 - 0 - 0"), std::string::npos) << run.out;
    const std::vector<std::pair<std::string, std::string>> failures = {
        {"-engines bad.json -engine conf=g -each depth=1", "bad.json: line 1: expected"},
        {"-engines nocommand.json -engine conf=g -each depth=1", "'g' has no \"command\""},
        {"-engines missing.json -engine conf=g -each depth=1", "cannot read 'missing.json'"},
        {"-engines engines.json -engine conf=nobody -each depth=1", "no engine named 'nobody'"},
        {"-engine conf=g -each depth=1", "no -engines FILE"},
    };
    for (const auto& [arguments, message] : failures) {
        const auto failed = directory.run(arguments);
        EXPECT_EQ(failed.status, 1) << arguments;
        EXPECT_EQ(failed.out.rfind("ccmatch: ", 0), 0U) << failed.out;  // one clear line first
        EXPECT_NE(failed.out.find(message), std::string::npos) << arguments << "\n" << failed.out;
    }
}

}  // namespace
