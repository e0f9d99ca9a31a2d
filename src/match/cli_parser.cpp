#include "match/cli_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <set>
#include <string_view>

#include "core/rules_text.h"
#include "match/ccp_client.h"
#include "match/engines_file.h"
#include "match/schedule.h"
#include "match/time_control.h"
#include "util/text.h"

namespace cc::match {

namespace {

using Words = std::vector<std::string>;

// An option's words up to the next option; `-` followed by a digit is a value (a
// negative number), not an option.
bool isOptionWord(const std::string& word) {
    return word.size() >= 2 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1]));
}

std::string optionName(const std::string& word) {
    return word.rfind("--", 0) == 0 ? word.substr(1) : word;
}

template <typename Number>
std::optional<Number> parseNumber(std::string_view text) {
    Number value{};
    if (text.empty()) return std::nullopt;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<std::string> positiveInt(const Words& words, const std::string& option, int low,
                                       int& out) {
    if (words.size() != 1) return fmt::format("{} takes one number", option);
    const std::optional<int> value = parseInt(words[0]);
    if (!value || *value < low) {
        return fmt::format("{}: bad value '{}': expected a whole number >= {}", option, words[0],
                           low);
    }
    out = *value;
    return std::nullopt;
}

using EngineKeyHandler = std::optional<std::string> (*)(EngineSpec&, std::string_view key,
                                                        std::string_view value);

std::string badValue(std::string_view key, std::string_view value, std::string_view expected) {
    return fmt::format("bad value '{}' for {}: expected {}", value, key, expected);
}

std::optional<std::string> setMilliseconds(int64_t& out, std::string_view key,
                                           std::string_view value) {
    const std::optional<int64_t> ms = parseNumber<int64_t>(value);
    if (!ms || *ms < 0) return badValue(key, value, "milliseconds >= 0");
    out = *ms;
    return std::nullopt;
}

// One engine setting (after -engine or -each): its key, what it takes, what it does.
// A key ending in '.' takes any name after it (option.K).
struct EngineKey {
    std::string_view key;
    std::string_view arguments;
    EngineKeyHandler handler;
    std::string_view help;
};

constexpr EngineKey kEngineKeys[] = {
    {"conf", "NAME",
     [](EngineSpec&, std::string_view, std::string_view) -> std::optional<std::string> {
         return "conf= names an engine of the -engines file: give it after -engine";
     },
     "the engine NAME of the -engines file, then the settings after it"},
    {"cmd", "CMD",
     [](EngineSpec& engine, std::string_view,
        std::string_view value) -> std::optional<std::string> {
         engine.command = value;
         return std::nullopt;
     },
     "the engine's command (run by /bin/sh, so it may carry arguments)"},
    {"name", "NAME",
     [](EngineSpec& engine, std::string_view,
        std::string_view value) -> std::optional<std::string> {
         engine.name = value;
         return std::nullopt;
     },
     "the name in tables and records (default: the program's name)"},
    {"dir", "DIR",
     [](EngineSpec& engine, std::string_view,
        std::string_view value) -> std::optional<std::string> {
         engine.directory = value;
         return std::nullopt;
     },
     "working directory"},
    {"proto", "cci|ccp",
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         if (value != "cci" && value != "ccp") return badValue(key, value, "cci or ccp");
         engine.protocol = value == "ccp" ? EngineProtocol::Ccp : EngineProtocol::Cci;
         return std::nullopt;
     },
     "the engine's protocol: cci (default) or ccp, CCERL's (rules preset=ccerl only)"},
    {"option.", "K=V",
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         engine.options.emplace_back(key.substr(7), value);
         return std::nullopt;
     },
     "sends `setoption name K value V` after the handshake"},
    {"tc", "BASE+INC",
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         if (value == "inf") {
             engine.timeControl.baseMs.reset();
         } else if (!parseClockText(value, engine.timeControl)) {
             return badValue(key, value, "BASE or BASE+INC in seconds, e.g. 10+0.1");
         }
         return std::nullopt;
     },
     "a clock per player: BASE seconds plus INC seconds a move"},
    {"st", "SECONDS",
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         const std::optional<int64_t> ms = parseSecondsAsMs(value);
         if (!ms || *ms == 0) return badValue(key, value, "seconds a move, e.g. 0.1");
         engine.timeControl.moveTimeMs = ms;
         return std::nullopt;
     },
     "a fixed time a move (movetime)"},
    {"depth", "N",
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         const std::optional<int> depth = parseInt(value);
         if (!depth || *depth < 1) return badValue(key, value, "a whole number >= 1");
         engine.timeControl.depth = depth;
         return std::nullopt;
     },
     "a search depth limit (with or without a clock)"},
    {"nodes", "N",
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         const std::optional<int64_t> nodes = parseNumber<int64_t>(value);
         if (!nodes || *nodes < 1) return badValue(key, value, "a whole number >= 1");
         engine.timeControl.nodes = nodes;
         return std::nullopt;
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
     [](EngineSpec& engine, std::string_view key,
        std::string_view value) -> std::optional<std::string> {
         if (!value.empty()) return badValue(key, value, "no value (the word ponder alone)");
         engine.ponder = true;
         return std::nullopt;
     },
     "think on the opponents' time (go ponder) when the engine has the\n"
     "Ponder option"},
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
std::optional<std::string> applyEngineKey(EngineSpec& engine, std::string_view key,
                                          std::string_view value) {
    const EngineKey* entry = findEngineKey(key);
    if (entry == nullptr) return fmt::format("unknown engine setting '{}'", key);
    return entry->handler(engine, key, value);
}

