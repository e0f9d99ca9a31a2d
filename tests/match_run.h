#pragma once
// Test helper: runs build/ccmatch with arguments through the shell, in a fresh
// temporary directory, and returns its exit status, stdout and the files it wrote.

#include <stdlib.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_paths.h"

namespace cctest {

struct MatchRun {
    int status = -1;
    std::string out;
};

class MatchDirectory {
  public:
    MatchDirectory() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "ccmatch-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
    }
    ~MatchDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    MatchDirectory(const MatchDirectory&) = delete;
    MatchDirectory& operator=(const MatchDirectory&) = delete;

    [[nodiscard]] std::string file(const std::string& name) const {
        return (path_ / name).string();
    }
    [[nodiscard]] std::string read(const std::string& name) const {
        std::ifstream in(file(name));
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

    // `arguments` is shell text after the program name.
    [[nodiscard]] MatchRun run(const std::string& arguments) const {
        MatchRun result;
        const std::string command =
            "cd '" + path_.string() + "' && '" + ccmatchBinary() + "' " + arguments + " 2>&1";
        FILE* pipe = ::popen(command.c_str(), "r");
        if (pipe == nullptr) return result;
        char chunk[4096];
        size_t got = 0;
        while ((got = std::fread(chunk, 1, sizeof chunk, pipe)) > 0) result.out.append(chunk, got);
        const int status = ::pclose(pipe);
        result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return result;
    }

  private:
    std::filesystem::path path_;
};

// The fake engine's command with its script.
inline std::string fakeEngine(const std::string& script = "") {
    return "'" + fakeEngineBinary() + "'" + (script.empty() ? "" : " " + script);
}

// The scripted CCP engine (tests/fake_engine/fake_ccp_engine.cpp).
inline std::string fakeCcpEngine(const std::string& script = "") {
    return "'" + fakeCcpEngineBinary() + "'" + (script.empty() ? "" : " " + script);
}

}  // namespace cctest
