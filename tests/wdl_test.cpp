// The win-chance model (search/eval/wdl.h): whole per mille summing to 1000, the mover's
// chance rising with its score, proven results and a first place already taken, and
// the mover's chance on the scores a search reported in line with the chances the same
// player gets on the plies around it, when another player moves.

#include "search/eval/wdl.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numeric>
#include <string>

#include "core/game.h"
#include "layout_for.h"
#include "test_paths.h"

namespace cc {
namespace {

using testutil::layoutFor;
using testutil::parsedPosition;

struct ReportedPly {
    Score score;
    Position position;
};

// tests/data/wdl-6p-game.txt: one 6-player ccmatch game of this engine at 0.1 s a move,
// each ply's position with the score the mover's search reported on it (made by
// scripts/analysis/wdl-fit.py --dump).
std::vector<ReportedPly> reportedGame(const Layout& layout) {
    std::ifstream file(cctest::sourceDir() / "tests" / "data" / "wdl-6p-game.txt");
    std::vector<ReportedPly> plies;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') continue;
        const size_t space = line.find(' ');
        const bool mate = line[0] == 'M';
        const int value = std::stoi(line.substr(mate ? 1 : 0, space));
        plies.push_back({Score{mate, value}, parsedPosition(layout, line.substr(space + 1))});
    }
    return plies;
}

TEST(WinChances, SumTo1000AndRiseWithTheMoversScore) {
    for (int players = 2; players <= 6; ++players) {
        const auto layout = layoutFor("players=" + std::to_string(players));
        const Position start = Position::start(*layout);
        const WinChances chances(start, Evaluator(*layout));
        int previous = -1;
        for (int score = -3000; score <= 3000; score += 250) {
            const std::vector<int> first = chances.firstPlace(Score{false, score});
            ASSERT_EQ(first.size(), size_t(players));
            EXPECT_EQ(std::accumulate(first.begin(), first.end(), 0), 1000) << players;
            const int mover = first[size_t(start.mover())];
            EXPECT_GE(mover, previous) << players << " players, score " << score;
            previous = mover;
        }
        EXPECT_GT(previous, 1000 / players);
    }
}

TEST(WinChances, LevelAtTwoPlayersIsAnEvenChance) {
    const auto layout = layoutFor("players=2");
    const WinChances chances(Position::start(*layout), Evaluator(*layout));
    EXPECT_EQ(chances.firstPlace(Score{false, 0}), (std::vector<int>{500, 500}));
    const std::vector<int> ahead = chances.firstPlace(Score{false, 400});
    EXPECT_GT(ahead[0], 500);
    EXPECT_EQ(chances.firstPlace(Score{false, -400}), (std::vector<int>{ahead[1], ahead[0]}));
}

TEST(WinChances, ProvenResultsAndATakenFirstPlace) {
    const auto layout = layoutFor("players=3");
    const Position start = Position::start(*layout);
    const WinChances chances(start, Evaluator(*layout));
    const auto mover = size_t(start.mover());
    EXPECT_EQ(chances.firstPlace(Score{true, 2})[mover], 1000);
    const std::vector<int> lost = chances.firstPlace(Score{true, -2});
    EXPECT_EQ(lost[mover], 0);
    EXPECT_EQ(std::accumulate(lost.begin(), lost.end(), 0), 1000);
    // Two players, player 1 resigns: player 2 is first, whatever the score.
    const auto two = layoutFor("players=2");
    Position resigned = Position::start(*two);
    playMove(resigned, Move::resign());
    const WinChances over(resigned, Evaluator(*two));
    EXPECT_EQ(over.firstPlace(Score{false, 5000}), (std::vector<int>{0, 1000}));
}

TEST(WinChances, SumTo1000AndRiseWithTheScoreAlongAGame) {
    const auto layout = layoutFor("players=6");
    const std::vector<ReportedPly> plies = reportedGame(*layout);
    ASSERT_GT(plies.size(), 100U);
    for (size_t ply = 0; ply < plies.size(); ply += 7) {
        const Position& position = plies[ply].position;
        const WinChances chances(position, Evaluator(*layout, position));
        int previous = -1;
        for (int score = -2000; score <= 2000; score += 200) {
            const std::vector<int> first = chances.firstPlace(Score{false, score});
            EXPECT_EQ(std::accumulate(first.begin(), first.end(), 0), 1000) << ply;
            EXPECT_GE(first[size_t(position.mover())], previous) << ply << " " << score;
            previous = first[size_t(position.mover())];
        }
    }
}

// At its own turn a player's chance comes from its search's score, on the other plies
// from the static costs: the two must agree on average, or a graph of the chances
// jumps at each player's turn.
TEST(WinChances, TheMoversChanceAgreesWithTheNeighbouringPlies) {
    const auto layout = layoutFor("players=6");
    const std::vector<ReportedPly> plies = reportedGame(*layout);
    ASSERT_GT(plies.size(), 100U);
    std::vector<std::vector<int>> chances;
    for (const ReportedPly& ply : plies) {
        const WinChances model(ply.position, Evaluator(*layout, ply.position));
        chances.push_back(model.firstPlace(ply.score));
    }
    double jumps = 0;
    int counted = 0;
    for (size_t ply = 1; ply + 1 < plies.size(); ++ply) {
        const Position& next = plies[ply + 1].position;
        bool firstTaken = false;
        for (int player = 0; player < layout->players(); ++player)
            firstTaken = firstTaken || next.place(player) == 1;
        if (firstTaken) break;  // the chances are then settled
        const auto mover = size_t(plies[ply].position.mover());
        if (plies[ply].score.mate || chances[ply - 1].empty() || chances[ply + 1].empty()) continue;
        const double around = (chances[ply - 1][mover] + chances[ply + 1][mover]) / 2.0;
        jumps += chances[ply][mover] - around;
        ++counted;
    }
    ASSERT_GT(counted, 100);
    EXPECT_LT(std::abs(jumps / counted), 25.0) << "mean jump at the mover's turn, per mille";
}

}  // namespace
}  // namespace cc
