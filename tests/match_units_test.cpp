// ccmatch's parts without processes: the command line, time controls, seat rotation,
// records, standings and the statistics.

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/game.h"
#include "match/cli/cli_parser.h"
#include "match/engines/info_line.h"
#include "match/games/adjudication.h"
#include "match/ratings/elo.h"
#include "match/ratings/standings.h"
#include "match/records/game_record.h"
#include "match/settings/time_control.h"
#include "match/tournament/seating.h"

namespace {

using namespace cc::match;

cc::Expected<MatchConfig> parse(const std::vector<std::string>& words) {
    return parseCommandLine(words);
}

TEST(MatchCommandLine, ReadsCutechessSpelling) {
    const auto config = parse({"-engine",
                               "cmd=./a",
                               "name=A",
                               "option.Hash=64",
                               "-engine",
                               "cmd=./b x",
                               "-each",
                               "tc=10+0.1",
                               "timemargin=20",
                               "-rules",
                               "preset=super",
                               "players=3",
                               "-rounds",
                               "4",
                               "-concurrency",
                               "2",
                               "-sprt",
                               "elo0=0",
                               "elo1=5",
                               "-pgnout",
                               "g.pgn",
                               "--results",
                               "r.json",
                               "-shard",
                               "2/3"});
    ASSERT_TRUE(config.ok()) << config.error();
    ASSERT_EQ(config->engines.size(), 2U);
    EXPECT_EQ(config->engines[0].name, "A");
    EXPECT_EQ(config->engines[1].name, "b");  // the program's name
    EXPECT_EQ(config->engines[0].options.front().first, "Hash");
    EXPECT_EQ(*config->engines[1].timeControl.baseMs, 10000);
    EXPECT_EQ(config->engines[1].timeControl.incrementMs, 100);
    EXPECT_EQ(config->engines[0].timeMarginMs, 20);
    EXPECT_EQ(config->rules.players, 3);
    EXPECT_EQ(config->lineup, (std::vector<int>{0, 1, 1}));  // one against two copies
    EXPECT_EQ(config->gamesPerRound, 3);
    EXPECT_EQ(config->rounds, 4);
    EXPECT_EQ(config->shard.index, 2);
    EXPECT_EQ(config->shard.count, 3);
    ASSERT_TRUE(config->sprt.has_value());
    EXPECT_EQ(config->sprt->elo1, 5);
    EXPECT_EQ(config->resultsFile, "r.json");
}

TEST(MatchCommandLine, RefusesWithReasons) {
    const std::vector<std::vector<std::string>> bad = {
        {},
        {"-engine", "cmd=a"},  // no time control
        {"-engine", "cmd=a", "tc=x"},
        {"-engine", "cmd=a", "st=1", "colour=red"},
        {"-engine", "cmd=a", "st=1", "-games", "0"},
        {"-engine", "cmd=a", "st=1", "-rules", "players=9"},
        {"-engine", "cmd=a", "name=x", "st=1", "-engine", "cmd=b", "name=x"},
        {"-engine", "cmd=a", "st=1", "-engine", "cmd=b", "-engine", "cmd=c"},  // 3 > 2 players
        {"-engine", "cmd=a", "st=1", "-lineup", "1,2"},
        {"-engine", "cmd=a", "st=1", "-sprt", "elo0=5", "elo1=0"},
        {"-engine", "cmd=a", "st=1", "-shard", "4/3"},
        {"-engine", "cmd=a", "st=1", "-rounds", "2", "-rounds", "3"},
        {"stray"},
    };
    for (const auto& words : bad) {
        const auto config = parse(words);
        EXPECT_FALSE(config.ok()) << (words.empty() ? "(none)" : words.back());
        if (!config.ok()) {
            EXPECT_FALSE(config.error().empty());
        }
    }
}

TEST(MatchCommandLine, SameCommandGetsDistinctNames) {
    const auto config =
        parse({"-engine", "cmd=/x/ccengine", "-engine", "cmd=/x/ccengine", "-each", "st=1"});
    ASSERT_TRUE(config.ok()) << config.error();
    EXPECT_EQ(config->engines[0].name, "ccengine");
    EXPECT_EQ(config->engines[1].name, "ccengine-2");
}

TEST(MatchTimeControl, ClocksAndGoLine) {
    TimeControl clock;
    ASSERT_TRUE(parseClockText("1+0.01", clock));
    EXPECT_EQ(describe(clock), "1+0.01");
    TimeControl fixed;
    fixed.moveTimeMs = 250;
    fixed.depth = 3;
    GameClocks clocks({clock, clock, fixed});
    EXPECT_EQ(clocks.goCommand(0), "go p1time 1000 p2time 1000 p1inc 10 p2inc 10");
    EXPECT_EQ(clocks.goCommand(2),
              "go p1time 1000 p2time 1000 p1inc 10 p2inc 10 movetime 250 depth 3");
    EXPECT_EQ(*clocks.allowanceMs(0, 50), 1050);
    EXPECT_EQ(*clocks.allowanceMs(2, 50), 300);
    clocks.charge(0, 400);
    EXPECT_EQ(clocks.remainingMs(0), 610);
    TimeControl bad;
    EXPECT_FALSE(parseClockText("-1", bad));
    EXPECT_FALSE(parseClockText("1+", bad));
    EXPECT_FALSE(parseClockText("0", bad));
}

TEST(MatchSeating, RotationGivesEveryEngineEverySeat) {
    const std::vector<int> lineup = {0, 1, 1, 2};
    std::set<std::vector<int>> seen;
    std::vector<std::vector<int>> seatsOf(3, std::vector<int>(4, 0));
    for (int rotation = 0; rotation < 4; ++rotation) {
        const std::vector<int> engines = rotateLineup(lineup, rotation);
        for (int player = 0; player < 4; ++player)
            ++seatsOf[size_t(engines[size_t(player)])][size_t(player)];
    }
    EXPECT_EQ(seatsOf[0], (std::vector<int>{1, 1, 1, 1}));
    EXPECT_EQ(seatsOf[1], (std::vector<int>{2, 2, 2, 2}));
    EXPECT_EQ(seatsOf[2], (std::vector<int>{1, 1, 1, 1}));
}

GameRecord twoPlayerRecord(int game, int round, std::vector<std::string> engines,
                           std::vector<int> places) {
    GameRecord record;
    record.game = game;
    record.round = round;
    record.rules = "preset=standard players=2";
    record.engines = std::move(engines);
    record.seats = {"1", "4"};
    record.timeControls = {"1+0.01", "1+0.01"};
    record.opening = "startpos";
    record.places = std::move(places);
    return record;
}

TEST(MatchRecords, RoundTrip) {
    GameRecord record = twoPlayerRecord(7, 4, {"A \"quoted\"", "B"}, {2, 1});
    record.moves = {"m4-l5", "e14-f13", "resign"};
    record.moveTimesMs = {12, 0, 3};
    record.reason = EndReason::TimeLoss;
    record.termination = "player 1 forfeits";
    record.forfeits.push_back({0, EndReason::TimeLoss, 3, "no bestmove within 1050 ms"});
    const std::string text =
        formatRecord(record) + formatRecord(twoPlayerRecord(8, 4, {"B", "A"}, {1, 1}));
    const auto parsed = parseRecords(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    ASSERT_EQ(parsed->size(), 2U);
    const GameRecord& back = (*parsed)[0];
    EXPECT_EQ(back.game, 7);
    EXPECT_EQ(back.engines, record.engines);
    EXPECT_EQ(back.moves, record.moves);
    EXPECT_EQ(back.moveTimesMs, record.moveTimesMs);
    EXPECT_EQ(back.reason, EndReason::TimeLoss);
    ASSERT_EQ(back.forfeits.size(), 1U);
    EXPECT_EQ(back.forfeits[0].ply, 3);
    EXPECT_EQ(back.forfeits[0].detail, "no bestmove within 1050 ms");
    EXPECT_EQ((*parsed)[1].places, (std::vector<int>{1, 1}));
    EXPECT_TRUE((*parsed)[1].moves.empty());
    EXPECT_FALSE(parseRecords("[Game \"1\"]\n\n").ok());
    EXPECT_FALSE(parseRecords("not a tag\n").ok());
}

// Ponder counts come back as written, and a record whose counts cannot be true is refused
// with a message naming the tags.
TEST(MatchRecords, PonderCountsRoundTripAndBadOnesAreRefused) {
    GameRecord record = twoPlayerRecord(1, 1, {"A", "B"}, {1, 2});
    record.ponders = {12, 0};
    record.ponderHits = {9, 0};
    const auto parsed = parseRecords(formatRecord(record));
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    EXPECT_EQ((*parsed)[0].ponders, record.ponders);
    EXPECT_EQ((*parsed)[0].ponderHits, record.ponderHits);
    const std::string text = formatRecord(record);
    const auto withTags = [&](const std::string& ponders, const std::string& hits) {
        std::string changed = text;
        for (const auto& [from, to] : {std::pair{std::string("[Ponders \"12,0\"]"), ponders},
                                       std::pair{std::string("[PonderHits \"9,0\"]"), hits}})
            changed.replace(changed.find(from), from.size(), to);
        return parseRecords(changed);
    };
    for (const auto& [ponders, hits] : std::vector<std::pair<std::string, std::string>>{
             {"[Ponders \"12\"]", "[PonderHits \"9\"]"},                // one player only
             {"[Ponders \"12,x\"]", "[PonderHits \"9,0\"]"},            // not a number
             {"[Ponders \"12,0\"]", "[PonderHits \"13,0\"]"},           // more hits than searches
             {"[Ponders \"12,0\"]", "[PonderHits \"-1,0\"]"},           // negative
             {"[Ponders \"12,0\"]", "[Comment \"no PonderHits\"]"}}) {  // one tag alone
        const auto bad = withTags(ponders, hits);
        ASSERT_FALSE(bad.ok()) << ponders << " " << hits;
        EXPECT_NE(bad.error().find("Ponder"), std::string::npos) << bad.error();
    }
}

TEST(MatchStandings, PentanomialPairsGamesOfARound) {
    Standings standings({"A", "B"});
    standings.add(twoPlayerRecord(1, 1, {"A", "B"}, {1, 2}));  // A wins
    standings.add(twoPlayerRecord(2, 1, {"B", "A"}, {1, 1}));  // draw
    standings.add(twoPlayerRecord(4, 2, {"B", "A"}, {1, 2}));  // B wins, its pair still open
    EXPECT_EQ(standings.games(), 3);
    EXPECT_EQ(standings.engines()[0].wins, 1);
    EXPECT_EQ(standings.engines()[0].draws, 1);
    EXPECT_EQ(standings.engines()[0].losses, 1);
    EXPECT_DOUBLE_EQ(standings.engines()[0].points(2), 1.5);
    EXPECT_EQ(standings.pentanomialCounts(), (std::array<int, 5>{0, 0, 0, 1, 0}));
    EXPECT_DOUBLE_EQ(standings.pair(0, 1).score, 1.5);
    EXPECT_EQ(standings.pair(1, 0).encounters, 3);
}

TEST(MatchStatistics, EloAndSprt) {
    EXPECT_NEAR(eloFromScore(0.75), 190.85, 0.01);
    EXPECT_NEAR(scoreFromElo(190.85), 0.75, 1e-4);
    ScoreSamples even;
    even.add(1, 50);
    even.add(0, 50);
    const EloEstimate estimate = estimateElo(even);
    EXPECT_NEAR(estimate.elo, 0, 1e-9);
    EXPECT_NEAR(estimate.high, -estimate.low, 1e-9);
    EXPECT_NEAR(estimate.high, eloFromScore(0.5 + 1.959964 * 0.05), 1e-6);
    // The bounds of alpha = beta = 0.05.
    const SprtState state = sprt(even, 0, 10, 0.05, 0.05);
    EXPECT_NEAR(state.upper, std::log(19.0), 1e-12);
    EXPECT_NEAR(state.lower, -std::log(19.0), 1e-12);
    EXPECT_LT(state.llr, 0);  // an even score favours elo0 = 0 over elo1 = 10
    ScoreSamples strong;
    strong.add(1, 700);
    strong.add(0, 300);
    EXPECT_TRUE(sprt(strong, 0, 10, 0.05, 0.05).decided());
    EXPECT_STREQ(sprt(strong, 0, 10, 0.05, 0.05).verdict(), "H1");
}

TEST(MatchInfoLines, WellFormedOrWhyNot) {
    const auto layout = cc::Layout::make(cc::Rules{});
    const cc::Game start(layout, cc::Position::start(*layout));
    EXPECT_TRUE(checkInfoLine(start,
                              "info depth 3 seldepth 5 multipv 1 score cp -20 nodes 449 nps "
                              "449000 time 1 hashfull 0 pv m3-m5 g15-i13 m1-m3-k5")
                    .ok());
    EXPECT_TRUE(checkInfoLine(start, "info string anything at all").ok());
    EXPECT_TRUE(checkInfoLine(start, "info depth 2 score mate -3 lowerbound").ok());
    EXPECT_FALSE(checkInfoLine(start, "info depth x").ok());
    EXPECT_FALSE(checkInfoLine(start, "info score 12").ok());
    EXPECT_FALSE(checkInfoLine(start, "info currmove m3-m5").ok());
    EXPECT_FALSE(checkInfoLine(start, "info pv m3-m5 m1-m3").ok());  // player 2 moves second
    EXPECT_FALSE(checkInfoLine(start, "info pv").ok());
}

}  // namespace

namespace {

cc::match::MoveEval scored(int cp) {
    cc::match::MoveEval eval;
    eval.scoreCp = cp;
    return eval;
}

TEST(MatchAdjudicators, ResignDrawAndScores) {
    EXPECT_EQ(adjudicatedScore(readInfoLine("info depth 3 score cp -120 nodes 5").eval), -120);
    EXPECT_EQ(adjudicatedScore(readInfoLine("info depth 3 score mate 4 pv a").eval), 30000);
    EXPECT_FALSE(adjudicatedScore(readInfoLine("info depth 3 nodes 5").eval).has_value());
    const auto config =
        parse({"-engine", "cmd=a", "st=1", "-engine", "cmd=b", "st=1", "-resign", "movecount=2",
               "score=500", "-draw", "movenumber=1", "movecount=3", "score=20", "-cap", "0"});
    ASSERT_TRUE(config.ok()) << config.error();
    const auto layout = cc::Layout::make(config->rules);
    const cc::Position start = cc::Position::start(*layout);
    {
        auto adjudicators = makeAdjudicators(*config);
        ASSERT_EQ(adjudicators.size(), 2U);  // resign, draw (-cap 0: no cap)
        Adjudicator& resign = *adjudicators[0];
        resign.observe(1, scored(-600));
        resign.observe(0, scored(100));
        EXPECT_FALSE(resign.verdict(start).has_value());  // one bad move is not enough
        resign.observe(1, scored(-700));
        const auto verdict = resign.verdict(start);
        ASSERT_TRUE(verdict.has_value());
        EXPECT_EQ(verdict->places, (std::vector<int>{1, 2}));
        EXPECT_EQ(verdict->reason, EndReason::AdjudicatedResign);
    }
    {
        auto adjudicators = makeAdjudicators(*config);
        Adjudicator& draw = *adjudicators[1];
        for (int move = 0; move < 5; ++move) draw.observe(move % 2, scored(5));
        EXPECT_FALSE(draw.verdict(start).has_value());
        draw.observe(1, scored(300));  // a swing breaks the streak
        for (int move = 0; move < 5; ++move) draw.observe(move % 2, scored(5));
        EXPECT_FALSE(draw.verdict(start).has_value());
        draw.observe(1, scored(0));
        const auto verdict = draw.verdict(start);
        ASSERT_TRUE(verdict.has_value());
        EXPECT_EQ(verdict->places, (std::vector<int>{1, 1}));
    }
    EXPECT_FALSE(parse({"-engine", "cmd=a", "st=1", "-rules", "players=3", "-resign"}).ok());
    EXPECT_FALSE(parse({"-engine", "cmd=a", "st=1", "-draw", "moves=3"}).ok());
}

TEST(MatchEndReasons, NamesAndForfeitsFromOneTable) {
    int forfeits = 0;
    for (const EndReasonInfo& info : kEndReasons) {
        EndReason parsed = EndReason::Finish;
        EXPECT_TRUE(parseEndReason(info.name, parsed));
        EXPECT_EQ(parsed, info.reason);
        forfeits += isForfeit(info.reason) ? 1 : 0;
    }
    EXPECT_EQ(forfeits, 4);
    EXPECT_FALSE(isForfeit(EndReason::AdjudicatedResign));
    EXPECT_TRUE(isForfeit(EndReason::TimeLoss));
}

}  // namespace
