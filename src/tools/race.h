#pragma once
// `ccengine race build` (README, "The race table"): generates the race table
// (search/race/) and writes its file, reporting each layer of the search.

#include <ostream>
#include <string>
#include <vector>

namespace cc {

// The default file of `race build` and the place the README tells RacePath to name.
constexpr const char* kDefaultRaceFile = "ccengine-race.bin";
constexpr int kDefaultRaceRows = 4;

// The command line `ccengine race build [--rows N] [--threads N] [--out FILE]`; returns
// the exit status.
int runRace(const std::vector<std::string>& args, std::ostream& out, std::ostream& errors);

}  // namespace cc
