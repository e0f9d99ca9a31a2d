// ccmatch and the engines' win chances (protocol-spec/match.md, "Records",
// "Adjudication", "Report"): the move comments of records, -resign and -draw given as a
// win chance, and the report's win-chance graphs.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "match/cli/cli_parser.h"
#include "match/engines/info_line.h"
#include "match/games/adjudication.h"
#include "match/records/game_record.h"
#include "match/records/move_eval.h"
#include "match/reports/chance_graph.h"
#include "match/reports/html_report.h"
#include "match_run.h"
#include "test_paths.h"

namespace {

using namespace cc::match;

size_t count(const std::string& text, const std::string& part) {
    size_t found = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++found;
    return found;
}

MoveEval evalOf(const std::string& infoLine) {
    return readInfoLine(infoLine).eval;
}

GameRecord recordOf(int players, std::vector<std::string> moves) {
    GameRecord record;
    record.game = 3;
    record.round = 1;
    record.rules = players == 2 ? "preset=standard players=2" : "preset=standard players=6";
    for (int player = 0; player < players; ++player) {
        record.engines.push_back(player == 0 ? "A" : "B");
        record.seats.push_back(std::to_string(player + 1));
        record.timeControls.emplace_back("st=0.1");
        record.places.push_back(player + 1);
    }
    record.opening = "startpos";
    record.moves = std::move(moves);
    record.moveTimesMs.assign(record.moves.size(), 5);
    return record;
}

TEST(MatchWinChance, InfoLinesGiveScoreDepthAndChances) {
    const MoveEval two = evalOf("info depth 9 seldepth 12 score cp -123 wdl 380 20 600 nodes 5");
    EXPECT_EQ(two.scoreCp, -123);
    EXPECT_EQ(two.depth, 9);
    EXPECT_EQ(two.wdl, (std::vector<int>{380, 20, 600}));
    EXPECT_DOUBLE_EQ(*two.winChance(), 390);
    const MoveEval six = evalOf("info depth 3 score mate -2 first 0 500 100 100 100 200 pv a");
    EXPECT_EQ(six.mate, -2);
    EXPECT_EQ(six.first, (std::vector<int>{0, 500, 100, 100, 100, 200}));
    EXPECT_FALSE(six.winChance().has_value());
    EXPECT_EQ(adjudicatedScore(six), -30000);
    EXPECT_TRUE(evalOf("info string score cp 5 wdl 1 2 3").empty());
    EXPECT_TRUE(evalOf("info depth 2 score cp 4 wdl 1 2").wdl.empty());  // three or none
}

TEST(MatchWinChance, MoveCommentsRoundTrip) {
    for (const std::string& line :
         {std::string("info depth 9 score cp 123 wdl 612 0 388"),
          std::string("info depth 12 score cp -5 wdl 490 10 500"), std::string("info score cp 0"),
          std::string("info depth 4 score mate 3 wdl 1000 0 0"),
          std::string("info depth 4 score mate -7"),
          std::string("info depth 2 score cp 40 first 400 100 100 100 100 200")}) {
        const MoveEval eval = evalOf(line);
        const std::string comment = formatMoveComment(eval);
        const auto back = parseMoveComment(comment);
        ASSERT_TRUE(back.ok()) << comment << ": " << back.error();
        EXPECT_EQ(*back, eval) << comment;
    }
    EXPECT_EQ(formatMoveComment(evalOf("info depth 9 score cp 123 wdl 612 0 388")),
              "+1.23/9 wdl=612,0,388");
    EXPECT_EQ(formatMoveComment(evalOf("info depth 12 score cp -5")), "-0.05/12");
    EXPECT_EQ(formatMoveComment(evalOf("info depth 3 score mate -2")), "-M2/3");
    for (const std::string bad : {"+1.2/9", "+1.23/x", "wdl=1,2", "wdl=1,2,x", "first=2000",
                                  "+1.23 -0.50", "good move", "wdl=1,2,3 wdl=1,2,3"}) {
        EXPECT_FALSE(parseMoveComment(bad).ok()) << bad;
    }
}

TEST(MatchWinChance, RecordsKeepTheCommentsAndOldRecordsStayReadable) {
    GameRecord record = recordOf(2, {"m3-k5", "g15-g13", "resign"});
    record.evals = {evalOf("info depth 9 score cp 123 wdl 612 0 388"), MoveEval{},
                    MoveEval{}};  // no report for the second move and the resignation
    const std::string text = formatRecord(record);
    EXPECT_NE(text.find("m3-k5 {+1.23/9 wdl=612,0,388} g15-g13 resign"), std::string::npos) << text;
    const auto back = parseRecords(text);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ((*back)[0].moves, record.moves);
    EXPECT_EQ((*back)[0].evals, record.evals);
    EXPECT_EQ(formatRecord((*back)[0]), text);

    // Without comments (an older record): the same moves, no evals.
    record.evals.clear();
    const auto old = parseRecords(formatRecord(record));
    ASSERT_TRUE(old.ok()) << old.error();
    EXPECT_EQ((*old)[0].moves, record.moves);
    EXPECT_TRUE((*old)[0].evals.empty());

    // A comment may run over lines; a bad one is refused with its line.
    const std::string head = text.substr(0, text.find("\n\n") + 2);
    const auto split = parseRecords(head + "m3-k5 {+1.23/9\nwdl=612,0,388} g15-g13\n\n");
    ASSERT_TRUE(split.ok()) << split.error();
    EXPECT_EQ((*split)[0].evals[0].wdl, (std::vector<int>{612, 0, 388}));
    for (const std::string moves :
         {"{+1.00} m3-k5\n", "m3-k5 {+1.00} {+2.00}\n", "m3-k5 {+1.00\n", "m3-k5 {nice}\n",
          "m3-k5 +1.00}\n", "m3-k5 {first=500,500}\n"}) {
        const auto bad = parseRecords(head + moves + "\n");
        ASSERT_FALSE(bad.ok()) << moves;
        EXPECT_FALSE(bad.error().empty());
    }
}

TEST(MatchWinChance, InfoLinesWithChancesAreWellFormedWhenTheyFitTheGame) {
    const auto layout = cc::Layout::make(cc::Rules{});
    const cc::Game start(layout, cc::Position::start(*layout));
    EXPECT_TRUE(checkInfoLine(start, "info depth 3 score cp 5 wdl 600 0 400 nodes 9").ok());
    EXPECT_FALSE(checkInfoLine(start, "info depth 3 score cp 5 wdl 600 0 300").ok());  // sum
    EXPECT_FALSE(checkInfoLine(start, "info depth 3 score cp 5 wdl 600 400").ok());
    EXPECT_FALSE(checkInfoLine(start, "info depth 3 score cp 5 first 600 400").ok());
}

// A scripted sequence of info lines against -resign and -draw given as win chances.
TEST(MatchWinChance, ResignAndDrawByWinChance) {
    const auto config = parseCommandLine(
        {"-engine", "cmd=a", "st=1", "-engine", "cmd=b", "st=1", "-resign", "movecount=2",
         "winchance=20", "-draw", "movenumber=0", "movecount=2", "winchance=30", "-cap", "0"});
    ASSERT_TRUE(config.ok()) << config.error();
    ASSERT_EQ(config->resign->winChance, 20);
    const auto layout = cc::Layout::make(config->rules);
    const cc::Position start = cc::Position::start(*layout);
    {
        auto adjudicators = makeAdjudicators(*config);
        Adjudicator& resign = *adjudicators[0];
        // A score far below -1000 cp would resign by score; by win chance it does not.
        resign.observe(1, evalOf("info depth 5 score cp -5000 wdl 30 0 970"));
        resign.observe(0, evalOf("info depth 5 score cp 5000 wdl 970 0 30"));
        resign.observe(1, evalOf("info depth 5 score cp -5000 wdl 10 0 990"));
        resign.observe(0, evalOf("info depth 5 score cp 5000 wdl 990 0 10"));
        EXPECT_FALSE(resign.verdict(start).has_value());
        resign.observe(1, evalOf("info depth 5 score cp -5000"));  // no chance: no count
        resign.observe(1, evalOf("info depth 5 score cp -100 wdl 20 0 980"));
        EXPECT_FALSE(resign.verdict(start).has_value());
        resign.observe(1, evalOf("info depth 5 score cp -100 wdl 5 10 985"));
        const auto verdict = resign.verdict(start);
        ASSERT_TRUE(verdict.has_value());
        EXPECT_EQ(verdict->places, (std::vector<int>{1, 2}));
        EXPECT_NE(verdict->termination.find("win chance of 20 per mille"), std::string::npos);
    }
    {
        auto adjudicators = makeAdjudicators(*config);
        Adjudicator& draw = *adjudicators[1];
        draw.observe(0, evalOf("info score cp 900 wdl 520 0 480"));
        draw.observe(1, evalOf("info score cp -900 wdl 400 200 400"));  // 500 with the draw half
        draw.observe(0, evalOf("info score cp 900 wdl 540 0 460"));     // 40 off 500: too far
        draw.observe(1, evalOf("info score cp -900 wdl 490 0 510"));
        EXPECT_FALSE(draw.verdict(start).has_value());
        draw.observe(0, evalOf("info score cp 900 wdl 470 0 530"));
        draw.observe(1, evalOf("info score cp -900 wdl 530 0 470"));
        EXPECT_FALSE(draw.verdict(start).has_value());  // player 1: one level move since
        draw.observe(0, evalOf("info score cp 900 wdl 510 0 490"));
        EXPECT_TRUE(draw.verdict(start).has_value());
    }
    const std::vector<std::string> engines = {"-engine", "cmd=a", "st=1",
                                              "-engine", "cmd=b", "st=1"};
    for (const std::vector<std::string>& bad :
         {std::vector<std::string>{"-resign", "winchance=1001"},
          std::vector<std::string>{"-resign", "winchance=x"},
          std::vector<std::string>{"-resign", "score=100", "winchance=20"},
          std::vector<std::string>{"-draw", "winchance=501"},
          std::vector<std::string>{"-draw", "winchance=-1"}}) {
        std::vector<std::string> words = engines;
        words.insert(words.end(), bad.begin(), bad.end());
        const auto refused = parseCommandLine(words);
        ASSERT_FALSE(refused.ok()) << bad.back();
        EXPECT_EQ(refused.error().find(bad[0]), 0U) << refused.error();
    }
}

TEST(MatchWinChance, TheReportDrawsAGraphPerGameWithChances) {
    GameRecord two = recordOf(2, {"m3-k5", "g15-g13", "k5-j6", "g13-h12"});
    two.evals = {evalOf("info depth 9 score cp 123 wdl 612 0 388"), MoveEval{},
                 evalOf("info depth 9 score cp 50 wdl 550 0 450"),
                 evalOf("info depth 9 score cp -50 wdl 300 0 700")};
    const GameChances chances = gameChances(two);
    EXPECT_EQ(chances.pointPlies, (std::vector<int>{1, 3, 4}));
    ASSERT_EQ(chances.lines.size(), 1U);
    // Player 1's chance: its own report, or 1000 less player 2's.
    EXPECT_EQ(chances.lines[0], (std::vector<double>{612, 550, 700}));

    GameRecord six = recordOf(6, {"m3-k5", "pass"});
    six.evals = {evalOf("info depth 2 score cp 40 first 400 100 100 100 100 200"), MoveEval{}};
    EXPECT_EQ(gameChances(six).lines.size(), 6U);

    GameRecord none = recordOf(2, {"m3-k5"});
    const Standings standings({"A", "B"});
    const std::string html =
        htmlReport(standings, RunFacts{}, {chances, gameChances(six), gameChances(none)});
    EXPECT_EQ(count(html, "<svg class=\"chances\""), 2U);
    // Two players: one line of three points; six: six lines of one point each.
    const size_t graph = html.find("<svg class=\"chances\"");
    const size_t line = html.find("<polyline", graph);
    const size_t points = html.find("points=\"", line);
    EXPECT_EQ(count(html.substr(points, html.find('"', points + 8) - points), ","), 3U);
    EXPECT_EQ(
        count(html.substr(html.find("aria-label=\"game 3: win chances\"", line + 1)), "<polyline"),
        6U);
    EXPECT_NE(html.find("1 of 3 games have no win chances"), std::string::npos);
    EXPECT_EQ(htmlReport(standings, RunFacts{}, {gameChances(none)}).find("<svg class=\"chances\""),
              std::string::npos);
}

// A real match: ccmatch turns ShowWDL on for ccengine, whose every reported move then has
// its score and chances in the record and a graph in the report; option.ShowWDL=false
// keeps them out.
TEST(MatchWinChance, AMatchRecordsTheEnginesChances) {
    const cctest::MatchDirectory directory;
    const std::string engines = "-engine cmd='" + cctest::ccengineBinary() +
                                "' name=A -engine cmd='" + cctest::ccengineBinary() +
                                "' name=B -each depth=2 -rules movelimit=6 -games 2";
    ASSERT_EQ(directory.run(engines + " -pgnout on.pgn -report on.html").status, 0);
    const auto on = parseRecords(directory.read("on.pgn"));
    ASSERT_TRUE(on.ok()) << on.error();
    ASSERT_EQ(on->size(), 2U);
    for (const GameRecord& record : *on) {
        ASSERT_EQ(record.evals.size(), record.moves.size());
        for (const MoveEval& eval : record.evals) {
            EXPECT_EQ(eval.depth, 2);
            ASSERT_EQ(eval.wdl.size(), 3U);
            EXPECT_EQ(eval.wdl[0] + eval.wdl[1] + eval.wdl[2], 1000);
        }
    }
    EXPECT_EQ(count(directory.read("on.html"), "<svg class=\"chances\""), 2U);
    ASSERT_EQ(directory.run(engines + " -each option.ShowWDL=false -pgnout off.pgn").status, 0);
    const auto off = parseRecords(directory.read("off.pgn"));
    ASSERT_TRUE(off.ok()) << off.error();
    EXPECT_TRUE((*off)[0].evals[0].wdl.empty()) << directory.read("off.pgn");
}

}  // namespace
