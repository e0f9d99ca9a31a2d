// The end of the game as alpha-beta scores it under fair finish (protocol-spec/rules.md
// §8.3, Super rules): once someone has finished, the round is played out, everyone who
// finishes in it shares first place, and whoever does not has lost. Each position is
// searched just deep enough that the search must see the end to score it right.

#include <string>
#include <vector>

#include "engine_session.h"
#include "rules_test_util.h"

namespace cc {
namespace {

using namespace std::chrono_literals;
using cctest::joinLines;
using rulestest::armExcept;
using rulestest::boardText;
using rulestest::kArm;

class FairFinishSearch : public cctest::EngineSession {
  protected:
    // `go <args>`: the bestmove, with the last score kept for lastScore().
    std::string go(const std::string& args) {
        const std::vector<std::string> reply = ask("go " + args, 0, 60000ms);
        score_.clear();
        std::string best;
        for (const std::string& line : reply) {
            const std::vector<std::string> words = cctest::words(line);
            if (!words.empty() && words[0] == "bestmove" && words.size() == 2) best = words[1];
            for (size_t index = 0; index + 2 < words.size(); ++index) {
                if (words[index] == "score") score_ = words[index + 1] + " " + words[index + 2];
            }
        }
        EXPECT_NE(best, "") << "go " << args << ":" << joinLines(reply);
        return best;
    }
    [[nodiscard]] const std::string& lastScore() const { return score_; }

  private:
    std::string score_;
};

// Player 1's tenth piece stands on h13, next to the last free hole h14 of its goal; its
// nine pieces in the goal have earned their bonus already (no bonus chains).
const rulestest::Pieces kPlayerOneNearlyHome = {{"1'", armExcept(4, "h14")}, {"1", "h13"}};

rulestest::Pieces with(rulestest::Pieces pieces, const std::string& symbol,
                       const std::string& holes) {
    pieces.emplace_back(symbol, holes);
    return pieces;
}

bool isLoss(const std::string& score) {
    return score.rfind("mate -", 0) == 0;
}

// Two players; player 2 to move, on the right of the board where it can neither block
// h14 nor finish in one turn. Whatever it plays, player 1 finishes, and player 2's last
// turn of that round cannot finish it: lost.
std::string twoPlayersOneCannotBeStopped() {
    return boardText(with(kPlayerOneNearlyHome, "4", "j9 k9 l9 j10 k10 l10 j8 k8 l8 j11")) +
           " 2 30 0 0 - - playing";
}

TEST_F(FairFinishSearch, AllOpponentsFinishedIsALossUnlessTheRootFinishesInTheRound) {
    silent("setrules preset=super");
    silent("position " + twoPlayersOneCannotBeStopped());
    // Depth 2 ends after player 1's finish, with player 2 to move: that leaf is lost
    // unless player 2's one remaining turn finishes it (it cannot), not an even race.
    go("depth 2");
    EXPECT_TRUE(isLoss(lastScore())) << lastScore();
}

TEST_F(FairFinishSearch, AQuietMoveThatClosesTheRoundEndsTheGameAtTheLastPly) {
    silent("setrules preset=super");
    silent("position " + twoPlayersOneCannotBeStopped());
    // Depth 3: player 2's last turn is the last ply, and none of its moves (quiet or
    // not) finishes it; each one closes the round and loses.
    go("depth 3");
    EXPECT_TRUE(isLoss(lastScore())) << lastScore();
}

TEST_F(FairFinishSearch, FinishingFirstIsADrawWhenTheOtherFinishesInTheSameRound) {
    // Two players; player 1 to move finishes with h13-h14, then player 2 (last in the
    // round) finishes with j5-j4: first place shared by both, a draw. Not finishing
    // loses (player 2 finishes alone), so the draw is the best there is.
    silent("setrules preset=super");
    silent("position " +
           boardText(with(with(kPlayerOneNearlyHome, "4'", armExcept(1, "j4")), "4", "j5")) +
           " 1 30 0 0 - - playing");
    EXPECT_EQ(go("depth 3"), "h13-h14");
    EXPECT_EQ(lastScore(), "cp 0");
}

TEST_F(FairFinishSearch, FinishingIsASoleWinWhenNobodyCanFollowInTheRound) {
    // As above, but player 2 is far from its goal: its last turn cannot finish it.
    silent("setrules preset=super");
    silent("position " +
           boardText(with(kPlayerOneNearlyHome, "4", "j9 k9 l9 j10 k10 l10 j8 k8 l8 j11")) +
           " 1 30 0 0 - - playing");
    EXPECT_EQ(go("depth 2"), "h13-h14");
    EXPECT_EQ(lastScore(), "mate 1");
}

// Three players (seats 1, 3, 5); player 1 finishes next with h13-h14.
std::string threePlayers(const rulestest::Pieces& third, int mover) {
    rulestest::Pieces pieces = with(kPlayerOneNearlyHome, "3", kArm[3]);
    pieces.insert(pieces.end(), third.begin(), third.end());
    return boardText(pieces) + " " + std::to_string(mover) + " 30 0 0 - - playing";
}

TEST_F(FairFinishSearch, AFinishedOpponentCountsAgainstTheRootInThreePlayers) {
    // Player 2 to move, at home; player 3 at home too (no closer than player 2). Player 1
    // finishes next whatever player 2 does, and player 2 cannot finish in the turn it has
    // left: lost, however the race against player 3 stands.
    silent("setrules preset=super players=3");
    silent("setoption name Method value brs");
    silent("position " + threePlayers({{"5", kArm[5]}}, 2));
    go("depth 2");
    EXPECT_EQ(lastScore(), "mate -2");
    go("depth 3");
    EXPECT_TRUE(isLoss(lastScore())) << lastScore();
}

TEST_F(FairFinishSearch, FinishingFirstIsSharedWhenAnotherCanFinishInTheRound) {
    // Player 1 to move finishes with h13-h14; player 3 (seat 5, its goal the south-west
    // arm) can then finish with h6-h5 before the round ends: first place shared with
    // one of two opponents.
    silent("setrules preset=super players=3");
    silent("setoption name Method value brs");
    silent("position " + threePlayers({{"5'", armExcept(2, "h5")}, {"5", "h6"}}, 1));
    EXPECT_EQ(go("depth 3"), "h13-h14");
    EXPECT_EQ(lastScore(), "cp 10000");
    // Monte-Carlo search must not call it a sole win either.
    silent("setoption name Method value mcts");
    EXPECT_EQ(go("nodes 2000"), "h13-h14");
    EXPECT_NE(lastScore(), "mate 1");
}

}  // namespace
}  // namespace cc