std::optional<std::string> applyEngineWords(EngineSpec& engine, const Words& words,
                                            const std::string& option) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        const EngineKey* flag = equals == std::string::npos ? findEngineKey(word) : nullptr;
        if (flag != nullptr && flag->arguments.empty()) {
            // A setting without a value (cutechess's `ponder`).
            if (auto error = flag->handler(engine, word, "")) return error;
            continue;
        }
        if (equals == std::string::npos || equals == 0) {
            return fmt::format("{}: expected key=value, got '{}'", option, word);
        }
        if (option == "-engine" && word.rfind("conf=", 0) == 0) continue;  // the base, taken first
        if (auto error = applyEngineKey(engine, std::string_view(word).substr(0, equals),
                                        std::string_view(word).substr(equals + 1))) {
            return fmt::format("{}: {}", option, *error);
        }
    }
    return std::nullopt;
}

std::optional<std::string> parseSprt(const Words& words, SprtConfig& sprt) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        const std::string key = word.substr(0, equals);
        const std::optional<double> value =
            equals == std::string::npos
                ? std::nullopt
                : parseNumber<double>(std::string_view(word).substr(equals + 1));
        if (!value) return fmt::format("-sprt: expected key=number, got '{}'", word);
        if (key == "elo0") {
            sprt.elo0 = *value;
        } else if (key == "elo1") {
            sprt.elo1 = *value;
        } else if (key == "alpha" || key == "beta") {
            if (!(*value > 0 && *value < 0.5))
                return fmt::format("-sprt: {} must be in (0, 0.5)", key);
            (key == "alpha" ? sprt.alpha : sprt.beta) = *value;
        } else {
            return fmt::format("-sprt: unknown key '{}' (elo0, elo1, alpha, beta)", key);
        }
    }
    if (!(sprt.elo1 > sprt.elo0)) return "-sprt: elo1 must be greater than elo0";
    return std::nullopt;
}

std::optional<std::string> parseOpenings(const Words& words, OpeningConfig& openings) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        const std::string key = word.substr(0, equals);
        const std::string value = equals == std::string::npos ? "" : word.substr(equals + 1);
        if (key == "file" && !value.empty()) {
            openings.file = value;
        } else if (key == "order" && (value == "random" || value == "sequential")) {
            openings.randomOrder = value == "random";
        } else if (key == "format" && value == "cci") {
            // The one format: lines of `position` arguments.
        } else if (key == "start" && parseInt(value) && *parseInt(value) >= 1) {
            openings.start = *parseInt(value);
        } else if (key == "plies" && parseInt(value) && *parseInt(value) <= 1000) {
            openings.randomPlies = *parseInt(value);
        } else {
            return fmt::format(
                "-openings: bad setting '{}' (file=F, order=sequential|random, start=N, "
                "plies=N)",
                word);
        }
    }
    return std::nullopt;
}

