// The settings of -engine and -each (protocol-spec/match.md, "Engine settings"): one
// table of keys, what each takes, what it sets, its help line.

#include <fmt/format.h>

#include <cstdint>
#include <limits>

#include "match/cli/cli_internal.h"
#include "match/settings/time_control.h"
#include "util/text.h"

namespace cc::match::cli {

namespace {

// A whole number >= 0 that fits an int64_t (milliseconds, nodes).
std::optional<int64_t> parseCount(std::string_view text) {
    const std::optional<uint64_t> value = parseUnsigned(text);
    if (!value || *value > uint64_t(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return int64_t(*value);
}

std::string badValue(std::string_view key, std::string_view value, std::string_view expected) {
    return fmt::format("bad value '{}' for {}: expected {}", value, key, expected);
}

Expected<void> setMilliseconds(int64_t& out, std::string_view key, std::string_view value) {
    const std::optional<int64_t> ms = parseCount(value);
    if (!ms || *ms < 0) return Error{badValue(key, value, "milliseconds >= 0")};
    out = *ms;
    return {};
}

// One engine setting (after -engine or -each): its key, what it takes, what it does.
constexpr EngineKey kEngineKeys[] = {
    {"conf", "NAME",
     [](EngineSpec&, std::string_view, std::string_view) -> Expected<void> {
         return Error{"conf= names an engine of the -engines file: give it after -engine"};
     },
     "the engine NAME of the -engines file, then the settings after it"},
    {"cmd", "CMD",
     [](EngineSpec& engine, std::string_view, std::string_view value) -> Expected<void> {
         engine.command = value;
         return {};
     },
     "the engine's command (run by /bin/sh, so it may carry arguments)"},
    {"name", "NAME",
     [](EngineSpec& engine, std::string_view, std::string_view value) -> Expected<void> {
         engine.name = value;
         return {};
     },
     "the name in tables and records (default: the program's name)"},
    {"dir", "DIR",
     [](EngineSpec& engine, std::string_view, std::string_view value) -> Expected<void> {
         engine.directory = value;
         return {};
     },
     "working directory"},
    {"proto", "cci|ccp",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         if (value != "cci" && value != "ccp") return Error{badValue(key, value, "cci or ccp")};
         engine.protocol = value == "ccp" ? EngineProtocol::Ccp : EngineProtocol::Cci;
         return {};
     },
     "the engine's protocol: cci (default) or ccp, CCERL's (rules preset=ccerl only)"},
    {"option.", "K=V",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         engine.options.emplace_back(key.substr(7), value);
         return {};
     },
     "sends `setoption name K value V` after the handshake"},
    {"tc", "BASE+INC",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         if (value == "inf") {
             engine.timeControl.baseMs.reset();
         } else if (!parseClockText(value, engine.timeControl)) {
             return Error{badValue(key, value, "BASE or BASE+INC in seconds, e.g. 10+0.1")};
         }
         return {};
     },
     "a clock per player: BASE seconds plus INC seconds a move"},
    {"st", "SECONDS",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         const std::optional<int64_t> ms = parseSecondsAsMs(value);
         if (!ms || *ms == 0) return Error{badValue(key, value, "seconds a move, e.g. 0.1")};
         engine.timeControl.moveTimeMs = ms;
         return {};
     },
     "a fixed time a move (movetime)"},
    {"depth", "N",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         const std::optional<int> depth = parseInt(value);
         if (!depth || *depth < 1) return Error{badValue(key, value, "a whole number >= 1")};
         engine.timeControl.depth = depth;
         return {};
     },
     "a search depth limit (with or without a clock)"},
    {"nodes", "N",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         const std::optional<int64_t> nodes = parseCount(value);
         if (!nodes || *nodes < 1) return Error{badValue(key, value, "a whole number >= 1")};
         engine.timeControl.nodes = nodes;
         return {};
     },
     "a search node limit (with or without a clock)"},
    {"timemargin", "MS",
     [](EngineSpec& engine, std::string_view key, std::string_view value) {
         return setMilliseconds(engine.timeMarginMs, key, value);
     },
     "how far a clock may run below zero before a time loss (50)"},
    {"readytimeout", "MS",
     [](EngineSpec& engine, std::string_view key, std::string_view value) {
         return setMilliseconds(engine.readyTimeoutMs, key, value);
     },
     "time-out for cciok and readyok (10000)"},
    {"movetimeout", "MS",
     [](EngineSpec& engine, std::string_view key, std::string_view value) {
         return setMilliseconds(engine.moveTimeoutMs, key, value);
     },
     "time-out for a bestmove when no clock limits it (60000)"},
    {"ponder", "",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         if (!value.empty()) return Error{badValue(key, value, "no value (the word ponder alone)")};
         engine.ponder = true;
         return {};
     },
     "think on the opponents' time (go ponder) when the engine has the\n"
     "Ponder option"},
    {"restart", "on|off",
     [](EngineSpec& engine, std::string_view key, std::string_view value) -> Expected<void> {
         if (value != "on" && value != "off") return Error{badValue(key, value, "on or off")};
         engine.restart = value == "on";
         return {};
     },
     "on: a new engine process every game (default); off: one process\n"
     "plays game after game, replaced only after a forfeit"},
};

const EngineKey* findEngineKey(std::string_view key) {
    for (const EngineKey& entry : kEngineKeys) {
        const bool prefix = entry.key.back() == '.';
        if (prefix ? key.size() > entry.key.size() && key.rfind(entry.key, 0) == 0
                   : key == entry.key) {
            return &entry;
        }
    }
    return nullptr;
}

// One `key=value` of -engine or -each.
Expected<void> applyEngineKey(EngineSpec& engine, std::string_view key, std::string_view value) {
    const EngineKey* entry = findEngineKey(key);
    if (entry == nullptr) return Error{fmt::format("unknown engine setting '{}'", key)};
    return entry->handler(engine, key, value);
}

}  // namespace

std::span<const EngineKey> engineKeys() {
    return kEngineKeys;
}

Expected<void> applyEngineWords(EngineSpec& engine, const Words& words, const std::string& option) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        const EngineKey* flag = equals == std::string::npos ? findEngineKey(word) : nullptr;
        if (flag != nullptr && flag->arguments.empty()) {
            // A setting without a value (cutechess's `ponder`).
            if (Expected<void> done = flag->handler(engine, word, ""); !done) return done;
            continue;
        }
        if (equals == std::string::npos || equals == 0) {
            return Error{fmt::format("{}: expected key=value, got '{}'", option, word)};
        }
        if (option == "-engine" && word.rfind("conf=", 0) == 0) continue;  // the base, taken first
        if (Expected<void> done = applyEngineKey(engine, std::string_view(word).substr(0, equals),
                                                 std::string_view(word).substr(equals + 1));
            !done) {
            return Error{fmt::format("{}: {}", option, done.error())};
        }
    }
    return {};
}

}  // namespace cc::match::cli
