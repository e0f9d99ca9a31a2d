#include "test_paths.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>

namespace cctest {
namespace {

// test-paths.txt, `name=path` a line, read once. A missing file or name ends the run
// with one line saying so: every test that needs a path would fail anyway, less clearly.
const std::string& pathNamed(const std::string& name) {
    static const std::map<std::string, std::string> paths = [] {
        std::map<std::string, std::string> read;
        std::error_code error;
        const auto binary = std::filesystem::read_symlink("/proc/self/exe", error);
        std::ifstream in(binary.parent_path() / "test-paths.txt");
        std::string line;
        while (std::getline(in, line)) {
            const auto equals = line.find('=');
            if (equals != std::string::npos) read[line.substr(0, equals)] = line.substr(equals + 1);
        }
        return read;
    }();
    const auto found = paths.find(name);
    if (found == paths.end()) {
        std::fprintf(stderr, "test-paths.txt beside the test binary names no '%s'\n", name.c_str());
        std::exit(2);
    }
    return found->second;
}

}  // namespace

const std::string& ccengineBinary() {
    return pathNamed("ccengine");
}
const std::string& ccmatchBinary() {
    return pathNamed("ccmatch");
}
const std::string& fakeEngineBinary() {
    return pathNamed("fake_engine");
}
const std::string& fakeCcpEngineBinary() {
    return pathNamed("fake_ccp_engine");
}
const std::filesystem::path& sourceDir() {
    static const std::filesystem::path root = pathNamed("source");
    return root;
}

}  // namespace cctest
