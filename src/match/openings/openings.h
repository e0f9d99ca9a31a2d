#pragma once
// Openings (protocol-spec/match.md, "Openings"): lines of `position` arguments from a
// file, or the start position, each optionally followed by random legal plies drawn
// from the match seed. Round r always gets the same opening, so shards agree.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/layout.h"
#include "match/settings/match_config.h"
#include "util/expected.h"

namespace cc::match {

struct Opening {
    std::string base;                // "startpos" or a position text
    std::vector<std::string> moves;  // played from the base
    // A row of CCERL's suite (ccerl_suite.h): its `id` as JSON, and its `ruleset`.
    std::string suiteId = "null";
    std::string ruleset;

    // The arguments of `position`: "startpos moves m4-l5 ...".
    [[nodiscard]] std::string positionArguments() const;
};

// `position` arguments ("startpos [moves ...]" or "<text> [moves ...]") checked under
// the rules.
Expected<Opening> parseOpening(const std::shared_ptr<const Layout>& layout,
                               const std::string& line);

// The openings of a file, one a line read by `parseLine`: what follows `comment` is
// dropped, blank lines skipped; an error names the file and the line.
Expected<std::vector<Opening>> loadOpeningFile(
    const std::string& path, std::optional<char> comment,
    const std::function<Expected<Opening>(const std::string& line)>& parseLine);

// The game after the opening's moves, or which move fails.
Expected<Game> replayOpening(const std::shared_ptr<const Layout>& layout, const Opening& opening);

class OpeningBook {
  public:
    static Expected<OpeningBook> load(const OpeningConfig& config,
                                      const std::shared_ptr<const Layout>& layout, uint64_t seed);

    // The opening of a 0-based round.
    [[nodiscard]] Opening forRound(int round) const;

  private:
    std::shared_ptr<const Layout> layout_;
    std::vector<Opening> openings_;  // in the order they are used
    int start_ = 0;
    int randomPlies_ = 0;
    uint64_t seed_ = 0;
};

// A 64-bit mix (splitmix64): ccmatch's one source of randomness, so a seed gives the
// same openings everywhere.
uint64_t mixBits(uint64_t value);

}  // namespace cc::match
