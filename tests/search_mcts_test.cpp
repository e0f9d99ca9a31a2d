// Monte-Carlo tree search (protocol-spec/protocol.md, option Method, value mcts) through
// the real binary: a legal bestmove under every preset and player count from 3 to 6 and
// through whole games (bonus moves, passes, swaps, finished players, several armies per
// player), exactly one bestmove, stop and isready answered at once, the finishing move
// taken, and info lines that carry playouts and the most visited lines; the tree kept
// from one `go` to the next along the game, and several threads.

#include <algorithm>
#include <set>

#include "engine_session.h"
#include "rules_test_util.h"
#include "search/search.h"

namespace cc {
namespace {

using namespace std::chrono_literals;
using cctest::joinLines;
using cctest::startsWith;
using rulestest::armExcept;
using rulestest::boardText;

class Mcts : public cctest::EngineSession {
  protected:
    void SetUp() override {
        EngineSession::SetUp();
        silent("setoption name Method value mcts");
    }

    std::set<std::string> legalMoves() {
        const std::vector<std::string> line = cctest::words(askOne("legal"));
        return {line.begin() + 1, line.end()};
    }

    // `go <args>`: info lines, then exactly one bestmove, which is legal, and every pv
    // starts with a legal move. Returns the move.
    std::string legalBestmove(const std::string& args) {
        const std::set<std::string> legal = legalMoves();
        reply_ = ask("go " + args, 0, 60000ms);
        int bestmoves = 0;
        std::string best;
        for (const std::string& line : reply_) {
            if (startsWith(line, "bestmove ")) {
                ++bestmoves;
                best = line.substr(9);
                continue;
            }
            EXPECT_TRUE(startsWith(line, "info ")) << "go " << args << ":" << joinLines(reply_);
            const std::vector<std::string> words = cctest::words(line);
            const auto pv = std::find(words.begin(), words.end(), "pv");
            if (pv != words.end() && pv + 1 != words.end()) {
                EXPECT_EQ(legal.count(*(pv + 1)), 1u) << line;
            }
        }
        EXPECT_EQ(bestmoves, 1) << "go " << args << ":" << joinLines(reply_);
        EXPECT_TRUE(best == "none" ? legal.empty() : legal.count(best) == 1)
            << "bestmove " << best << " is not legal";
        return best;
    }

    // Plays a game from the start position by the engine's own bestmoves; returns the
    // number of plies played.
    int playGame(const std::string& go, int maxPlies) {
        std::string moves;
        int plies = 0;
        for (; plies < maxPlies; ++plies) {
            const std::string best = legalBestmove(go);
            if (best == "none" || HasFailure()) break;
            moves += " " + best;
            silent("position startpos moves" + moves);
        }
        return plies;
    }

    // The playouts the last `go` found already made at its root.
    long keptPlayouts() {
        const std::string prefix = "info string mcts playouts kept ";
        for (const std::string& line : reply_) {
            if (startsWith(line, prefix)) return std::stol(line.substr(prefix.size()));
        }
        ADD_FAILURE() << "no kept playouts:" << joinLines(reply_);
        return -1;
    }

    // The last pv of the last `go`.
    std::vector<std::string> lastPv() {
        for (auto line = reply_.rbegin(); line != reply_.rend(); ++line) {
            const std::vector<std::string> words = cctest::words(*line);
            const auto pv = std::find(words.begin(), words.end(), "pv");
            if (pv != words.end()) return {pv + 1, words.end()};
        }
        return {};
    }

