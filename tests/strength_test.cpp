// Strength on a scale (protocol-spec/protocol.md, UCI_LimitStrength and UCI_Elo; the
// ladder in src/search/think/strength.h): an Elo between two rungs takes the upper one
// in proportion, the beginner never steps back while a step forward exists, a beginner
// who always takes the greedy move is the greedy player, and the options are options.

#include "search/think/strength.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "protocol_session.h"
#include "rules_test_util.h"
#include "search/players.h"

namespace cc {
namespace {

int upperShare(int elo, const StrengthRung& upper) {
    int upperTaken = 0;
    for (uint64_t draw = 0; draw < 1024; ++draw) {
        const StrengthSetting setting = strengthSetting(elo, draw);
        upperTaken += setting.kind == upper.setting.kind && setting.value == upper.setting.value;
    }
    return upperTaken;
}

TEST(StrengthLadder, RisesStrictlyFromNearZero) {
    // The range starts at CCERL's zero; the weakest rung measured within 50 of it.
    EXPECT_EQ(kMinStrengthElo, 0);
    EXPECT_LE(kStrengthLadder.front().elo, 50);
    for (size_t rung = 1; rung < kStrengthLadder.size(); ++rung)
        EXPECT_LT(kStrengthLadder[rung - 1].elo, kStrengthLadder[rung].elo) << rung;
}

TEST(StrengthLadder, BetweenTwoRungsTakesTheUpperMoreOftenAsTheEloRises) {
    for (size_t rung = 1; rung < kStrengthLadder.size(); ++rung) {
        const StrengthRung& lower = kStrengthLadder[rung - 1];
        const StrengthRung& upper = kStrengthLadder[rung];
        EXPECT_EQ(upperShare(upper.elo, upper), 1024) << upper.elo;
        EXPECT_EQ(upperShare(lower.elo, upper), 0) << lower.elo;
        int previous = 0;
        for (int elo = lower.elo + 1; elo < upper.elo; ++elo) {
            const int share = upperShare(elo, upper);
            EXPECT_GE(share, previous) << elo;
            previous = share;
        }
        const int middle = (lower.elo + upper.elo) / 2;
        const int linear = (middle - lower.elo) * 1024 / (upper.elo - lower.elo);
        // Between beginners the share goes straight; towards a search it is smaller (a
        // third of a search's moves already play half of its strength).
        if (upper.setting.kind == StrengthKind::Beginner) {
            EXPECT_NEAR(upperShare(middle, upper), linear, 1) << middle;
        } else {
            EXPECT_LT(upperShare(middle, upper), linear * 3 / 4) << middle;
            EXPECT_GT(upperShare(middle, upper), linear / 2) << middle;
        }
    }
    const StrengthSetting below = strengthSetting(-500, 3);
    EXPECT_EQ(below.value, kStrengthLadder.front().setting.value);
    const StrengthSetting above = strengthSetting(100000, 3);
    EXPECT_EQ(above.value, kStrengthLadder.back().setting.value);
}

TEST(BeginnerPlayer, NeverStepsBackWhileAStepForwardExists) {
    Game game = rulestest::startGame("players=2");
    int checked = 0;
    for (int ply = 0; ply < 200 && game.position().status() == GameStatus::Playing; ++ply) {
        const Position now = game.position();
        MoveList moves;
        generateLegal(now, moves);
        const Layout& layout = now.layout();
        auto progress = [&](Move move) {
            const Seat seat = now.seatAt(move.from);
            return layout.distanceToGoal(seat, move.from) - layout.distanceToGoal(seat, move.to);
        };
        const bool forwardExists = std::any_of(moves.begin(), moves.end(), [&](Move move) {
            return move.isPieceMove() && progress(move) > 0;
        });
        const Move chosen = beginnerMove(now, moves, uint64_t(ply), 0);
        if (forwardExists) {
            EXPECT_GT(progress(chosen), 0) << "ply " << ply;
            ++checked;
        }
        game.play(chosen);
    }
    EXPECT_GT(checked, 50);
    EXPECT_EQ(game.position().status(), GameStatus::Finish) << "the beginner finishes its race";
}

TEST(BeginnerPlayer, AlwaysGreedyIsTheGreedyPlayer) {
    Game game = rulestest::startGame("players=3");
    for (int ply = 0; ply < 60; ++ply) {
        MoveList moves;
        generateLegal(game.position(), moves);
        const Move greedy = greedyMove(game.position(), moves, 5);
        EXPECT_EQ(beginnerMove(game.position(), moves, 5, 100), greedy) << "ply " << ply;
        game.play(greedy);
    }
}

}  // namespace
}  // namespace cc

namespace cctest {
namespace {

TEST_F(Session, UciEloIsAnOptionLikeEveryOther) {
    const std::vector<std::string> options = ask("cci");
    const auto has = [&](const std::string& line) {
        return std::find(options.begin(), options.end(), line) != options.end();
    };
    EXPECT_TRUE(has("option name UCI_LimitStrength type check default false"));
    EXPECT_TRUE(has("option name UCI_Elo type spin default 1000 min " +
                    std::to_string(cc::kMinStrengthElo) + " max " +
                    std::to_string(cc::kMaxStrengthElo)));
    silent("setoption name UCI_Elo value " + std::to_string(cc::kMaxStrengthElo));
    silent("setoption name uci_elo value " + std::to_string(cc::kMinStrengthElo));
    for (const std::string& input :
         {"setoption name UCI_Elo value " + std::to_string(cc::kMaxStrengthElo + 1),
          std::string("setoption name UCI_Elo value 12x"),
          std::string("setoption name UCI_LimitStrength value 1")}) {
        expectRejected(input);
    }
}

// The rung whose beginner always takes the greedy move plays greedy's moves; without
// UCI_LimitStrength the number changes nothing.
TEST_F(Session, TheGreedyRungPlaysGreedyAndTheLimitIsOffByDefault) {
    const auto greedyRung = std::find_if(
        cc::kStrengthLadder.begin(), cc::kStrengthLadder.end(), [](const cc::StrengthRung& rung) {
            return rung.setting.kind == cc::StrengthKind::Beginner && rung.setting.value == 100;
        });
    ASSERT_NE(greedyRung, cc::kStrengthLadder.end());
    const std::string position = "position startpos moves m3-m5 e14-e13 k3-k5";
    silent(position);
    silent("setoption name Seed value 9");
    const std::string full = ask("go depth 3").back();
    silent("setoption name UCI_Elo value " + std::to_string(greedyRung->elo));
    EXPECT_EQ(ask("go depth 3").back(), full) << "UCI_Elo without UCI_LimitStrength";
    silent("setoption name UCI_LimitStrength value true");
    const std::string limited = askOne("go depth 3");
    silent("setoption name UCI_LimitStrength value false");
    silent("setoption name Player value greedy");
    EXPECT_EQ(limited, askOne("go depth 3"));
}

}  // namespace
}  // namespace cctest
