#include "match/engines/info_line.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

#include "core/move_text.h"
#include "util/text.h"

namespace cc::match {

namespace {

bool isInteger(std::string_view word, bool allowSign) {
    if (allowSign && !word.empty() && word[0] == '-') word.remove_prefix(1);
    long long value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    return !word.empty() && error == std::errc() && end == word.data() + word.size() &&
           word[0] != '-';
}

constexpr std::array<std::string_view, 7> kNumberKeys = {"depth", "seldepth", "multipv", "nodes",
                                                         "nps",   "time",     "hashfull"};

}  // namespace

Expected<void> checkInfoLine(const Game& searched, std::string_view line) {
    const std::vector<std::string_view> words = splitWords(line);
    if (words.empty() || words[0] != "info") return Error{"not an info line"};
    if (words.size() >= 2 && words[1] == "string") return {};
    for (size_t at = 1; at < words.size();) {
        const std::string_view key = words[at];
        if (std::find(kNumberKeys.begin(), kNumberKeys.end(), key) != kNumberKeys.end()) {
            if (at + 1 >= words.size() || !isInteger(words[at + 1], false)) {
                return Error{fmt::format("'{}' needs a whole number", key)};
            }
            at += 2;
        } else if (key == "score") {
            if (at + 2 >= words.size() || (words[at + 1] != "cp" && words[at + 1] != "mate") ||
                !isInteger(words[at + 2], true)) {
                return Error{"expected 'score cp N' or 'score mate N'"};
            }
            at += 3;
            if (at < words.size() && (words[at] == "lowerbound" || words[at] == "upperbound")) ++at;
        } else if (key == "wdl" || key == "first") {
            // Win chances (option ShowWDL): per mille, summing to 1000; three at two
            // players, one a player at three to six.
            const int players = searched.layout().players();
            if ((key == "wdl") != (players == 2)) {
                return Error{fmt::format("'{}' in a game of {} players", key, players)};
            }
            const size_t count = key == "wdl" ? 3 : size_t(players);
            int sum = 0;
            for (size_t index = 1; index <= count; ++index) {
                if (at + index >= words.size() || !isInteger(words[at + index], false)) {
                    return Error{fmt::format("'{}' needs {} whole numbers", key, count)};
                }
                sum += parseInt(words[at + index]).value_or(0);
            }
            if (sum != 1000)
                return Error{fmt::format("'{}' chances sum to {}, not 1000", key, sum)};
            at += count + 1;
        } else if (key == "pv") {
            if (at + 1 >= words.size()) return Error{"an empty pv"};
            Game game = searched;
            for (++at; at < words.size(); ++at) {
                Expected<Move> move = parseMove(game.position(), words[at]);
                if (!move) return Error{fmt::format("pv move '{}': {}", words[at], move.error())};
                game.play(*move);
            }
        } else {
            return Error{fmt::format("unknown info key '{}'", key)};
        }
    }
    return {};
}

}  // namespace cc::match
