// Engine::reset, which fuzz_protocol runs before every input on its one engine: a reset
// engine must answer exactly as a fresh one, whatever the session before it changed
// (options, rules, position, the table, the threads' memory, a search left running),
// or an input the fuzzer reports would not do the same when replayed alone.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_harness.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "util/text.h"

namespace cc {
namespace {

// A line with what depends on the clock (`time`, `nps` and perft's seconds) left out.
std::string withoutTimes(std::string_view line) {
    std::string kept;
    bool skipNext = false;
    for (const std::string_view word : splitWords(line)) {
        if (skipNext) {
            skipNext = false;
            continue;
        }
        if (word == "time" || word == "nps" || word == "seconds") {
            skipNext = word != "seconds";
            continue;
        }
        if (word.ends_with('s') && word.find_first_not_of("0123456789.s") == std::string::npos)
            continue;  // `0.01s`
        kept += kept.empty() ? "" : " ";
        kept += word;
    }
    return kept;
}

// Runs `script` as one session on `engine`, each search or count finished before the
// next line unless the line is a ponder or infinite search (left running for the end of
// the session to stop). The output, without times.
std::vector<std::string> runSession(Engine& engine, const std::vector<std::string>& script) {
    std::ostringstream stream;
    {
        Output output(stream);
        Protocol protocol(engine, output);
        for (const std::string& line : script) {
            protocol.handle(line);
            if (line.find("ponder") == std::string::npos &&
                line.find("infinite") == std::string::npos)
                protocol.finishRunning();
        }
    }
    const std::string text = stream.str();
    std::vector<std::string> lines;
    for (const std::string_view line : split(text, '\n')) {
        if (!line.empty()) lines.push_back(withoutTimes(line));
    }
    return lines;
}

// Sessions that change what a session can change, each ending in a different state.
const std::vector<std::vector<std::string>> kChangingSessions = {
    {"setoption name Hash value 2", "setoption name Threads value 2",
     "setoption name MultiPV value 3", "setoption name Notation value index",
     "setoption name ShowWDL value true", "setoption name Skill Level value 3",
     "setoption name Seed value 7", "setoption name Method value paranoid",
     "setoption name MoveOverhead value 100", "setrules preset=super players=3",
     "position startpos moves m4-l5", "go depth 3"},
    {"position startpos moves not-a-move", "setoption name Ponder value true", "position startpos",
     "go depth 4", "go ponder"},
    {"setoption name Method value mcts", "setoption name Player value random",
     "setrules players=4 king=on", "go nodes 300", "go infinite"},
    {"go depth 5", "position startpos moves m4-l5", "go depth 5", "quit"},
};

// What a session that starts from the start state shows of it: the rules, the position,
// the moves, and searches (alpha-beta and Monte-Carlo) whose node counts depend on the
// table and the threads' memory.
const std::vector<std::string> kLookingSession = {
    "rules",
    "getposition",
    "legal",
    "go depth 4",
    "position startpos moves m4-l5",
    "go depth 4",
    "setoption name Method value mcts",
    "setrules players=3",
    "go nodes 400",
    "perft 2",
};

TEST(EngineReset, AResetEngineAnswersAsAFreshOne) {
    std::vector<std::string> fresh;
    {
        Engine engine(ccfuzz::sessionOptions());
        fresh = runSession(engine, kLookingSession);
    }
    ASSERT_GT(fresh.size(), 10U);
    Engine reused(ccfuzz::sessionOptions());
    for (size_t index = 0; index < kChangingSessions.size(); ++index) {
        runSession(reused, kChangingSessions[index]);
        reused.reset(ccfuzz::sessionOptions());
        EXPECT_EQ(runSession(reused, kLookingSession), fresh) << "after session " << index;
    }
}

// The fuzz harness's verdict on a session is the same on its reused engine as on a
// fresh one, after each changing session has run on it.
TEST(EngineReset, TheFuzzHarnessJudgesAReusedEngineAsAFreshOne) {
    Engine reused(ccfuzz::sessionOptions());
    for (const std::vector<std::string>& session : kChangingSessions) {
        const std::string input = join(session, "\n");
        EXPECT_EQ(ccfuzz::checkProtocolSession(input, reused), ccfuzz::checkProtocolSession(input))
            << input;
        const std::string looking = join(kLookingSession, "\n");
        EXPECT_EQ(ccfuzz::checkProtocolSession(looking, reused), std::nullopt);
    }
}

}  // namespace
}  // namespace cc
