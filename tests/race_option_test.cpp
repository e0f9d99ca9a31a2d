// The RacePath option (protocol-spec/protocol.md, setoption and isready): a table read
// at `isready`, and every file that cannot be used answered by one `info string`, the
// engine playing on as it was.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/engine.h"
#include "protocol/output.h"
#include "protocol/protocol.h"
#include "search/race/file.h"
#include "search/race/generate.h"

namespace cc::race {
namespace {

namespace fs = std::filesystem;

class RaceOption : public ::testing::Test {
  protected:
    void SetUp() override {
        folder_ = fs::temp_directory_path() / ("ccengine-race-test-" + std::to_string(getpid()));
        fs::create_directories(folder_);
        values_ = generateRaceValues(Family(1), 1, {});
        ASSERT_TRUE(writeRaceFile(path("good.bin"), 1, values_).ok());
    }
    void TearDown() override { fs::remove_all(folder_); }

    [[nodiscard]] std::string path(const std::string& name) const {
        return (folder_ / name).string();
    }
    [[nodiscard]] std::string bytesOf(const std::string& name) const {
        std::ifstream in(path(name), std::ios::binary);
        return {std::istreambuf_iterator<char>(in), {}};
    }
    void writeBytes(const std::string& name, const std::string& bytes) const {
        std::ofstream(path(name), std::ios::binary) << bytes;
    }
    // What the engine answers to the lines, then forgets it.
    std::string answer(const std::string& lines) {
        std::istringstream in(lines);
        for (std::string line; std::getline(in, line);) protocol_.handle(line);
        std::string text = out_.str();
        out_.str("");
        return text;
    }

    fs::path folder_;
    std::vector<uint8_t> values_;
    Engine engine_;
    std::ostringstream out_;
    Output output_{out_};
    Protocol protocol_{engine_, output_};
};

TEST_F(RaceOption, LoadsATableAtIsreadyAndEvalCountsMoves) {
    EXPECT_EQ(answer("eval\n").find("info string no race table"), 0U);
    EXPECT_EQ(
        answer("setoption name RacePath value " + path("good.bin") + "\nisready\n"),
        "info string race table " + path("good.bin") + ": 3003 placements, rows 1\nreadyok\n");
    const std::string eval = answer("eval\n");
    EXPECT_EQ(eval.find("info string"), std::string::npos) << eval;
    // Both armies start alike: the same estimate.
    const size_t first = eval.find(" moves ");
    const size_t second = eval.find(" moves ", first + 1);
    ASSERT_NE(second, std::string::npos) << eval;
    EXPECT_EQ(eval.substr(first, eval.find('\n', first) - first),
              eval.substr(second, eval.find('\n', second) - second));
    EXPECT_NE(eval.find(" estimate\n"), std::string::npos) << eval;
    // Loaded once: a second isready says nothing more.
    EXPECT_EQ(answer("isready\n"), "readyok\n");
    // <empty> puts it away.
    EXPECT_EQ(answer("setoption name RacePath value <empty>\nisready\n"),
              "info string race table: none (RacePath is empty)\nreadyok\n");
}

// Each unusable file: one info string naming why, no table, and the engine as before.
TEST_F(RaceOption, AnUnusableFileIsOneInfoStringAndChangesNothing) {
    const std::string good = bytesOf("good.bin");
    writeBytes("truncated.bin", good.substr(0, good.size() / 2));
    writeBytes("header-only.bin", good.substr(0, 60));
    std::string corrupt = good;
    corrupt[kRaceHeaderBytes + 1000] = char(corrupt[kRaceHeaderBytes + 1000] + 1);
    writeBytes("corrupt.bin", corrupt);
    std::string version = good;
    version[8] = 9;
    writeBytes("version.bin", version);
    ASSERT_TRUE(writeRaceFile(path("long.bin"), 1, values_, "hops=long pieces=10").ok());
    writeBytes("text.bin", std::string(200, 'x'));
    const std::vector<std::pair<std::string, std::string>> cases = {
        {path("missing.bin"), "cannot open"},
        {path("truncated.bin"), "truncated or padded"},
        {path("header-only.bin"), "truncated: shorter than the 128-byte header"},
        {path("corrupt.bin"), "corrupt: the checksum does not match"},
        {path("version.bin"), "version 9, this build reads 1"},
        {path("long.bin"), "made for rules 'hops=long pieces=10'"},
        {path("text.bin"), "not a race table (bad magic)"},
        {folder_.string(), "is a folder"},
    };
    answer("setrules players=3\nposition startpos moves m4-l5\n");
    const std::string before = answer("rules\ngetposition\n");
    for (const auto& [file, why] : cases) {
        const std::string reply = answer("setoption name RacePath value " + file + "\nisready\n");
        EXPECT_EQ(reply.find("info string race table " + file + ": "), 0U) << reply;
        EXPECT_NE(reply.find(why), std::string::npos) << reply;
        EXPECT_NE(reply.find("; playing without a race table\nreadyok\n"), std::string::npos)
            << reply;
        EXPECT_EQ(answer("isready\n"), "readyok\n") << file;
        EXPECT_EQ(answer("rules\ngetposition\n"), before) << file;
        EXPECT_EQ(answer("eval\n").find("info string no race table"), 0U) << file;
    }
    // With a table in use, a bad file keeps it.
    answer("setoption name RacePath value " + path("good.bin") + "\nisready\n");
    EXPECT_EQ(answer("setoption name RacePath value " + path("corrupt.bin") + "\nisready\n"),
              "info string race table " + path("corrupt.bin") +
                  ": corrupt: the checksum does not match; keeping the table of " +
                  path("good.bin") + "\nreadyok\n");
    EXPECT_EQ(answer("eval\n").find("info string"), std::string::npos);
    EXPECT_EQ(answer("isready\n"), "readyok\n");
}

TEST_F(RaceOption, IsRefusedDuringASearch) {
    protocol_.handle("go infinite");
    protocol_.handle("setoption name RacePath value " + path("good.bin"));
    protocol_.handle("stop");
    // The search thread writes its lines meanwhile: the text is read once it is done.
    protocol_.finishRunning();
    const std::string during = answer("");
    EXPECT_NE(during.find("error busy: 'setoption' is refused while a search or perft runs "
                          "(send stop first)\n"),
              std::string::npos)
        << during;
    EXPECT_NE(during.find("bestmove"), std::string::npos) << during;
    EXPECT_EQ(answer("isready\n"), "readyok\n");
    EXPECT_EQ(answer("eval\n").find("info string no race table"), 0U);
}

}  // namespace
}  // namespace cc::race
