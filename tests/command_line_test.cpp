// The one-shot command line of src/main.cpp, and stop and quit during a perft.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol_session.h"

namespace {

using namespace cctest;

// ---------------------------------------------------------------- command line

TEST(CommandLine, OneShotLegal) {
    const RunResult run =
        runEngine({"--rules", "preset=super players=3", "--position", "startpos", "legal"});
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe() << "\n" << run.errors;
    ASSERT_EQ(run.lines.size(), 1u) << joinLines(run.lines);
    EXPECT_EQ(run.lines[0], kStartLegal);
    EXPECT_EQ(run.errors, "");
}

TEST(CommandLine, OneShotWithPositionMovesAndNotation) {
    const RunResult run = runEngine({"--position", "startpos moves k4-k5 e14-e13 m4-l5 e13-e12",
                                     "--notation", "index", "legal", "m2"});
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe() << "\n" << run.errors;
    ASSERT_EQ(run.lines.size(), 1u) << joinLines(run.lines);
    expectOneOf(run.lines[0], {"legal 1-6 1-8 1-6-28", "legal 1-6 1-8 1-8-28"});
}

TEST(CommandLine, OneShotPerft) {
    const RunResult run = runEngine({"perft", "3"});
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe();
    ASSERT_FALSE(run.lines.empty());
    EXPECT_EQ(run.lines.back(), "nodes 4760");
}

TEST(CommandLine, OneShotErrorsExitOne) {
    const std::vector<std::vector<std::string>> cases = {
        {"legal", "z9"},
        {"foo"},
        {"--rules", "bogus=1", "legal"},
        {"--rules", "preset=diamond players=4", "legal"},
        {"--position", "startpos moves m4-m6", "legal"},
        {"--notation", "roman", "legal"},
        {"perft", "99"},
    };
    for (const auto& args : cases) {
        SCOPED_TRACE(args.back());
        const RunResult run = runEngine(args);
        EXPECT_TRUE(run.status.cleanExit(1)) << run.status.describe();
        ASSERT_EQ(run.lines.size(), 1u)
            << "setup errors must stop the command:" << joinLines(run.lines);
        EXPECT_TRUE(startsWith(run.lines[0], "error ")) << run.lines[0];
        EXPECT_EQ(run.errors, "") << "errors go to stdout as protocol lines";
    }
}

TEST(CommandLine, OneShotDoesNotReadStdin) {
    const RunResult run = runEngine({"result"}, "quit\nlegal\n");
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe();
    EXPECT_EQ(run.lines, std::vector<std::string>{"result ongoing places 0,0"});
}

TEST(CommandLine, HelpAndVersionExitZero) {
    const RunResult help = runEngine({"--help"});
    EXPECT_TRUE(help.status.cleanExit(0)) << help.status.describe();
    ASSERT_FALSE(help.lines.empty());
    EXPECT_TRUE(startsWith(help.lines[0], "Usage: ccengine")) << help.lines[0];

    const RunResult version = runEngine({"--version"});
    EXPECT_TRUE(version.status.cleanExit(0)) << version.status.describe();
    ASSERT_EQ(version.lines.size(), 1u) << joinLines(version.lines);
    EXPECT_TRUE(startsWith(version.lines[0], "ccengine ")) << version.lines[0];
    EXPECT_EQ(runEngine({"-v"}).lines, version.lines);
}

TEST(CommandLine, UnknownOptionFailsWithoutProtocolOutput) {
    const RunResult run = runEngine({"--bogus"});
    EXPECT_TRUE(run.status.exited && run.status.code != 0) << run.status.describe();
    EXPECT_TRUE(run.lines.empty()) << joinLines(run.lines);
    EXPECT_NE(run.errors.find("bogus"), std::string::npos) << run.errors;
}

TEST(CommandLine, OneShotCommandWordsAreJoined) {
    EXPECT_EQ(runEngine({"isready"}).lines, std::vector<std::string>{"readyok"});
    const RunResult quoted = runEngine({"--position", "startpos moves m4-l5", "legal e14"});
    EXPECT_TRUE(quoted.status.cleanExit(0)) << quoted.status.describe();
    EXPECT_EQ(quoted.lines, std::vector<std::string>{"legal e14-f13 e14-e13"});
    const RunResult silentCommand = runEngine({"position", "startpos", "moves", "m4-l5"});
    EXPECT_TRUE(silentCommand.status.cleanExit(0)) << silentCommand.status.describe();
    EXPECT_TRUE(silentCommand.lines.empty()) << joinLines(silentCommand.lines);
}

TEST(CommandLine, FailedOptionWithoutCommandExitsOneWithoutReading) {
    const RunResult run = runEngine({"--rules", "preset=card players=3"}, "isready\n");
    EXPECT_TRUE(run.status.cleanExit(1)) << run.status.describe();
    ASSERT_EQ(run.lines.size(), 1u) << joinLines(run.lines);
    EXPECT_TRUE(startsWith(run.lines[0], "error setrules: ")) << run.lines[0];
}

TEST(CommandLine, MalformedCommandLineExitsTwo) {
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"-p", "startpos", "-p", "startpos", "d"},
                                               {"--rules"},
                                               {"--bogus"},
                                               {"-x", "legal"}}) {
        SCOPED_TRACE(args.front());
        const RunResult run = runEngine(args, "isready\n");
        EXPECT_TRUE(run.status.cleanExit(2)) << run.status.describe();
        EXPECT_TRUE(run.lines.empty()) << joinLines(run.lines);
        EXPECT_NE(run.errors, "");
    }
}