std::optional<std::string> parseShard(const Words& words, Shard& shard) {
    const std::vector<std::string_view> parts =
        words.size() == 1 ? split(words[0], '/') : std::vector<std::string_view>{};
    if (parts.size() == 2) {
        const std::optional<int> index = parseInt(parts[0]);
        const std::optional<int> count = parseInt(parts[1]);
        if (index && count && *index >= 1 && *index <= *count) {
            shard = {*index, *count};
            return std::nullopt;
        }
    }
    return "-shard: expected I/N with 1 <= I <= N, e.g. 2/8";
}

std::optional<std::string> parseLineup(const Words& words, size_t engineCount,
                                       std::vector<int>& lineup) {
    if (words.size() != 1) return "-lineup takes one list, e.g. 1,2,2";
    for (std::string_view part : split(words[0], ',')) {
        const std::optional<int> engine = parseInt(part);
        if (!engine || *engine < 1 || size_t(*engine) > engineCount) {
            return fmt::format("-lineup: '{}' is not an engine number 1..{}", part, engineCount);
        }
        lineup.push_back(*engine - 1);
    }
    return std::nullopt;
}

std::string defaultName(const EngineSpec& engine) {
    const std::vector<std::string_view> words = splitWords(engine.command);
    std::string_view program = words.empty() ? "engine" : words[0];
    const size_t slash = program.rfind('/');
    if (slash != std::string_view::npos) program.remove_prefix(slash + 1);
    return std::string(program);
}

// An engine's settings start from its conf=NAME entry of the -engines file, if any.
std::optional<std::string> baseEngine(const Words& words, const std::string& enginesFile,
                                      const std::vector<EngineSpec>& fileEngines,
                                      EngineSpec& engine) {
    for (const std::string& word : words) {
        if (word.rfind("conf=", 0) != 0) continue;
        const std::string name = word.substr(5);
        if (enginesFile.empty()) {
            return fmt::format("-engine conf={}: no -engines FILE to look it up in", name);
        }
        for (const EngineSpec& candidate : fileEngines) {
            if (candidate.name == name) {
                engine = candidate;
                return std::nullopt;
            }
        }
        return fmt::format("-engine conf={}: no engine named '{}' in {}", name, name, enginesFile);
    }
    return std::nullopt;
}

// What the options collect before the engines can be built.
struct ParseState {
    MatchConfig config;
    std::string enginesFile;
    std::vector<Words> engineWords;
    Words eachWords;
    Words lineupWords;
    bool pondering = false;  // -pondering: every engine ponders
};

