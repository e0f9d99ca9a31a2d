// ccmatch's rooms (src/match/<room>/, CONTRIBUTING.md, "Layout"): each folder has one
// job, and the rooms are stacked, so a file includes only its own room and the rooms
// below it. The build links src/match as one library and cannot see an arrow back up;
// this test reads the #include lines and does.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_paths.h"

namespace {

namespace fs = std::filesystem;

// Bottom first: the settings every room reads, then the engines' processes, the
// openings, the records, ratings, reports, one game, the tournament; compliance and
// the command line on top.
const std::vector<std::string> kRoomOrder = {"settings",   "engines", "openings", "records",
                                             "ratings",    "reports", "games",    "tournament",
                                             "compliance", "cli"};

fs::path matchDir() {
    return cctest::sourceDir() / "src" / "match";
}

long rank(const std::string& room) {
    const auto found = std::find(kRoomOrder.begin(), kRoomOrder.end(), room);
    return found == kRoomOrder.end() ? -1 : found - kRoomOrder.begin();
}

TEST(MatchRooms, EveryFileIsInAKnownRoom) {
    int files = 0;
    for (const auto& entry : fs::directory_iterator(matchDir())) {
        if (entry.is_directory()) {
            EXPECT_GE(rank(entry.path().filename().string()), 0)
                << entry.path() << " is a room the order of this test does not know";
        } else {
            ADD_FAILURE() << entry.path() << " lies outside every room";
        }
        ++files;
    }
    EXPECT_EQ(files, int(kRoomOrder.size()));
}

TEST(MatchRooms, NoIncludePointsToAHigherRoom) {
    const std::string prefix = "#include \"match/";
    int includes = 0;
    for (const auto& entry : fs::recursive_directory_iterator(matchDir())) {
        if (!entry.is_regular_file()) continue;
        const std::string room = entry.path().parent_path().filename().string();
        std::ifstream file(entry.path());
        std::string line;
        while (std::getline(file, line)) {
            if (line.rfind(prefix, 0) != 0) continue;
            ++includes;
            const std::string target =
                line.substr(prefix.size(), line.find('/', prefix.size()) - prefix.size());
            ASSERT_GE(rank(target), 0) << entry.path() << ": " << line;
            EXPECT_LE(rank(target), rank(room))
                << entry.path() << " (room " << room << ") includes the higher room " << target
                << ": " << line;
        }
    }
    EXPECT_GT(includes, 50) << "the #include lines of src/match were not found";
}

}  // namespace