    std::vector<std::string> reply_;
};

TEST_F(Mcts, LegalBestmoveUnderEveryPresetAndPlayerCount) {
    int searched = 0;
    for (const std::string preset : {"standard", "masters", "card", "super", "diamond", "sec5"}) {
        for (int players = 3; players <= 6; ++players) {
            const std::string rules =
                "setrules preset=" + preset + " players=" + std::to_string(players);
            if (!ask(rules).empty()) continue;  // the preset does not allow this count
            SCOPED_TRACE(rules);
            EXPECT_EQ(playGame("nodes 300", 3), 3);
            ++searched;
        }
    }
    EXPECT_EQ(searched, 4 * 4 + 1) << "four presets allow 3..6 players, diamond 3";
}

TEST_F(Mcts, WholeGamesStayLegal) {
    // Standard rules with end=all: finished players are skipped until one is left.
    silent("setrules players=3 movelimit=60");
    EXPECT_GT(playGame("nodes 60", 400), 60);
    EXPECT_TRUE(startsWith(askOne("getposition"), "position ")) << "the game went on";
    // Bonus moves (the same player again), fair finish, long hops.
    silent("setrules preset=super players=4");
    playGame("nodes 60", 120);
    // Swaps into the goal and a goal lock.
    silent("setrules preset=masters players=6");
    playGame("nodes 40", 120);
    // Two armies for each of three players; passes when a player is stuck.
    silent("setrules armies=1+4,2+5,3+6 passround=on");
    playGame("nodes 40", 90);
}

TEST_F(Mcts, AFinishingMoveIsTaken) {
    // Player 1 has nine pieces in its goal and the tenth next to the free hole; the two
    // others are still at home. h13-h14 finishes first (and ends the game at end=first).
    for (const std::string end : {"all", "first"}) {
        SCOPED_TRACE(end);
        silent("setrules players=3 end=" + end);
        silent(
            "position " +
            boardText(
                {{"1", armExcept(4, "h14") + " h13"}, {"3", armExcept(3)}, {"5", armExcept(5)}}) +
            " 1 30 0 0 - - playing");
        EXPECT_EQ(legalBestmove("nodes 2000"), "h13-h14");
        const auto mate = std::find_if(reply_.rbegin(), reply_.rend(), [](const std::string& l) {
            return l.find(" score mate 1 ") != std::string::npos;
        });
        EXPECT_NE(mate, reply_.rend()) << joinLines(reply_);
    }
}

TEST_F(Mcts, StopAndIsreadyAnswerAtOnceAndOneBestmove) {
    for (const int players : {3, 6}) {
        silent("setrules players=" + std::to_string(players));
        ASSERT_TRUE(engine.sendLine("go infinite"));
        ASSERT_TRUE(engine.readUntilPrefix("info ")) << "the search did not start";
        const auto asked = std::chrono::steady_clock::now();
        ASSERT_TRUE(engine.sendLine("isready"));
        std::optional<std::string> ready;
        do {
            ready = engine.readLine(2000ms);
        } while (ready && startsWith(*ready, "info "));
        EXPECT_EQ(ready, std::optional<std::string>("readyok"));
        EXPECT_LT(std::chrono::steady_clock::now() - asked, 500ms);
        const auto stopped = std::chrono::steady_clock::now();
        const std::vector<std::string> reply = ask("stop");
        EXPECT_LT(std::chrono::steady_clock::now() - stopped, 500ms);
        EXPECT_EQ(std::count_if(reply.begin(), reply.end(),
                                [](const std::string& l) { return startsWith(l, "bestmove "); }),
                  1)
            << joinLines(reply);
        EXPECT_EQ(engine.readLine(200ms), std::nullopt) << "nothing after the bestmove";
    }
}

TEST_F(Mcts, LimitsEndTheSearch) {
    silent("setrules players=4");
    legalBestmove("depth 3");
    legalBestmove("movetime 50");
    legalBestmove("p1time 2000 p2time 2000 p3time 2000 p4time 2000");
    legalBestmove("nodes 100");
    const auto last = std::find_if(reply_.rbegin(), reply_.rend(), [](const std::string& l) {
        return startsWith(l, "info depth");
    });
    ASSERT_NE(last, reply_.rend()) << joinLines(reply_);
    EXPECT_NE(last->find(" nodes 100 "), std::string::npos) << "nodes are playouts: " << *last;
}

TEST_F(Mcts, MultiPvGivesTheMostVisitedRootMoves) {
    silent("setrules players=6");
    silent("setoption name MultiPV value 3");
    legalBestmove("nodes 2000");
    std::set<std::string> firstMoves;
    for (const std::string& line : reply_) {
        if (!startsWith(line, "info depth")) continue;
        const std::vector<std::string> words = cctest::words(line);
        const auto multipv = std::find(words.begin(), words.end(), "multipv");
        const auto pv = std::find(words.begin(), words.end(), "pv");
        for (const std::string key : {"depth", "seldepth", "score", "nodes", "nps", "time"})
            EXPECT_NE(std::find(words.begin(), words.end(), key), words.end()) << line;
        if (multipv != words.end() && pv + 1 < words.end())
            firstMoves.insert(*(multipv + 1) + *(pv + 1));
    }
    EXPECT_GE(firstMoves.size(), 3u) << joinLines(reply_);
}

TEST_F(Mcts, TheTreeIsKeptAlongTheGameOnly) {
    for (const std::string threads : {"1", "2"}) {
        SCOPED_TRACE("Threads " + threads);
        silent("setoption name Threads value " + threads);
        silent("setrules players=3");
        legalBestmove("nodes 4000");
        EXPECT_EQ(keptPlayouts(), 0) << "a new game has no tree";
        const std::vector<std::string> pv = lastPv();
        ASSERT_GE(pv.size(), 3u) << joinLines(reply_);
        // A round along the most visited line: its playouts are there already.
        silent("position startpos moves " + pv[0] + " " + pv[1] + " " + pv[2]);
        legalBestmove("nodes 100");
        EXPECT_GT(keptPlayouts(), 0);
        // The same position again keeps everything, the last search's playouts too.
        legalBestmove("nodes 100");
        EXPECT_GE(keptPlayouts(), 100);
        silent("newgame");
        legalBestmove("nodes 100");
        EXPECT_EQ(keptPlayouts(), 0) << "newgame empties the tree";
        // Three rounds on (further than the tree looks): a fresh tree.
        std::string moves;
        for (int ply = 0; ply < 9; ++ply) {
            moves += " " + *legalMoves().begin();
            silent("position startpos moves" + moves);
        }
        legalBestmove("nodes 100");
        EXPECT_EQ(keptPlayouts(), 0) << "a position far from the tree's root";
        silent("setrules players=3");
        legalBestmove("nodes 100");
        EXPECT_EQ(keptPlayouts(), 0) << "new rules empty the tree";
    }
}

TEST_F(Mcts, TwoThreadsStayLegalUnderEveryPresetAndCountPlayouts) {
    silent("setoption name Threads value 2");
    for (const std::string preset : {"standard", "masters", "card", "super", "diamond", "sec5"}) {
        for (int players = 3; players <= 6; ++players) {
            const std::string rules =
                "setrules preset=" + preset + " players=" + std::to_string(players);
            if (!ask(rules).empty()) continue;
            SCOPED_TRACE(rules);
            EXPECT_EQ(playGame("nodes 300", 3), 3);
        }
    }
    silent("setrules armies=1+4,2+5,3+6 passround=on");
    EXPECT_EQ(playGame("nodes 100", 6), 6);
    silent("setrules players=4");
    silent("setoption name MultiPV value 2");
    legalBestmove("nodes 1000");
    const auto last = std::find_if(reply_.rbegin(), reply_.rend(), [](const std::string& l) {
        return startsWith(l, "info depth") && l.find(" multipv 1 ") != std::string::npos;
    });
    ASSERT_NE(last, reply_.rend()) << joinLines(reply_);
    const std::vector<std::string> words = cctest::words(*last);
    const auto nodes = std::find(words.begin(), words.end(), "nodes");
    ASSERT_NE(nodes, words.end()) << *last;
    EXPECT_GE(std::stol(*(nodes + 1)), 1000) << "the playouts of both threads: " << *last;
    EXPECT_LE(std::stol(*(nodes + 1)), 1002) << "both threads stop at the limit: " << *last;
}

TEST_F(Mcts, TwoThreadsAnswerStopAndIsreadyAtOnce) {
    silent("setoption name Threads value 2");
    silent("setrules players=6");
    ASSERT_TRUE(engine.sendLine("go infinite"));
    ASSERT_TRUE(engine.readUntilPrefix("info ")) << "the search did not start";
    const auto asked = std::chrono::steady_clock::now();
    ASSERT_TRUE(engine.sendLine("isready"));
    std::optional<std::string> ready;
    do {
        ready = engine.readLine(2000ms);
    } while (ready && startsWith(*ready, "info "));
    EXPECT_EQ(ready, std::optional<std::string>("readyok"));
    EXPECT_LT(std::chrono::steady_clock::now() - asked, 500ms);
    const auto stopped = std::chrono::steady_clock::now();
    const std::vector<std::string> reply = ask("stop");
    EXPECT_LT(std::chrono::steady_clock::now() - stopped, 500ms);
    EXPECT_EQ(std::count_if(reply.begin(), reply.end(),
                            [](const std::string& l) { return startsWith(l, "bestmove "); }),
              1)
        << joinLines(reply);
    EXPECT_EQ(engine.readLine(200ms), std::nullopt) << "nothing after the bestmove";
}

TEST(MethodAuto, ChoosesByPlayerCountAndAnExplicitMethodStays) {
    EXPECT_EQ(methodFor(MultiPlayerMethod::Automatic, 2), MultiPlayerMethod::BestReply);
    EXPECT_EQ(methodFor(MultiPlayerMethod::Automatic, 3), MultiPlayerMethod::MonteCarlo);
    EXPECT_EQ(methodFor(MultiPlayerMethod::Automatic, 4), MultiPlayerMethod::MonteCarlo);
    EXPECT_EQ(methodFor(MultiPlayerMethod::Automatic, 5), MultiPlayerMethod::MonteCarlo);
    EXPECT_EQ(methodFor(MultiPlayerMethod::Automatic, 6), MultiPlayerMethod::MonteCarlo);
    EXPECT_EQ(methodFor(MultiPlayerMethod::Paranoid, 6), MultiPlayerMethod::Paranoid);
    EXPECT_EQ(methodFor(MultiPlayerMethod::MonteCarlo, 3), MultiPlayerMethod::MonteCarlo);
}

}  // namespace
}  // namespace cc