// Fills in what the options leave to defaults and checks that they fit together.
std::optional<std::string> completeMatch(ParseState& state) {
    MatchConfig& config = state.config;
    const std::vector<Words>& engineWords = state.engineWords;
    const Words& eachWords = state.eachWords;
    const Words& lineupWords = state.lineupWords;
    if (engineWords.empty()) return "no engines: give -engine cmd=CMD ... at least once";
    std::vector<EngineSpec> fileEngines;
    if (!state.enginesFile.empty()) {
        Expected<std::vector<EngineSpec>> loaded = loadEnginesFile(state.enginesFile);
        if (!loaded) return loaded.error();
        fileEngines = std::move(*loaded);
    }
    std::set<std::string> names;
    for (const Words& words : engineWords) {
        EngineSpec engine;
        if (auto error = baseEngine(words, state.enginesFile, fileEngines, engine)) return error;
        if (auto error = applyEngineWords(engine, eachWords, "-each")) return error;
        if (auto error = applyEngineWords(engine, words, "-engine")) return error;
        if (engine.command.empty()) return "-engine: every engine needs cmd=COMMAND";
        if (state.pondering) engine.ponder = true;
        if (!engine.timeControl.any()) {
            return fmt::format("engine '{}' has no time control: give tc=, st=, depth= or nodes=",
                               engine.name.empty() ? engine.command : engine.name);
        }
        if (engine.name.empty()) {
            const std::string base = defaultName(engine);
            engine.name = base;
            for (int copy = 2; names.count(engine.name) > 0; ++copy) {
                engine.name = fmt::format("{}-{}", base, copy);
            }
        }
        if (!names.insert(engine.name).second) {
            return fmt::format("two engines are named '{}': give each its own name=", engine.name);
        }
        config.engines.push_back(engine);
    }
    const size_t players = size_t(config.rules.players);
    if (config.tournament == Tournament::None && lineupWords.empty() &&
        config.engines.size() > players) {
        config.tournament = Tournament::RoundRobin;
    }
    if (config.tournament != Tournament::None) {
        if (!lineupWords.empty()) {
            return "-lineup is for matches: a tournament seats its engines itself";
        }
        if (config.engines.size() < players) {
            return fmt::format("a tournament for {} players needs at least {} engines, got {}",
                               players, players, config.engines.size());
        }
        config.tables =
            tournamentTables(int(config.engines.size()), int(players), config.tournament);
    } else if (!lineupWords.empty()) {
        if (auto error = parseLineup(lineupWords, config.engines.size(), config.lineup))
            return error;
        if (config.lineup.size() != players) {
            return fmt::format("-lineup lists {} engines but the rules have {} players",
                               config.lineup.size(), players);
        }
    } else {
        // The last engine fills the seats left: one engine against N-1 copies of another.
        for (size_t player = 0; player < players; ++player) {
            config.lineup.push_back(int(std::min(player, config.engines.size() - 1)));
        }
    }
    if (config.tournament == Tournament::None) config.tables = {config.lineup};
    if (config.sprt && config.engines.size() != 2) {
        return "-sprt tests the first engine against the second: two engines only";
    }
    if (!config.anchor.name.empty() && names.count(config.anchor.name) == 0) {
        return fmt::format("-anchor: no engine named '{}'", config.anchor.name);
    }
    if (config.gamesPerRound == 0) config.gamesPerRound = int(players);
    if ((config.resign || config.draw) && players != 2) {
        return "-resign and -draw read one engine's score against the other's: two players only";
    }
    return ccpMatchRefusal(config);
}

using OptionHandler = std::optional<std::string> (*)(ParseState&, const std::string& option,
                                                     const Words& words);

enum class OptionKind { Once, Repeatable };

// One command-line option: its name, what it takes, what it does, its line in --help.
struct MatchOption {
    std::string_view name;
    std::string_view arguments;
    OptionHandler handler;
    std::string_view help;  // empty: not listed
    OptionKind kind;
};

std::optional<std::string> noValues(const std::string& option, const Words& words) {
    if (!words.empty()) return fmt::format("{} takes no values", option);
    return std::nullopt;
}

std::optional<std::string> oneValue(const std::string& option, const Words& words,
                                    std::string& out) {
    if (words.size() != 1) return fmt::format("{} takes one value", option);
    out = words[0];
    return std::nullopt;
}

std::string joined(const Words& words) {
    std::string text;
    for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
}

// key=N words for the adjudications: every key must be known, every value a number.
std::optional<std::string> parseKeyNumbers(
    const std::string& option, const Words& words,
    const std::vector<std::pair<std::string_view, int*>>& keys) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        if (equals == std::string::npos) {
            return fmt::format("{}: expected key=number, got '{}'", option, word);
        }
        const int value = parseInt(std::string_view(word).substr(equals + 1)).value_or(-1);
        const std::string key = word.substr(0, equals);
        const auto found = std::find_if(keys.begin(), keys.end(),
                                        [&](const auto& entry) { return entry.first == key; });
        if (found == keys.end()) return fmt::format("{}: unknown key in '{}'", option, word);
        if (value < 0) {
            return fmt::format("{}: bad value in '{}': expected a whole number >= 0", option, word);
        }
        *found->second = value;
    }
    return std::nullopt;
}

std::optional<std::string> askForHelp(ParseState& state, const std::string& /*option*/,
                                      const Words& /*words*/) {
    state.config.mode = Mode::Help;
    return std::nullopt;
}

