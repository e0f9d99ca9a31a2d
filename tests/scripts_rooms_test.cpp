// scripts/'s rooms (CONTRIBUTING.md, "Layout"): at the top only the entry points a new
// user types (setup, run, test; the README's commands and CI's), every other script in
// a folder named for its job. A script that moves leaves its old path in the documents
// and in the scripts that call it; this test reads every file of the clone for
// `scripts/...` paths and fails on one that names nothing.

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "test_paths.h"

// Named as well: a unity build puts this file in one batch with the other rooms' tests.
namespace {
namespace scripts_rooms {

namespace fs = std::filesystem;

const std::set<std::string> kEntryPoints = {"setup.sh", "run.sh", "test.sh"};
const std::set<std::string> kRooms = {
    "analysis",   // how the engine plays, read from games and positions
    "bench",      // speed and timing benchmarks
    "check",      // the checks that pass or fail: format, tidy, sanitizers, soaks...
    "fuzz",       // the libFuzzer runs
    "lib",        // what the other scripts import, source or call
    "match",      // match recipes, baselines, the shipped openings
    "reference",  // the independent Python reference of the rules
    "web",        // the browser board's server and packages, the in-page engine's build
};
// Paths that name on purpose what is no longer there: (file, path). Spelled apart, as
// every example below: this file's own text is read too.
const std::string kTop = "scripts/";
const std::set<std::pair<std::string, std::string>> kKnownMissing = {
    // A rerun command at the commit it was measured on (6772cec); soak.py replaced it.
    {"protocol-spec/measurements.md", kTop + "soak.sh"},
    // A base commit from before the rooms keeps its fuzz.sh at the top.
    {"scripts/fuzz/fuzz-rates.py", kTop + "fuzz.sh"},
};

fs::path scriptsDir() {
    return cctest::sourceDir() / "scripts";
}

// What is wrong with an entry at the top of scripts/: empty when nothing.
std::string topEntryProblem(const std::string& name, bool isDirectory) {
    if (isDirectory) {
        if (kRooms.count(name) || name == "__pycache__") return "";
        return "scripts/" + name + "/ is a room this test does not know (add it to kRooms)";
    }
    if (kEntryPoints.count(name)) return "";
    return "scripts/" + name + " lies flat in scripts/: put it in the room of its job";
}

// The `scripts/...` paths a text names: "scripts/" not inside a longer word or after a
// shell's `$` (after a folder's `/` it counts: ${PROJECT_SOURCE_DIR}/scripts/...), up to
// the first character no path here uses; a sentence's full stop after it is not part of it.
bool inPath(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ||
           c == '/';
}
std::vector<std::string> scriptsPaths(const std::string& text) {
    std::vector<std::string> found;
    for (size_t at = text.find(kTop); at != std::string::npos; at = text.find(kTop, at + 1)) {
        const char before = at > 0 ? text[at - 1] : ' ';
        if ((inPath(before) && before != '/') || before == '$') continue;
        size_t end = at + kTop.size();
        while (end < text.size() && inPath(text[end])) ++end;
        while (text[end - 1] == '.') --end;
        found.push_back(text.substr(at, end - at));
    }
    return found;
}

// The clone's own files: not git's, nor what .gitignore keeps out of it (build folders,
// Python's caches, match results, baselines, the page's built engine).
bool outsideTheClone(const fs::path& relative) {
    const std::string name = relative.filename().string();
    return name == ".git" || name == "build" || name.rfind("build-", 0) == 0 ||
           name == "__pycache__" || name == "node_modules" || name == "match-results" ||
           name == "baselines" || relative == fs::path("web") / "engine";
}

TEST(ScriptsRooms, TheChecksSeeAStrayFileAndAPathToNothing) {
    EXPECT_EQ(topEntryProblem("run.sh", false), "");
    EXPECT_EQ(topEntryProblem("bench", true), "");
    EXPECT_NE(topEntryProblem("bench-perft.sh", false), "");
    EXPECT_NE(topEntryProblem("stray", true), "");
    EXPECT_NE(topEntryProblem("bench", false), "") << "a file named as a room is still flat";

    const std::string& top = kTop;
    const std::vector<std::string> found =
        scriptsPaths("run " + top + "check/soak.py. Then ${ROOT}/" + top + "web/gui.sh --help, `" +
                     top + "match/openings/` and \"" + top + "lib/engine_pipe.py\"; not $" + top +
                     "x.sh nor my" + top + "y.sh");
    const std::vector<std::string> wanted = {top + "check/soak.py", top + "web/gui.sh",
                                             top + "match/openings/", top + "lib/engine_pipe.py"};
    EXPECT_EQ(found, wanted);
    EXPECT_TRUE(fs::exists(cctest::sourceDir() / wanted[0]));
    EXPECT_FALSE(fs::exists(cctest::sourceDir() / (top + "soak.py")));
}

TEST(ScriptsRooms, OnlyTheEntryPointsLieAtTheTop) {
    int rooms = 0;
    for (const auto& entry : fs::directory_iterator(scriptsDir())) {
        const std::string name = entry.path().filename().string();
        EXPECT_EQ(topEntryProblem(name, entry.is_directory()), "");
        if (entry.is_directory()) ++rooms;
    }
    EXPECT_GE(rooms, 5) << "the rooms of scripts/ were not found";
    for (const std::string& name : kEntryPoints) {
        EXPECT_TRUE(fs::is_regular_file(scriptsDir() / name)) << "scripts/" << name << " is gone";
    }
}

TEST(ScriptsRooms, EveryScriptsPathInTheCloneExists) {
    const fs::path& root = cctest::sourceDir();
    std::set<std::pair<std::string, std::string>> missing;
    int paths = 0;
    auto it = fs::recursive_directory_iterator(root);
    for (; it != fs::recursive_directory_iterator(); ++it) {
        const fs::path relative = fs::relative(it->path(), root);
        if (outsideTheClone(relative)) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file()) continue;
        std::ifstream file(it->path(), std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(file),
                               std::istreambuf_iterator<char>()};
        for (const std::string& path : scriptsPaths(text)) {
            ++paths;
            if (!fs::exists(root / path)) missing.insert({relative.generic_string(), path});
        }
    }
    for (const auto& [file, path] : missing) {
        EXPECT_TRUE(kKnownMissing.count({file, path}))
            << file << " names " << path << ", which does not exist";
    }
    for (const auto& known : kKnownMissing) {
        EXPECT_TRUE(missing.count(known))
            << known.first << " no longer names " << known.second << ": drop it from kKnownMissing";
    }
    EXPECT_GT(paths, 300) << "the scripts/ paths of the clone were not found";
}

}  // namespace scripts_rooms
}  // namespace
