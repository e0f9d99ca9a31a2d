// The search's rooms (src/search/<room>/, CONTRIBUTING.md, "Layout"): the files at the
// top of src/search are the contracts every room shares (SearchContext, scores, threads,
// the transposition table, the built-in players); each folder has one job, and a file
// includes only its own room and the rooms below it. The build links src/search as one
// library and cannot see an arrow back up; this test reads the #include lines and does.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "test_paths.h"

namespace {

namespace fs = std::filesystem;

// Bottom first: the time budget, the shared contracts (the top folder), the race count
// (a service the evaluation and the methods ask), the evaluation, then the three
// methods side by side (none includes another), and think() choosing among them.
struct Room {
    std::string name;
    int level;
};
const std::vector<Room> kRooms = {{"time", 0},      {"", 1},     {"race", 2}, {"eval", 3},
                                  {"alphabeta", 4}, {"mcts", 4}, {"solo", 4}, {"think", 5}};
constexpr int kMaxLines = 450;

fs::path searchDir() {
    return cctest::sourceDir() / "src" / "search";
}

// The room of a path below src/search ("" for the top folder); none when unknown.
std::optional<Room> roomOf(const fs::path& relative) {
    const std::string name = relative.has_parent_path() ? relative.begin()->string() : "";
    const auto found = std::find_if(kRooms.begin(), kRooms.end(),
                                    [&](const Room& room) { return room.name == name; });
    if (found == kRooms.end()) return std::nullopt;
    return *found;
}

// What is wrong with one line of a file in room `from`: empty when nothing.
std::string includeProblem(const Room& from, const std::string& line) {
    const std::string prefix = "#include \"search/";
    if (line.rfind(prefix, 0) != 0) return "";
    const std::string target = line.substr(prefix.size(), line.rfind('"') - prefix.size());
    const std::optional<Room> to = roomOf(target);
    if (!to) return "includes a file of an unknown room: " + line;
    if (to->name == from.name || to->level < from.level) return "";
    return "(room '" + from.name + "') includes room '" + to->name + "', not below it: " + line;
}

TEST(SearchRooms, TheCheckSeesAnIncludePointingUpOrSideways) {
    const Room eval = *roomOf("eval/eval.cpp");
    const Room mcts = *roomOf("mcts/mcts.cpp");
    EXPECT_NE(includeProblem(eval, "#include \"search/mcts/mcts.h\""), "");
    EXPECT_NE(includeProblem(mcts, "#include \"search/solo/solo.h\""), "");
    EXPECT_NE(includeProblem(*roomOf("tt.cpp"), "#include \"search/eval/eval.h\""), "");
    EXPECT_NE(includeProblem(eval, "#include \"search/stray/stray.h\""), "");
    EXPECT_EQ(includeProblem(mcts, "#include \"search/eval/eval.h\""), "");
    EXPECT_EQ(includeProblem(mcts, "#include \"search/mcts/playout.h\""), "");
    EXPECT_EQ(includeProblem(eval, "#include \"search/search.h\""), "");
}

TEST(SearchRooms, EveryFileIsInAKnownRoomAndShort) {
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(searchDir())) {
        if (!entry.is_regular_file()) continue;
        const fs::path relative = fs::relative(entry.path(), searchDir());
        EXPECT_TRUE(roomOf(relative).has_value())
            << relative << " lies in a room the order of this test does not know";
        std::ifstream file(entry.path());
        const auto lines = std::count(std::istreambuf_iterator<char>(file),
                                      std::istreambuf_iterator<char>(), '\n');
        EXPECT_LE(lines, kMaxLines) << relative << " has " << lines << " lines";
        ++files;
    }
    EXPECT_GT(files, 40) << "the files of src/search were not found";
}

TEST(SearchRooms, NoIncludePointsToAHigherOrSideRoom) {
    int includes = 0;
    for (const auto& entry : fs::recursive_directory_iterator(searchDir())) {
        if (!entry.is_regular_file()) continue;
        const fs::path relative = fs::relative(entry.path(), searchDir());
        const std::optional<Room> room = roomOf(relative);
        if (!room) continue;  // reported by the test above
        std::ifstream file(entry.path());
        std::string line;
        while (std::getline(file, line)) {
            if (line.rfind("#include \"search/", 0) == 0) ++includes;
            const std::string problem = includeProblem(*room, line);
            EXPECT_EQ(problem, "") << relative << " " << problem;
        }
    }
    EXPECT_GT(includes, 50) << "the #include lines of src/search were not found";
}

}  // namespace
