// CCERL's formats in ccmatch (protocol-spec/match.md, "CCERL's formats"): its JSONL suite
// read as openings, games written as its referee writes them, both refused outside
// preset=ccerl; and `-compliance proto=ccp`.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/ccp_cells.h"
#include "core/game.h"
#include "core/layout.h"
#include "core/movegen.h"
#include "core/rules_text.h"
#include "match/openings/ccerl_suite.h"
#include "match/settings/json_value.h"
#include "match_run.h"
#include "test_paths.h"
#include "util/text.h"

namespace {

using cc::match::JsonValue;
using cctest::fakeCcpEngine;
using cctest::fakeEngine;
using cctest::MatchDirectory;

std::shared_ptr<const cc::Layout> ccerlLayout() {
    const cc::Expected<cc::Rules> rules = cc::applyRuleWords(cc::Rules{}, {"preset=ccerl"});
    return cc::Layout::make(rules ? *rules : cc::Rules{});
}

// The start, and the position after two plies (the first legal move each time).
std::vector<std::string> suiteRows() {
    const auto layout = ccerlLayout();
    cc::Position position = cc::Position::start(*layout);
    std::vector<std::string> rows;
    rows.push_back("{\"id\": \"start\", \"cells\": \"" + cc::ccpCells(position) +
                   "\", \"player\": 0, \"ply\": 0}");
    cc::MoveList moves;
    for (int ply = 0; ply < 2; ++ply) {
        cc::generateLegal(position, moves);
        cc::playMove(position, moves[0]);
    }
    rows.push_back(
        "{\"ruleset\": \"CCERL-2P10-v2\", \"ply\": 2, \"player\": 0, \"id\": 7, "
        "\"cells\": \"" +
        cc::ccpCells(position) + "\"}");
    return rows;
}

void writeFile(const std::string& path, const std::vector<std::string>& lines) {
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << '\n';
}

TEST(CcerlSuite, ReadsRowsAsOpenings) {
    const MatchDirectory directory;
    const std::vector<std::string> rows = suiteRows();
    writeFile(directory.file("s.jsonl"), {rows[0], "", rows[1]});
    const auto suite = cc::match::loadCcerlSuite(directory.file("s.jsonl"), ccerlLayout());
    ASSERT_TRUE(suite) << suite.error();
    ASSERT_EQ(suite->size(), 2U);
    EXPECT_EQ((*suite)[0].suiteId, "\"start\"");
    EXPECT_EQ((*suite)[1].suiteId, "7");
    EXPECT_EQ((*suite)[1].ruleset, "CCERL-2P10-v2");
    const auto game = cc::match::replayOpening(ccerlLayout(), (*suite)[1]);
    ASSERT_TRUE(game) << game.error();
    EXPECT_EQ(cc::ccpCells(game->position()) + " " + std::to_string(game->position().mover()),
              rows[1].substr(rows[1].find("\"cells\": \"") + 10, 121) + " 0");
}

TEST(CcerlSuite, ABadLineIsNamedByFileAndLine) {
    const MatchDirectory directory;
    const std::string good = suiteRows()[0];
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"{\"cells\": \"000\", \"player\": 0, \"ply\": 0}", "121"},
        {good.substr(0, good.find("\"player\"")) + "\"player\": 2, \"ply\": 0}", "player"},
        {good.substr(0, good.find("\"ply\"")) + "\"ply\": -1}", "ply"},
        {good.substr(0, good.find(", \"ply\"")) + "}", "\"ply\""},
        {"[1, 2]", "object"},
        {"{\"cells\": ", ""},
    };
    for (const auto& [line, says] : bad) {
        writeFile(directory.file("s.jsonl"), {good, line});
        const auto suite = cc::match::loadCcerlSuite(directory.file("s.jsonl"), ccerlLayout());
        ASSERT_FALSE(suite) << line;
        EXPECT_NE(suite.error().find("s.jsonl line 2: "), std::string::npos) << suite.error();
        EXPECT_NE(suite.error().find(says), std::string::npos) << suite.error();
    }
}

TEST(CcerlFormats, RefusedOutsideTheCcerlProfileBeforeAnyGame) {
    const MatchDirectory directory;
    writeFile(directory.file("s.jsonl"), suiteRows());
    const std::string engines = "-engine cmd=\"" + fakeEngine() + "\" -engine cmd=\"" +
                                fakeEngine() + "\" -each tc=2 -games 2 ";
    for (const std::string& extra :
         {std::string("-jsonl g.jsonl"), std::string("-openings file=s.jsonl"),
          std::string("-openings file=s.txt format=jsonl")}) {
        const cctest::MatchRun run = directory.run(engines + extra);
        EXPECT_EQ(run.status, 1) << extra;
        EXPECT_NE(run.out.find("is CCERL's format, two players under -rules preset=ccerl only"),
                  std::string::npos)
            << run.out;
        EXPECT_EQ(run.out.find("Started game"), std::string::npos) << run.out;
    }
    writeFile(directory.file("bad.jsonl"), {suiteRows()[0], "{\"cells\": 1}"});
    const cctest::MatchRun bad =
        directory.run("-rules preset=ccerl " + engines + "-openings file=bad.jsonl");
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.out.find("bad.jsonl line 2: "), std::string::npos) << bad.out;
    EXPECT_EQ(bad.out.find("Finished game"), std::string::npos) << bad.out;
}