// --option sets options through setoption (as a CCERL submission sets Threads under CCP).
TEST(CommandLine, OptionsAreSetBeforeTheCommand) {
    const RunResult run =
        runEngine({"--option", "MultiPV=2", "-o", "Skill Level=20", "go", "depth", "2"});
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe() << "\n" << run.errors;
    bool secondLine = false;
    for (const std::string& line : run.lines)
        secondLine |= line.find(" multipv 2 ") != std::string::npos;
    EXPECT_TRUE(secondLine) << joinLines(run.lines);

    const RunResult bad = runEngine({"--option", "Bogus=1", "legal"});
    EXPECT_TRUE(bad.status.cleanExit(1)) << bad.status.describe();
    ASSERT_EQ(bad.lines.size(), 1u) << joinLines(bad.lines);
    EXPECT_EQ(bad.lines[0], "error unknown option 'Bogus'");
}

TEST(CommandLine, OptionsUnderCcp) {
    const RunResult run =
        runEngine({"--ccp", "--option", "Threads=2", "-o", "Clear Hash"}, "ccp\nisready\nquit\n");
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe() << "\n" << run.errors;
    ASSERT_FALSE(run.lines.empty());
    EXPECT_EQ(run.lines.back(), "readyok") << joinLines(run.lines);

    const RunResult refused = runEngine({"--ccp", "--option", "MultiPV=2"}, "ccp\nisready\n");
    EXPECT_TRUE(refused.status.cleanExit(1)) << refused.status.describe();
    ASSERT_EQ(refused.lines.size(), 1u) << "nothing is read after a refused option";
    EXPECT_TRUE(startsWith(refused.lines[0], "error setoption: no option 'MultiPV' under ccp"))
        << refused.lines[0];
}

TEST(CommandLine, InteractiveWhenNoCommandIsGiven) {
    const RunResult run = runEngine({"--rules", "preset=super players=3"}, "rules\nquit\n");
    EXPECT_TRUE(run.status.cleanExit(0)) << run.status.describe();
    ASSERT_EQ(run.lines.size(), 1u) << joinLines(run.lines);
    EXPECT_EQ(ruleMap(run.lines[0]).at("preset"), "super");
}

}  // namespace

namespace cc {
namespace {

// A perft far too deep to finish: `stop` ends it, the engine answers at once and
// keeps its state; a perft left to run keeps the order of replies.
TEST(SessionStop, StopAndQuitEndARunningPerft) {
    EngineProcess engine;
    ASSERT_TRUE(engine.started());
    ASSERT_TRUE(engine.sendLine("perft 30"));
    // `isready` is answered while a perft runs: once readyok is out, the perft is running.
    ASSERT_TRUE(engine.sendLine("isready"));
    ASSERT_EQ(engine.readLine(5000ms), std::optional<std::string>("readyok"));
    ASSERT_TRUE(engine.sendLine("stop"));
    EXPECT_EQ(engine.readLine(5000ms), std::optional<std::string>("info string perft stopped"));
    ASSERT_TRUE(engine.sendLine("isready"));
    EXPECT_EQ(engine.readLine(5000ms), std::optional<std::string>("readyok"));
    ASSERT_TRUE(engine.sendLine("perft 30"));
    ASSERT_TRUE(engine.sendLine("quit"));
    EXPECT_EQ(engine.readLine(5000ms), std::optional<std::string>("info string perft stopped"));
    EXPECT_TRUE(engine.waitExit(5000ms).cleanExit(0));
}

}  // namespace
}  // namespace cc