const MatchOption kOptions[] = {
    {"-engine", "cmd=CMD [setting ...]",
     [](ParseState& state, const std::string&, const Words& words) -> std::optional<std::string> {
         state.engineWords.push_back(words);
         return std::nullopt;
     },
     "an engine and its settings (see above)", OptionKind::Repeatable},
    {"-each", "setting ...",
     [](ParseState& state, const std::string&, const Words& words) -> std::optional<std::string> {
         state.eachWords.insert(state.eachWords.end(), words.begin(), words.end());
         return std::nullopt;
     },
     "settings for every engine (an engine's own win)", OptionKind::Repeatable},
    {"-rules", "\"WORDS\"",
     [](ParseState& state, const std::string&, const Words& words) -> std::optional<std::string> {
         MatchConfig& config = state.config;
         config.ruleWords = joined(words);
         Expected<Rules> rules = applyRuleWords(config.rules, splitWords(config.ruleWords));
         if (!rules) return "-rules: " + rules.error();
         config.rules = *rules;
         return std::nullopt;
     },
     "setrules words, e.g. \"preset=super players=3\" (default: standard, 2)", OptionKind::Once},
    {"-lineup", "1,2,2",
     [](ParseState& state, const std::string&, const Words& words) -> std::optional<std::string> {
         state.lineupWords = words;
         return std::nullopt;
     },
     "the engine of each player before seat rotation (default: engines in\n"
     "order, the last one filling the remaining players)",
     OptionKind::Once},
    {"-tournament", "round-robin|gauntlet",
     [](ParseState& state, const std::string& option,
        const Words& words) -> std::optional<std::string> {
         std::string kind;
         if (auto error = oneValue(option, words, kind)) return error;
         if (kind == "round-robin") {
             state.config.tournament = Tournament::RoundRobin;
         } else if (kind == "gauntlet") {
             state.config.tournament = Tournament::Gauntlet;
         } else {
             return fmt::format("-tournament: '{}' is not round-robin or gauntlet", kind);
         }
         return std::nullopt;
     },
     "every table of `players` engines, or the first engine against the\n"
     "others (default: round-robin when engines outnumber players)",
     OptionKind::Once},
    {"-engines", "FILE",
     [](ParseState& state, const std::string& option, const Words& words) {
         return oneValue(option, words, state.enginesFile);
     },
     "engines for conf=NAME: a JSON list as cutechess-cli's engines.json", OptionKind::Once},
    {"-anchor", "NAME=ELO",
     [](ParseState& state, const std::string& option,
        const Words& words) -> std::optional<std::string> {
         const size_t equals = words.size() == 1 ? words[0].rfind('=') : std::string::npos;
         const std::optional<double> elo =
             equals == std::string::npos || equals == 0
                 ? std::nullopt
                 : parseNumber<double>(std::string_view(words[0]).substr(equals + 1));
         if (!elo) return fmt::format("{} takes NAME=ELO, e.g. stockfish=0", option);
         state.config.anchor = {words[0].substr(0, equals), *elo};
         return std::nullopt;
     },
     "the rating list's fixed point (default: the first engine at 0)", OptionKind::Once},
    {"-games", "N",
     [](ParseState& state, const std::string& option, const Words& words) {
         return positiveInt(words, option, 1, state.config.gamesPerRound);
     },
     "games per round (default: the number of players, one rotation)", OptionKind::Once},
    {"-rounds", "N",
     [](ParseState& state, const std::string& option, const Words& words) {
         return positiveInt(words, option, 1, state.config.rounds);
     },
     "rounds; each round plays one opening (default 1)", OptionKind::Once},
    {"-concurrency", "N",
     [](ParseState& state, const std::string& option, const Words& words) {
         return positiveInt(words, option, 1, state.config.concurrency);
     },
     "games played at once (default 1)", OptionKind::Once},
    {"-openings", "file=F [order=sequential|random] [start=N] [plies=N]",
     [](ParseState& state, const std::string&, const Words& words) {
         return parseOpenings(words, state.config.openings);
     },
     "openings: lines of `position` arguments; plies=N adds N random legal\n"
     "plies from the seed (without file=, from the start position)",
     OptionKind::Once},
    {"-srand", "N",
     [](ParseState& state, const std::string&, const Words& words) -> std::optional<std::string> {
         const std::optional<uint64_t> seed =
             words.size() == 1 ? parseNumber<uint64_t>(words[0]) : std::nullopt;
         if (!seed) return "-srand takes one whole number";
         state.config.seed = *seed;
         return std::nullopt;
     },
     "the seed for openings (default 1)", OptionKind::Once},
    {"-cap", "ROUNDS",
     [](ParseState& state, const std::string& option, const Words& words) {
         int cap = 0;
         auto error = positiveInt(words, option, 0, cap);
         state.config.capRounds = cap;
         return error;
     },
     "adjudicate by progress after ROUNDS rounds; 0: never (default: 300\n"
     "for rules without a move limit, else none)",
     OptionKind::Once},
    {"-maxmoves", "ROUNDS",
     [](ParseState& state, const std::string& option, const Words& words) {
         int rounds = 0;
         auto error = positiveInt(words, option, 1, rounds);
         state.config.maxMoves = rounds;
         return error;
     },
     "adjudicate a draw after ROUNDS rounds (default: none)", OptionKind::Once},
    {"-resign", "movecount=N score=CP",
     [](ParseState& state, const std::string& option, const Words& words) {
         ResignAdjudication& resign = state.config.resign.emplace();
         return parseKeyNumbers(option, words,
                                {{"movecount", &resign.moveCount}, {"score", &resign.scoreCp}});
     },
     "two players: a loss for the player whose engine reported CP or less\n"
     "below zero for N of its moves in a row (default 3, 1000)",
     OptionKind::Once},
    {"-draw", "movenumber=N movecount=N score=CP",
     [](ParseState& state, const std::string& option, const Words& words) {
         DrawAdjudication& draw = state.config.draw.emplace();
         return parseKeyNumbers(option, words,
                                {{"movenumber", &draw.moveNumber},
                                 {"movecount", &draw.moveCount},
                                 {"score", &draw.scoreCp}});
     },
     "two players: a draw when, from move N on, both engines reported\n"
     "within +-CP for N moves each (default 40, 8, 10)",
     OptionKind::Once},
    {"-report", "FILE.html",
     [](ParseState& state, const std::string& option, const Words& words) {
         return oneValue(option, words, state.config.reportFile);
     },
     "write a self-contained HTML report (also with -merge)", OptionKind::Once},
    {"-live", "FILE",
     [](ParseState& state, const std::string& option, const Words& words) {
         return oneValue(option, words, state.config.liveFile);
     },
     "write the games in progress to FILE as they are played, a JSON\n"
     "object a line (a reader may tail it)",
     OptionKind::Once},
    {"-pgnout", "FILE",
     [](ParseState& state, const std::string& option, const Words& words) {
         return oneValue(option, words, state.config.pgnOut);
     },
     "append a record of every game to FILE", OptionKind::Once},
    {"-results", "FILE",
     [](ParseState& state, const std::string& option, const Words& words) {
         return oneValue(option, words, state.config.resultsFile);
     },
     "write the results as JSON to FILE", OptionKind::Once},
    {"-sprt", "elo0=A elo1=B [alpha=0.05] [beta=0.05]",
     [](ParseState& state, const std::string&, const Words& words) {
         return parseSprt(words, state.config.sprt.emplace());
     },
     "stop when the SPRT decides", OptionKind::Once},
    {"-pondering", "",
     [](ParseState& state, const std::string& option, const Words& words) {
         state.pondering = true;
         return noValues(option, words);
     },
     "every engine thinks on the opponents' time (the setting ponder)", OptionKind::Once},
    {"-recover", "",
     [](ParseState& state, const std::string& option, const Words& words) {
         state.config.recover = true;
         return noValues(option, words);
     },
     "play on when an engine crashes or stops answering", OptionKind::Once},
    {"-shard", "I/N",
     [](ParseState& state, const std::string&, const Words& words) {
         return parseShard(words, state.config.shard);
     },
     "play only rounds r with r mod N = I-1 (for -merge)", OptionKind::Once},
    {"-compliance", "CMD",
     [](ParseState& state, const std::string&, const Words& words) -> std::optional<std::string> {
         state.config.mode = Mode::Compliance;
         state.config.complianceCommand = joined(words);
         if (words.empty()) return "-compliance takes the engine's command";
         return std::nullopt;
     },
     "check that an engine follows the protocol", OptionKind::Once},
    {"-merge", "FILE...",
     [](ParseState& state, const std::string& option,
        const Words& words) -> std::optional<std::string> {
         state.config.mode = Mode::Merge;
         state.config.inputFiles = words;
         if (words.empty()) return fmt::format("{} takes record files", option);
         return std::nullopt;
     },
     "totals of record files (the shards of one match)", OptionKind::Once},
    {"-replay", "FILE...",
     [](ParseState& state, const std::string& option,
        const Words& words) -> std::optional<std::string> {
         state.config.mode = Mode::Replay;
         state.config.inputFiles = words;
         if (words.empty()) return fmt::format("{} takes record files", option);
         return std::nullopt;
     },
     "the position text of every ply of every record", OptionKind::Once},
    {"-help", "", askForHelp, "this text", OptionKind::Once},
    {"-h", "", askForHelp, "", OptionKind::Once},  // no help line: a spelling of -help
};