// The referee's apply_move: the piece on `from` goes to `to`.
std::string applyMove(std::string cells, int from, int to) {
    cells[size_t(to)] = cells[size_t(from)];
    cells[size_t(from)] = '.';
    return cells;
}

int number(const JsonValue& object, const char* key) {
    const JsonValue* value = object.member(key);
    return value != nullptr ? cc::parseInt(value->text).value_or(-1) : -1;
}

TEST(CcerlFormats, WrittenGamesReplayAndEndAsPlayed) {
    const MatchDirectory directory;
    writeFile(directory.file("s.jsonl"), suiteRows());
    const cctest::MatchRun run = directory.run(
        "-rules preset=ccerl -engine proto=ccp cmd=\"" + fakeCcpEngine() +
        "\" name=Ccp -engine cmd=\"" + fakeEngine() +
        "\" name=Cci -each tc=2+0.1 -games 2 -rounds 2 -openings file=s.jsonl -jsonl g.jsonl");
    ASSERT_EQ(run.status, 0) << run.out;
    const std::string written = directory.read("g.jsonl");
    const std::vector<std::string_view> lines = cc::split(written, '\n');
    std::map<int, std::string> cells;  // per game: the board now
    std::map<int, int> ply;
    int ends = 0;
    for (const std::string_view line : lines) {
        if (line.empty()) continue;
        const auto object = cc::match::parseJson(line);
        ASSERT_TRUE(object) << line;
        const std::string type = object->member("type")->text;
        const int game = number(*object, "game_id");
        // Keys sorted, as the referee's json.dumps(sort_keys=True).
        EXPECT_TRUE(std::is_sorted(object->keys.begin(), object->keys.end())) << line;
        if (type == "ccp_game_start") {
            cells[game] = object->member("initial_cells")->text;
            ply[game] = number(*object, "initial_ply");
            EXPECT_EQ(object->member("rule_profile")->text, "CCZ-121-Strict-LG-v2");
            EXPECT_EQ(number(*object, "max_plies"), 500);
            const std::string id = object->member("position_id")->text;
            EXPECT_TRUE(id == "start" || id == "7") << line;
        } else if (type == "ccp_move") {
            ASSERT_EQ(number(*object, "ply"), ply[game]) << line;
            const int from = number(*object, "from");
            const int to = number(*object, "to");
            const JsonValue* path = object->member("path");
            ASSERT_GE(path->items.size(), 2U) << line;
            EXPECT_EQ(cc::parseInt(path->items.front().text).value_or(-1), from) << line;
            EXPECT_EQ(cc::parseInt(path->items.back().text).value_or(-1), to) << line;
            EXPECT_EQ(cells[game][size_t(from)], char('0' + number(*object, "player"))) << line;
            cells[game] = applyMove(cells[game], from, to);
            EXPECT_EQ(object->member("cells_after")->text, cells[game]) << line;
            ++ply[game];
        } else {
            ASSERT_EQ(type, "ccp_game_end") << line;
            ++ends;
            EXPECT_EQ(number(*object, "plies"), ply[game]) << line;
            const bool draw = object->member("draw")->text == "true";
            const std::string winner = object->member("winner")->text;
            // stdout's "Finished game N (Ccp vs Cci): 1-0" names player 0 first.
            const std::string result = draw ? "1/2-1/2" : winner == "0" ? "1-0" : "0-1";
            EXPECT_NE(run.out.find(fmt::format("Finished game {} (", game + 1)), std::string::npos);
            const size_t at = run.out.find(fmt::format("Finished game {} (", game + 1));
            EXPECT_NE(run.out.find("): " + result + " {", at), std::string::npos)
                << run.out.substr(at, 80) << " / " << line;
        }
    }
    EXPECT_EQ(ends, 4);
}

TEST(CcerlCompliance, CcpChecksPassForCcengineAndNameAFakesFailure) {
    const MatchDirectory directory;
    const cctest::MatchRun engine =
        directory.run("-compliance proto=ccp \"'" + cctest::ccengineBinary() + "' --ccp\"");
    EXPECT_EQ(engine.status, 0) << engine.out;
    EXPECT_NE(engine.out.find("ok   handshake: ccp, id name, ccpok"), std::string::npos)
        << engine.out;
    EXPECT_EQ(engine.out.find("FAIL"), std::string::npos) << engine.out;
    // The fake answers go infinite at once and never waits for stop.
    const cctest::MatchRun fake =
        directory.run("-compliance proto=ccp \"" + fakeCcpEngine() + "\"");
    EXPECT_EQ(fake.status, 2) << fake.out;
    EXPECT_NE(fake.out.find("ok   position cells, go nodes 2000"), std::string::npos) << fake.out;
    EXPECT_NE(fake.out.find("FAIL go infinite"), std::string::npos) << fake.out;
    const cctest::MatchRun unknown =
        directory.run("-compliance proto=ccp \"" + fakeCcpEngine("--mode unknown") + "\"");
    EXPECT_EQ(unknown.status, 2) << unknown.out;
    EXPECT_NE(unknown.out.find("is not a CCP cell id"), std::string::npos) << unknown.out;
}

}  // namespace
