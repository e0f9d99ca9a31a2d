#include "protocol/go_words.h"

#include <fmt/format.h>

#include <algorithm>

#include "util/text.h"

namespace cc {
namespace {

constexpr int kMaxDepth = 120;
constexpr uint64_t kMaxMilliseconds = uint64_t{1} << 40;

enum class Key {
    Time,
    Increment,
    MovesToGo,
    MoveTime,
    Depth,
    Nodes,
    Infinite,
    Ponder,
    SearchMoves
};

struct KeySpec {
    std::string_view word;
    Key key;
    int player;  // for clocks: 0-based player; -1 otherwise
};

constexpr KeySpec kKeys[] = {
    {"p1time", Key::Time, 0},
    {"p2time", Key::Time, 1},
    {"p3time", Key::Time, 2},
    {"p4time", Key::Time, 3},
    {"p5time", Key::Time, 4},
    {"p6time", Key::Time, 5},
    {"p1inc", Key::Increment, 0},
    {"p2inc", Key::Increment, 1},
    {"p3inc", Key::Increment, 2},
    {"p4inc", Key::Increment, 3},
    {"p5inc", Key::Increment, 4},
    {"p6inc", Key::Increment, 5},
    {"wtime", Key::Time, 0},
    {"btime", Key::Time, 1},
    {"winc", Key::Increment, 0},
    {"binc", Key::Increment, 1},
    {"movestogo", Key::MovesToGo, -1},
    {"movetime", Key::MoveTime, -1},
    {"depth", Key::Depth, -1},
    {"nodes", Key::Nodes, -1},
    {"infinite", Key::Infinite, -1},
    {"ponder", Key::Ponder, -1},
    {"searchmoves", Key::SearchMoves, -1},
};

const KeySpec* findKey(std::string_view word) {
    for (const KeySpec& spec : kKeys) {
        if (spec.word == word) return &spec;
    }
    return nullptr;
}

}  // namespace

Expected<SearchLimits> parseGoWords(const Engine& engine,
                                    const std::vector<std::string_view>& words) {
    SearchLimits limits;
    std::vector<std::string_view> given;
    const int players = engine.rules().players;
    for (size_t index = 0; index < words.size(); ++index) {
        const KeySpec* spec = findKey(words[index]);
        if (spec == nullptr)
            return Error{fmt::format("unknown parameter '{}'", excerpt(words[index]))};
        // wtime and p1time name the same clock: one may be given, not both.
        const std::string_view canonical =
            spec->player >= 0 ? kKeys[((spec->key == Key::Time ? 0 : 6) + spec->player)].word
                              : spec->word;
        if (std::find(given.begin(), given.end(), canonical) != given.end()) {
            return Error{fmt::format("'{}' given twice", spec->word)};
        }
        given.push_back(canonical);
        if (spec->key == Key::Infinite) {
            limits.infinite = true;
            continue;
        }
        if (spec->key == Key::Ponder) {
            limits.ponder = true;
            continue;
        }
        if (spec->key == Key::SearchMoves) {
            size_t next = index + 1;
            for (; next < words.size() && findKey(words[next]) == nullptr; ++next) {
                Expected<Move> move = engine.parseMoveText(words[next]);
                if (!move) return Error{fmt::format("searchmoves: {}", move.error())};
                limits.searchMoves.push_back(*move);
            }
            if (limits.searchMoves.empty()) return Error{"searchmoves names no move"};
            index = next - 1;
            continue;
        }
        if (index + 1 >= words.size()) return Error{fmt::format("'{}' needs a value", spec->word)};
        const std::string_view text = words[++index];
        const std::optional<uint64_t> value = parseUnsigned(text);
        if (!value) {
            return Error{badValue(text, spec->word, "expected a whole number >= 0")};
        }
        if (spec->player >= players) {
            return Error{fmt::format("{}: the rules have {} player{}", spec->word, players,
                                     players == 1 ? "" : "s")};
        }
        switch (spec->key) {
            case Key::Time:
            case Key::Increment:
            case Key::MoveTime:
                if (*value > kMaxMilliseconds) {
                    return Error{
                        badValue(text, spec->word, fmt::format("at most {} ms", kMaxMilliseconds))};
                }
                if (spec->key == Key::Time) limits.time[size_t(spec->player)] = int64_t(*value);
                if (spec->key == Key::Increment)
                    limits.increment[size_t(spec->player)] = int64_t(*value);
                if (spec->key == Key::MoveTime) limits.moveTime = int64_t(*value);
                break;
            case Key::MovesToGo:
                if (*value < 1 || *value > 10000) {
                    return Error{badValue(text, "movestogo", "expected 1..10000")};
                }
                limits.movesToGo = int(*value);
                break;
            case Key::Depth:
                if (*value < 1 || *value > kMaxDepth) {
                    return Error{badValue(text, "depth", fmt::format("expected 1..{}", kMaxDepth))};
                }
                limits.depth = int(*value);
                break;
            case Key::Nodes:
                if (*value < 1) {
                    return Error{badValue(text, "nodes", "expected at least 1")};
                }
                limits.nodes = *value;
                break;
            default:
                break;
        }
    }
    return limits;
}

}  // namespace cc