const MatchOption* findOption(std::string_view name) {
    for (const MatchOption& entry : kOptions) {
        if (entry.name == name) return &entry;
    }
    return nullptr;
}

// "  NAME ARGS" padded to the help column, continuation lines indented.
std::string helpLine(std::string_view head, std::string_view help) {
    constexpr size_t kColumn = 21;
    std::string text = fmt::format("  {}", head);
    if (text.size() + 1 > kColumn) {
        text += "\n" + std::string(kColumn, ' ');
    } else {
        text += std::string(kColumn - text.size(), ' ');
    }
    for (const char c : help) {
        text += c;
        if (c == '\n') text += std::string(kColumn, ' ');
    }
    return text + "\n";
}

}  // namespace

Expected<MatchConfig> parseCommandLine(const std::vector<std::string>& arguments) {
    ParseState state;
    std::set<std::string> seen;
    for (size_t at = 0; at < arguments.size();) {
        if (!isOptionWord(arguments[at])) {
            return Error{fmt::format("expected an option, got '{}' (try --help)", arguments[at])};
        }
        const std::string& given = arguments[at];
        const std::string option = optionName(given);
        Words words;
        for (++at; at < arguments.size() && !isOptionWord(arguments[at]); ++at) {
            words.push_back(arguments[at]);
        }
        const MatchOption* entry = findOption(option);
        if (entry == nullptr) return Error{fmt::format("unknown option '{}' (try --help)", given)};
        if (entry->kind == OptionKind::Once && !seen.insert(std::string(entry->name)).second) {
            return Error{fmt::format("{} is given twice", option)};
        }
        if (auto error = entry->handler(state, option, words)) return Error{*error};
        if (state.config.mode == Mode::Help) return state.config;
    }
    if (state.config.mode == Mode::Match) {
        if (auto error = completeMatch(state)) return Error{*error};
    }
    return state.config;
}

}  // namespace cc::match

