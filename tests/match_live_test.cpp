// ccmatch's live feed (-live FILE): a real match with two games at once writes whole
// JSON lines, a start, every move in order and an end for each game, and the standings
// after each game.

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "match/reports/live_feed.h"
#include "match/settings/json_value.h"
#include "match_run.h"

namespace {

using cc::match::JsonValue;
using cctest::fakeEngine;
using cctest::MatchDirectory;

std::string text(const JsonValue& object, const char* key) {
    const JsonValue* value = object.member(key);
    return value == nullptr ? "" : value->text;
}

struct GameLines {
    int starts = 0;
    int moves = 0;
    int ends = 0;
    int lastPly = 0;
    bool movedAfterEnd = false;
};

TEST(MatchLive, EveryGameMoveAndEndIsOneWholeLine) {
    const MatchDirectory directory;
    const auto run = directory.run("-engine cmd=\"" + fakeEngine("--seed 3") +
                                   "\" name=A -engine cmd=\"" + fakeEngine("--seed 5") +
                                   "\" name=B -each tc=10+0.1 -rules movelimit=12 -rounds 2 "
                                   "-concurrency 2 -live feed.jsonl");
    ASSERT_EQ(run.status, 0) << run.out;
    std::istringstream feed(directory.read("feed.jsonl"));
    std::map<int, GameLines> games;
    int standings = 0;
    std::string line;
    while (std::getline(feed, line)) {
        const auto parsed = cc::match::parseJson(line);
        ASSERT_TRUE(parsed) << parsed.error() << ": " << line;
        ASSERT_EQ(parsed->kind, JsonValue::Kind::Object) << line;
        const std::string type = text(*parsed, "type");
        if (type == "standings") {
            ++standings;
            EXPECT_EQ(text(*parsed, "games"), std::to_string(standings)) << line;
            continue;
        }
        GameLines& game = games[std::stoi(text(*parsed, "game"))];
        if (type == "start") {
            ++game.starts;
            EXPECT_EQ(parsed->member("engines")->items.size(), 2U) << line;
            EXPECT_EQ(parsed->member("clocks")->items.size(), 2U) << line;
        } else if (type == "move") {
            ++game.moves;
            game.movedAfterEnd = game.movedAfterEnd || game.ends > 0;
            const int ply = std::stoi(text(*parsed, "ply"));
            EXPECT_EQ(ply, game.lastPly + 1) << line;
            game.lastPly = ply;
            EXPECT_FALSE(text(*parsed, "move").empty()) << line;
            EXPECT_EQ(parsed->member("clocks")->items.size(), 2U) << line;
            EXPECT_FALSE(text(*parsed, "position").empty()) << line;
        } else {
            ASSERT_EQ(type, "end") << line;
            ++game.ends;
            EXPECT_EQ(parsed->member("places")->items.size(), 2U) << line;
        }
    }
    EXPECT_EQ(games.size(), 4U);
    EXPECT_EQ(standings, 4);
    for (const auto& [number, game] : games) {
        EXPECT_EQ(game.starts, 1) << "game " << number;
        EXPECT_EQ(game.ends, 1) << "game " << number;
        EXPECT_GT(game.moves, 0) << "game " << number;
        EXPECT_FALSE(game.movedAfterEnd) << "game " << number;
    }
}

TEST(MatchLive, InfoLineFields) {
    EXPECT_EQ(cc::match::liveInfoJson("info depth 7 score cp -31 nodes 900 pv a1-b2 c3-d4"),
              R"({"score":{"cp":-31},"depth":7,"pv":"a1-b2 c3-d4"})");
    EXPECT_EQ(cc::match::liveInfoJson("info depth 7 score cp -31 wdl 300 0 700 nodes 9 pv a1-b2"),
              R"({"score":{"cp":-31},"depth":7,"wdl":[300,0,700],"pv":"a1-b2"})");
    EXPECT_EQ(cc::match::liveInfoJson("info depth 2 score cp 5 first 500 250 250 nodes 9"),
              R"({"score":{"cp":5},"depth":2,"first":[500,250,250]})");
    EXPECT_EQ(cc::match::liveInfoJson("info score mate 3 depth 4"),
              R"({"score":{"mate":3},"depth":4})");
    EXPECT_EQ(cc::match::liveInfoJson("info score cp 1 wdl 300 0"), R"({"score":{"cp":1}})");
    EXPECT_EQ(cc::match::liveInfoJson(""), "{}");
    EXPECT_EQ(cc::match::liveInfoJson("info string score cp 5"), "{}");
}

TEST(MatchLive, UnwritableFeedIsRefused) {
    const MatchDirectory directory;
    const auto run = directory.run("-engine cmd=\"" + fakeEngine() + "\" name=A -engine cmd=\"" +
                                   fakeEngine() + "\" name=B -each tc=10+0.1 -live no/such/feed");
    EXPECT_EQ(run.status, 1) << run.out;
    EXPECT_NE(run.out.find("ccmatch: cannot write the live feed no/such/feed"), std::string::npos)
        << run.out;
}

}  // namespace
