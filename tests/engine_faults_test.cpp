// Exceptions never kill or hang the engine (protocol-spec/protocol.md, "When a job
// fails"): a search thread made to throw through the engine's test hook gives one error
// line and the job's one final line (`bestmove none`, `info string bench stopped`), and
// the engine answers the next command. Each case ends the process (std::terminate) or
// hangs without its guard.

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "util/text.h"

namespace {

using namespace std::chrono_literals;

// An engine and its protocol writing into a text stream, read only once the worker has
// finished its job (Output's lock guards the writes, not this read).
class FaultSession : public ::testing::Test {
  protected:
    void SetUp() override {
        engine_.setFaultHookForTests([this](int index) {
            if (index == throwingThread_) throw std::runtime_error("injected fault");
        });
    }

    void send(std::string_view line) { protocol_.handle(line); }

    // Waits until the job's final line is out (bestmove, bench's last line), at most
    // `limit`; a job that does not answer is stopped so the test can end, and fails.
    std::vector<std::string> answerOfJob(std::chrono::milliseconds limit) {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (engine_.busy() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(5ms);
        const bool answered = !engine_.busy();
        if (!answered) send("stop");
        protocol_.finishRunning();
        EXPECT_TRUE(answered) << "no answer within " << limit.count() << " ms";
        std::vector<std::string> lines;
        const std::string text = text_.str();
        for (const std::string_view line : cc::split(text, '\n')) {
            // Search and bench progress are not part of the answer.
            const bool progress =
                line.starts_with("info depth ") || line.starts_with("info string mcts") ||
                (line.starts_with("info string bench ") && line != "info string bench stopped");
            if (!line.empty() && !progress) lines.emplace_back(line);
        }
        text_.str("");
        return lines;
    }

    // After a failure: no hook, and a search gives a real move.
    void expectStillAnswering() {
        throwingThread_ = -1;
        send("isready");
        send("go depth 2");
        const std::vector<std::string> lines = answerOfJob(10s);
        ASSERT_EQ(lines.size(), 2u);
        EXPECT_EQ(lines[0], "readyok");
        EXPECT_TRUE(lines[1].starts_with("bestmove ") && lines[1] != "bestmove none") << lines[1];
    }

    int throwingThread_ = -1;
    std::ostringstream text_;
    cc::Engine engine_{cc::EngineOptions{.hashMegabytes = 1}};
    cc::Output output_{text_};
    cc::Protocol protocol_{engine_, output_};
};

const std::vector<std::string> kSearchFailed = {"error search failed: injected fault",
                                                "bestmove none"};

TEST_F(FaultSession, AHelperThreadThatThrowsGivesOneErrorAndOneBestmove) {
    send("setoption name Threads value 2");
    throwingThread_ = 1;
    send("go depth 3");
    EXPECT_EQ(answerOfJob(10s), kSearchFailed);
    expectStillAnswering();
}

TEST_F(FaultSession, AMainThreadThatThrowsStopsItsHelpersAtOnce) {
    // The helper alone would search to depth 60 (minutes); the answer must not wait.
    send("setoption name Threads value 2");
    throwingThread_ = 0;
    send("go depth 60");
    EXPECT_EQ(answerOfJob(3s), kSearchFailed);
    expectStillAnswering();
}

TEST_F(FaultSession, ABenchThatThrowsGivesOneErrorAndItsStoppedLine) {
    throwingThread_ = 0;
    send("bench 1");
    EXPECT_EQ(answerOfJob(10s), (std::vector<std::string>{"error bench failed: injected fault",
                                                          "info string bench stopped"}));
    expectStillAnswering();
}

}  // namespace
