#pragma once
// Where the tests find the programs they run and the clone's files. The build writes
// them into test-paths.txt beside the test binary (tests/CMakeLists.txt) rather than
// into the compiled code: an absolute path compiled in would make every test object
// differ from one clone to another, and a fresh clone elsewhere would miss the
// compiler cache (cmake/Ccache.cmake).

#include <filesystem>
#include <string>

namespace cctest {

// The engine (build/ccengine), ccmatch and the scripted fake engines of tests/fake_engine/.
const std::string& ccengineBinary();
const std::string& ccmatchBinary();
const std::string& fakeEngineBinary();
const std::string& fakeCcpEngineBinary();
// The clone's root folder (protocol-spec/, scripts/, tests/ are below it).
const std::filesystem::path& sourceDir();

}  // namespace cctest
