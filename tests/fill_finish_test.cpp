// Early finishes by the fill rule at six players (protocol-spec/rules.md §5: a goal is
// full with every hole occupied and one piece of the army's own): the engine takes one
// in reach, and does not open its home to one. The game is a six-player game of the
// standard rules in which seat 5 finished at its third move: seat 2 opened the second
// hole of its home at ply 14, seat 4's chain filled one, and seat 5's ten-hop chain the
// other.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"

namespace cc {
namespace {

constexpr const char* kGameMoves[] = {"m3-m5",
                                      "e8-f8",
                                      "c11-e9-g7",
                                      "e15-e13",
                                      "k13-i13",
                                      "o7-m9",
                                      "m1-m3-k5",
                                      "e7-e8",
                                      "g7-h7",
                                      "e13-e12",
                                      "i13-h13",
                                      "m9-l10",
                                      "j4-j5",
                                      "e5-e7-e9-c11-e11-e13-e15-g13-i13-k13-k11-m9",
                                      "a13-c11-e9-g7-i7",
                                      "e17-e15-e13-e11-c11-e9-e7-e5"};

class FillFinish : public ::testing::Test {
  protected:
    FillFinish() : output_(out_), protocol_(engine_, output_) {
        protocol_.handle("setrules preset=standard players=6");
    }

    void setPlies(int plies) {
        moves_ = "position startpos moves";
        for (int ply = 0; ply < plies; ++ply) moves_ += std::string(" ") + kGameMoves[ply];
        protocol_.handle(moves_);
        ASSERT_EQ(engine_.position().mover(), plies % 6);
    }

    // The engine's move in the current position (`go nodes`), played.
    std::string search() {
        out_.str("");
        protocol_.handle("go nodes 3000");
        engine_.wait();
        const std::string reply = out_.str();
        const size_t at = reply.rfind("bestmove ");
        EXPECT_NE(at, std::string::npos) << reply;
        if (at == std::string::npos) return {};
        return reply.substr(at + 9, reply.find_first_of(" \n", at + 9) - at - 9);
    }

    void play(const std::string& move) {
        out_.str("");
        moves_ += " " + move;
        protocol_.handle(moves_);
        ASSERT_EQ(out_.str().find("error"), std::string::npos) << out_.str();
    }

    // Plays the move when it is legal; the engine's own choice otherwise.
    void playOrSearch(const std::string& move) {
        out_.str("");
        protocol_.handle(moves_ + " " + move);
        if (out_.str().find("error") == std::string::npos) {
            moves_ += " " + move;
        } else {
            protocol_.handle(moves_);
            play(search());
        }
    }

    // Whether the player to move has a move that finishes its army.
    [[nodiscard]] bool finishInReach() const {
        const Position& position = engine_.position();
        MoveList moves;
        generateLegal(position, moves);
        for (const Move move : moves) {
            Position next = position;
            playMove(next, move);
            if (next.place(position.mover()) != 0) return true;
        }
        return false;
    }

    std::string moves_;
    Engine engine_;
    std::ostringstream out_;
    Output output_;
    Protocol protocol_;
};

TEST_F(FillFinish, TakesTheFillFinishInReach) {
    setPlies(16);
    ASSERT_TRUE(finishInReach());
    play(search());
    EXPECT_EQ(engine_.position().place(4), 1);
}

TEST_F(FillFinish, KeepsItsHomeClosedToAFillFinish) {
    setPlies(13);
    const std::string chosen = search();
    EXPECT_NE(chosen, kGameMoves[13]) << "the move that opened the home";
    play(chosen);
    // Seats 3 and 4 play the game's moves where they still can (seat 4's chain filled
    // the opened hole), then seat 5 must have no finish in reach.
    playOrSearch(kGameMoves[14]);
    playOrSearch(kGameMoves[15]);
    EXPECT_FALSE(finishInReach()) << "after " << chosen;
}

}  // namespace
}  // namespace cc
