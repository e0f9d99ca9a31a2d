// The evaluation's weights by player count, and `ccengine tune` (src/tools/tune.h): it
// replays ccmatch records it is given, and its fit finds a weight that games were
// decided by.

#include "tools/tune.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "layout_for.h"
#include "match/records/game_record.h"

namespace cc {
namespace {

using testutil::layoutFor;

// A small deterministic generator, so the games are the same on every run.
struct Lcg {
    uint64_t state;
    uint64_t below(uint64_t bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33) % bound;
    }
};

// Mostly the move that gains most distance, sometimes a random one: varied positions
// that still look like a race.
Move raceMove(const Position& position, Lcg& random) {
    MoveList moves;
    generateLegal(position, moves);
    if (random.below(4) == 0) return moves[int(random.below(uint64_t(moves.size())))];
    const Layout& layout = position.layout();
    Move best = moves[0];
    int bestGain = INT32_MIN;
    for (const Move move : moves) {
        if (!move.isPieceMove()) continue;
        const Seat seat = layout.armies(position.mover()).front();
        const int gain =
            layout.distanceToGoal(seat, move.from) - layout.distanceToGoal(seat, move.to);
        if (gain > bestGain) {
            bestGain = gain;
            best = move;
        }
    }
    return best;
}

// `count` games of `plies` plies from the start, as ccmatch records them.
std::string recordText(const std::shared_ptr<const Layout>& layout, int count, int plies) {
    Lcg random{7};
    std::string text;
    for (int game = 1; game <= count; ++game) {
        match::GameRecord record;
        record.game = game;
        record.round = game;
        record.date = "2026.12.01";
        record.rules = formatRules(layout->rules());
        for (int player = 0; player < layout->players(); ++player) {
            record.engines.push_back(fmt::format("e{}", player + 1));
            record.seats.push_back(std::to_string(layout->armies(player).front() + 1));
            record.timeControls.emplace_back("st=0.01");
            record.places.push_back(1 + (player + game) % layout->players());
        }
        Position position = Position::start(*layout);
        record.opening = "startpos";
        record.start = formatPosition(position);
        for (int ply = 0; ply < plies; ++ply) {
            const Move move = raceMove(position, random);
            record.moves.push_back(formatMove(position, move, HoleNotation::Name));
            record.moveTimesMs.push_back(1);
            playMove(position, move);
        }
        record.reason = match::EndReason::AdjudicatedResign;
        record.termination = "test";
        text += match::formatRecord(record);
    }
    return text;
}

TuneSettings everyPosition(int skipPlies) {
    TuneSettings settings;
    settings.skipPlies = skipPlies;
    settings.quietMargin = 1'000'000;
    return settings;
}

TEST(EvalWeights, TheRowFollowsThePlayerCount) {
    for (int players = 2; players <= 6; ++players) {
        EXPECT_EQ(&evalWeightsFor(players), &kEvalWeights[size_t(players - 2)]) << players;
        const auto layout = layoutFor(fmt::format("players={}", players));
        const Evaluator evaluator(*layout);
        const EvalWeights& chosen = evaluator.weights();
        EXPECT_EQ(chosen.step, kEvalWeights[size_t(players - 2)].step);
        EXPECT_EQ(chosen.tempo, kEvalWeights[size_t(players - 2)].tempo);
        EXPECT_EQ(chosen.atHome, kEvalWeights[size_t(players - 2)].atHome);
    }
    EXPECT_EQ(&evalWeightsFor(1), &kEvalWeights.front());
    EXPECT_EQ(&evalWeightsFor(9), &kEvalWeights.back());
}

TEST(EvalWeights, CrowdedTermsCostWhereTheySay) {
    const auto layout = layoutFor("players=2");
    const Position start = Position::start(*layout);
    const int plain = Evaluator(*layout, EvalWeights{}).remainingCost(start, 0);
    EvalWeights home;
    home.atHome = 7;
    // Every piece of the start position is at home.
    EXPECT_EQ(Evaluator(*layout, home).remainingCost(start, 0), plain + 10 * 7);
    EvalWeights parked;
    parked.parked = 7;
    EXPECT_EQ(Evaluator(*layout, parked).remainingCost(start, 0), plain);
    EvalWeights offAxis;
    offAxis.offAxis = 1;
    // The arm's holes off its axis: rows 1..4 hold 1, 2, 3, 4 holes, 0/1/2 steps out.
    const int off = Evaluator(*layout, offAxis).remainingCost(start, 0) - plain;
    EXPECT_GT(off, 0);
    EXPECT_LT(off, 10 * 2);
}

TEST(EvalWeights, OutsideCostsEachPieceOutOfItsGoalUnderFinishAll) {
    EvalWeights outside;
    outside.outside = 7;
    for (const bool all : {true, false}) {
        const auto layout = layoutFor(all ? "players=2 finish=all" : "players=2 finish=fill");
        const Position start = Position::start(*layout);
        for (int player = 0; player < 2; ++player) {
            // Every piece of the start position is outside its goal.
            EXPECT_EQ(
                Evaluator(*layout, outside).remainingCost(start, player),
                Evaluator(*layout, EvalWeights{}).remainingCost(start, player) + (all ? 10 * 7 : 0))
                << all << player;
        }
    }
    // Only the pieces outside the goal count.
    const auto layout = layoutFor("players=2 finish=all");
    const Evaluator plain(*layout, EvalWeights{});
    const Evaluator counted(*layout, outside);
    // Player 1: 8 pieces in its goal (the top arm) and 2 on the board's middle row.
    const Expected<Position> eightIn = parsePosition(
        *layout,
        "1/11/111/11.4/.......4...../............/.........../........../....11.../........../"
        ".........../............/............./..44/444/44/4 1 1 0 0 - - playing");
    ASSERT_TRUE(eightIn.ok()) << eightIn.error();
    EXPECT_EQ(counted.remainingCost(*eightIn, 0) - plain.remainingCost(*eightIn, 0), 2 * 7);
    // Player 2: 8 in its goal (the bottom arm), one in player 1's goal and one beside it.
    EXPECT_EQ(counted.remainingCost(*eightIn, 1) - plain.remainingCost(*eightIn, 1), 2 * 7);
}

TEST(EvalWeights, HopGainCreditsTheLaddersAhead) {
    const auto layout = layoutFor("players=2");
    const Position start = Position::start(*layout);
    const int plain = Evaluator(*layout, EvalWeights{}).remainingCost(start, 0);
    EvalWeights hops;
    hops.hopGain = 5;
    // At the start only the 3 pieces of the arm's third row can hop: over the front row,
    // two steps nearer the tip. The front row's hops land on its neighbours or off the
    // board, and the back rows' land on occupied holes.
    EXPECT_EQ(Evaluator(*layout, hops).remainingCost(start, 0), plain - 3 * 2 * 5);
    // After any first move the credit is whole steps again, and some moves change it
    // (a bridge moved away or a new one placed): it follows the board, not the distances.
    MoveList moves;
    generateLegal(start, moves);
    const Evaluator plainEvaluator(*layout, EvalWeights{});
    const Evaluator hopEvaluator(*layout, hops);
    bool differs = false;
    for (const Move move : moves) {
        Position next = start;
        playMove(next, move);
        const int credit =
            plainEvaluator.remainingCost(next, 0) - hopEvaluator.remainingCost(next, 0);
        EXPECT_EQ(credit % 5, 0);
        EXPECT_GE(credit, 0);
        differs = differs || credit != 3 * 2 * 5;
    }
    EXPECT_TRUE(differs);
}

TEST(Tune, ReplaysTheRecordsGameByGame) {
    const auto layout = layoutFor("players=2");
    const std::string text = recordText(layout, 3, 30);
    Expected<TuneData> data = readTuneData(text, 2, everyPosition(5));
    ASSERT_TRUE(data.ok()) << data.error();
    EXPECT_EQ(data->games, 3);
    EXPECT_EQ(data->positions, 3 * 31);
    ASSERT_EQ(data->samples.size(), size_t(3 * (31 - 5)));
    // The first sample of game 2 is the position after its fifth ply.
    Expected<std::vector<match::GameRecord>> records = match::parseRecords(text);
    ASSERT_TRUE(records.ok());
    Position position = Position::start(*layout);
    for (int ply = 0; ply < 5; ++ply)
        playMove(position, *parseMove(position, (*records)[1].moves[size_t(ply)]));
    EXPECT_EQ(formatPosition(data->samples[26].position), formatPosition(position));
    EXPECT_EQ(data->samples[26].places[0], 1 + (0 + 2) % 2);
    // Other player counts are left out; a quiet filter keeps fewer positions.
    EXPECT_EQ(readTuneData(text, 6, everyPosition(5))->games, 0);
    EXPECT_LT(readTuneData(text, 2, TuneSettings{})->samples.size(), data->samples.size());
}

TEST(Tune, ABadMoveInARecordIsAnErrorNamingTheGame) {
    const auto layout = layoutFor("players=2");
    std::string text = recordText(layout, 2, 10);
    const size_t second = text.find("[Game \"2\"]");
    ASSERT_NE(second, std::string::npos);
    const size_t moves = text.find("\n\n", second);
    text.insert(moves + 2, "a1-a2 ");
    Expected<TuneData> data = readTuneData(text, 2, everyPosition(0));
    ASSERT_FALSE(data.ok());
    EXPECT_NE(data.error().find("game 2 ply 1"), std::string::npos) << data.error();
}

TEST(Tune, TheFitFindsTheWeightTheGamesWereDecidedBy) {
    // Positions of race-like games, each decided by a coin weighted by the evaluation
    // with atHome = 300: a fit that starts from 0 must move towards 300 and explain
    // the results better.
    const auto layout = layoutFor("players=2");
    EvalWeights truth;
    truth.atHome = 300;
    const Evaluator judge(*layout, truth);
    constexpr double kScale = 300;
    TuneData data;
    data.layouts.push_back(layout);
    Lcg random{11};
    for (int game = 0; game < 200; ++game) {
        Position position = Position::start(*layout);
        for (int ply = 0; ply < 36; ++ply) {
            if (ply >= 4 && ply % 2 == 0) {
                const double wins = 1.0 / (1.0 + std::exp(-judge.evaluate(position, 0) / kScale));
                const bool first = double(random.below(1'000'000)) < wins * 1'000'000;
                TuneSample sample{position, {}};
                sample.places[0] = first ? 1 : 2;
                sample.places[1] = first ? 2 : 1;
                data.samples.push_back(sample);
            }
            playMove(position, raceMove(position, random));
        }
    }
    EvalWeights start;
    start.atHome = 0;
    TuneSettings settings;
    settings.maxPasses = 30;
    const TuneResult result = fitWeights(data, start, settings);
    EXPECT_LT(result.errorAfter, result.errorBefore);
    EXPECT_LT(std::abs(result.weights.atHome - 300), 150) << result.weights.atHome;
    EXPECT_EQ(result.weights.step, 100) << "step is the unit and stays";
}

TEST(Tune, TheCommandPrintsARowOrOneErrorLine) {
    const auto layout = layoutFor("players=2");
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / fmt::format("tune_test_{}.pgn", ::getpid());
    {
        std::ofstream stream(file);
        stream << recordText(layout, 4, 40);
    }
    std::ostringstream out;
    std::ostringstream errors;
    EXPECT_EQ(runTune({"--passes", "3", file.string()}, out, errors), 0) << errors.str();
    EXPECT_NE(out.str().find("// 2 players: 4 games"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("},  // 2 players"), std::string::npos) << out.str();
    std::ostringstream noOut;
    std::ostringstream oneError;
    EXPECT_EQ(runTune({"--players", "6", file.string()}, noOut, oneError), 1);
    EXPECT_EQ(runTune({"--bogus", file.string()}, noOut, oneError), 1);
    EXPECT_EQ(runTune({"--passes"}, noOut, oneError), 1);
    EXPECT_EQ(runTune({"/nonexistent/records.pgn"}, noOut, oneError), 1);
    EXPECT_TRUE(noOut.str().empty());
    std::filesystem::remove(file);
}

// Each bad argument gives one line that names it, then the usage, and nothing on stdout.
TEST(Tune, ABadArgumentGivesOneClearErrorLine) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--bogus", "records.pgn"}, "'--bogus'"},
        {{"records.pgn", "--passes"}, "'--passes' is missing"},
        {{"--passes", "x", "records.pgn"}, "'--passes' is invalid"},
        {{"--skip-plies=-1", "records.pgn"}, "--skip-plies needs a number of at least 0"},
        {{"--players", "2", "--players", "3", "records.pgn"}, "'--players' cannot be specified"},
        {{"--only", "hopGain,nothing", "records.pgn"}, "--only: no weight named 'nothing'"},
        {{"--passes", "3"}, "no record file"},
    };
    for (const auto& [args, says] : cases) {
        std::ostringstream out;
        std::ostringstream errors;
        EXPECT_EQ(runTune(args, out, errors), 1) << says;
        EXPECT_TRUE(out.str().empty()) << says;
        const std::string text = errors.str();
        const std::string first = text.substr(0, text.find('\n'));
        EXPECT_TRUE(first.starts_with("ccengine tune: ")) << text;
        EXPECT_NE(first.find(says), std::string::npos) << text;
        EXPECT_TRUE(text.substr(first.size() + 1).starts_with("usage: ccengine tune")) << text;
    }
}

}  // namespace
}  // namespace cc