namespace cc::match {

std::string usageText() {
    std::string text =
        "ccmatch: a tournament manager for Chinese Checkers engines (protocol-spec/match.md)\n\n"
        "usage: ccmatch -engine cmd=CMD [name=NAME] [option.K=V ...] -engine ... [-each ...] "
        "[options]\n"
        "       ccmatch -compliance CMD\n"
        "       ccmatch -merge FILE... [-results FILE] [-pgnout FILE] [-report FILE.html]\n"
        "       ccmatch -replay FILE...\n\n"
        "engine settings (after -engine, or -each for all engines):\n";
    for (const EngineKey& entry : kEngineKeys) {
        const std::string key = entry.key.back() == '.' || entry.arguments.empty()
                                    ? fmt::format("{}{}", entry.key, entry.arguments)
                                    : fmt::format("{}={}", entry.key, entry.arguments);
        text += helpLine(key, entry.help);
    }
    text += "\noptions:\n";
    for (const MatchOption& entry : kOptions) {
        if (entry.help.empty()) continue;
        text +=
            helpLine(entry.arguments.empty() ? std::string(entry.name)
                                             : fmt::format("{} {}", entry.name, entry.arguments),
                     entry.help);
    }
    return text + "\nexit status: 0 when the match ran, 1 on a usage error\n";
}

}  // namespace cc::match
