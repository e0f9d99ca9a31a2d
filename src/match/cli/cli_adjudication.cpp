// The words of -resign and -draw (protocol-spec/match.md, "Adjudication"): cutechess-cli's
// key=N spelling, with winchance=P (per mille) as the other measure than score=CP.

#include <fmt/format.h>

#include <algorithm>

#include "match/cli/cli_internal.h"
#include "util/text.h"

namespace cc::match::cli {

namespace {

struct NumberKey {
    std::string_view key;
    int* value;
    int high;  // the largest value allowed
};

// key=N words: every key must be known, every value a whole number from 0 to its high;
// `given` collects the keys seen.
Expected<void> parseKeyNumbers(const std::string& option, const Words& words,
                               const std::vector<NumberKey>& keys,
                               std::vector<std::string>& given) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        if (equals == std::string::npos) {
            return Error{fmt::format("{}: expected key=number, got '{}'", option, word)};
        }
        const std::string key = word.substr(0, equals);
        const auto found = std::find_if(keys.begin(), keys.end(),
                                        [&](const NumberKey& entry) { return entry.key == key; });
        if (found == keys.end()) return Error{fmt::format("{}: unknown key in '{}'", option, word)};
        const std::optional<int> value = parseInt(std::string_view(word).substr(equals + 1));
        if (!value || *value > found->high) {
            return Error{fmt::format("{}: bad value in '{}': expected a whole number from 0 to {}",
                                     option, word, found->high)};
        }
        *found->value = *value;
        given.push_back(key);
    }
    return {};
}

constexpr int kAnyNumber = 1 << 30;
constexpr int kPerMille = 1000;

// winchance=P replaces score=CP: both given is refused, as they measure the same thing.
Expected<void> scoreOrWinChance(const std::string& option, const std::vector<std::string>& given,
                                int winChance, std::optional<int>& setting) {
    const bool score = std::find(given.begin(), given.end(), "score") != given.end();
    const bool chance = std::find(given.begin(), given.end(), "winchance") != given.end();
    if (score && chance)
        return Error{fmt::format("{}: give score= or winchance=, not both", option)};
    if (chance) setting = winChance;
    return {};
}

}  // namespace

Expected<void> parseResign(const std::string& option, const Words& words,
                           ResignAdjudication& resign) {
    int winChance = 0;
    std::vector<std::string> given;
    Expected<void> done = parseKeyNumbers(option, words,
                                          {{"movecount", &resign.moveCount, kAnyNumber},
                                           {"score", &resign.scoreCp, kAnyNumber},
                                           {"winchance", &winChance, kPerMille}},
                                          given);
    if (!done) return done;
    return scoreOrWinChance(option, given, winChance, resign.winChance);
}

Expected<void> parseDraw(const std::string& option, const Words& words, DrawAdjudication& draw) {
    int winChance = 0;
    std::vector<std::string> given;
    Expected<void> done = parseKeyNumbers(option, words,
                                          {{"movenumber", &draw.moveNumber, kAnyNumber},
                                           {"movecount", &draw.moveCount, kAnyNumber},
                                           {"score", &draw.scoreCp, kAnyNumber},
                                           {"winchance", &winChance, kPerMille / 2}},
                                          given);
    if (!done) return done;
    return scoreOrWinChance(option, given, winChance, draw.winChance);
}

}  // namespace cc::match::cli
