// Never a move for the wrong position (protocol-spec/protocol.md, "A refused position"):
// after a refused `position`, `go` answers `bestmove none` with an error line until a
// position is accepted, while the state an error must keep stays as it was. The table
// rows of protocol-spec/bad-input.md (123 to 126) cover single refusals; these are the
// sessions around them: a manager's game past its move limit, and a `position` refused
// as busy.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "engine_session.h"

namespace {

using namespace cctest;
using namespace std::chrono_literals;

const std::string kRefusedGo = "error go: no position to search: the last 'position' was refused";

class RefusedPosition : public EngineSession {
  protected:
    // The lines of a `go`, without the search's info lines.
    std::vector<std::string> goReply(const std::string& words) {
        std::vector<std::string> lines = ask("go " + words);
        lines.erase(std::remove_if(lines.begin(), lines.end(),
                                   [](const std::string& line) { return isSearchInfo(line); }),
                    lines.end());
        return lines;
    }
};

TEST_F(RefusedPosition, AMovePastTheMoveLimitIsNeverAnsweredForThePositionBefore) {
    // A manager that plays on past the end: round 1 is the last (movelimit=1), so the
    // third move is refused; the position held before it is still playing.
    silent("setrules movelimit=1");
    silent("position startpos moves m4-l5");
    const std::vector<std::string> before = state();
    EXPECT_EQ(askOne("position startpos moves m4-l5 e14-e13 m3-m5"),
              "error position: move 3: move 'm3-m5': the game is over");
    EXPECT_EQ(state(), before) << "a refused position keeps the game";
    EXPECT_EQ(goReply("depth 2"), (std::vector<std::string>{kRefusedGo, "bestmove none"}));
    // Asked again, the same answer: the mark stays until a position is accepted.
    EXPECT_EQ(goReply("movetime 50"), (std::vector<std::string>{kRefusedGo, "bestmove none"}));
    // The finished game itself, accepted, names its end.
    silent("position startpos moves m4-l5 e14-e13");
    EXPECT_EQ(goReply("depth 2"),
              (std::vector<std::string>{"info string game over (movelimit): no move to search",
                                        "bestmove none"}));
}

TEST_F(RefusedPosition, APositionRefusedAsBusyMarksTheRefusalToo) {
    silent("position startpos moves m4-l5");
    ASSERT_TRUE(engine.sendLine("go infinite"));
    ASSERT_TRUE(engine.readUntilPrefix("info ")) << "the search did not start";
    std::vector<std::string> busy = ask("position startpos moves m4-l5 e14-e13");
    busy.erase(std::remove_if(busy.begin(), busy.end(),
                              [](const std::string& line) { return isSearchInfo(line); }),
               busy.end());
    EXPECT_EQ(busy, (std::vector<std::string>{"error busy: 'position' is refused while a search "
                                              "or perft runs (send stop first)"}));
    const std::vector<std::string> stopped = ask("stop");
    EXPECT_EQ(std::count_if(stopped.begin(), stopped.end(),
                            [](const std::string& line) { return startsWith(line, "bestmove "); }),
              1)
        << joinLines(stopped);
    EXPECT_EQ(goReply("depth 1"), (std::vector<std::string>{kRefusedGo, "bestmove none"}));
    // Sent again once idle, the position is taken and searched.
    silent("position startpos moves m4-l5 e14-e13");
    const std::vector<std::string> searched = goReply("depth 1");
    ASSERT_EQ(searched.size(), 1u) << joinLines(searched);
    EXPECT_TRUE(startsWith(searched[0], "bestmove ")) << searched[0];
    EXPECT_NE(searched[0], "bestmove none");
}

TEST_F(RefusedPosition, NewgameClearsTheMark) {
    EXPECT_EQ(askOne("position startpos moves m1-m2"),
              "error position: move 1: illegal move 'm1-m2'");
    silent("newgame");
    EXPECT_EQ(goReply("depth 1 searchmoves m4-l5"), (std::vector<std::string>{"bestmove m4-l5"}));
}

TEST_F(RefusedPosition, SetrulesClearsTheMarkAndAFailedSetrulesKeepsIt) {
    EXPECT_TRUE(startsWith(askOne("position startpos moves m1-m2"), "error position: "));
    EXPECT_TRUE(startsWith(askOne("setrules players=7"), "error setrules: "));
    EXPECT_EQ(goReply("depth 1"), (std::vector<std::string>{kRefusedGo, "bestmove none"}));
    silent("setrules players=3");
    const std::vector<std::string> searched = goReply("depth 1");
    ASSERT_FALSE(searched.empty());
    EXPECT_TRUE(startsWith(searched.back(), "bestmove ")) << joinLines(searched);
    EXPECT_NE(searched.back(), "bestmove none");
    for (const std::string& line : searched) EXPECT_FALSE(startsWith(line, "error")) << line;
}

}  // namespace
