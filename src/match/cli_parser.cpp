#include "match/cli_parser.h"

#include <fmt/format.h>

#include <charconv>
#include <set>
#include <string_view>

#include "core/rules_text.h"
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

// One `key=value` of -engine or -each.
std::optional<std::string> applyEngineKey(EngineSpec& engine, std::string_view key,
                                          std::string_view value) {
    auto bad = [&](std::string_view expected) {
        return fmt::format("bad value '{}' for {}: expected {}", value, key, expected);
    };
    if (key == "cmd") {
        engine.command = value;
    } else if (key == "name") {
        engine.name = value;
    } else if (key == "dir") {
        engine.directory = value;
    } else if (key == "proto") {
        if (value != "cci") return bad("cci");
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        engine.options.emplace_back(key.substr(7), value);
    } else if (key == "tc") {
        if (value == "inf") {
            engine.timeControl.baseMs.reset();
        } else if (!parseClockText(value, engine.timeControl)) {
            return bad("BASE or BASE+INC in seconds, e.g. 10+0.1");
        }
    } else if (key == "st") {
        const std::optional<int64_t> ms = parseSecondsAsMs(value);
        if (!ms || *ms == 0) return bad("seconds a move, e.g. 0.1");
        engine.timeControl.moveTimeMs = ms;
    } else if (key == "depth") {
        const std::optional<int> depth = parseInt(value);
        if (!depth || *depth < 1) return bad("a whole number >= 1");
        engine.timeControl.depth = depth;
    } else if (key == "nodes") {
        const std::optional<int64_t> nodes = parseNumber<int64_t>(value);
        if (!nodes || *nodes < 1) return bad("a whole number >= 1");
        engine.timeControl.nodes = nodes;
    } else if (key == "timemargin" || key == "readytimeout" || key == "movetimeout") {
        const std::optional<int64_t> ms = parseNumber<int64_t>(value);
        if (!ms || *ms < 0) return bad("milliseconds >= 0");
        (key == "timemargin"     ? engine.timeMarginMs
         : key == "readytimeout" ? engine.readyTimeoutMs
                                 : engine.moveTimeoutMs) = *ms;
    } else {
        return fmt::format("unknown engine setting '{}'", key);
    }
    return std::nullopt;
}

std::optional<std::string> applyEngineWords(EngineSpec& engine, const Words& words,
                                            const std::string& option) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        if (equals == std::string::npos || equals == 0) {
            return fmt::format("{}: expected key=value, got '{}'", option, word);
        }
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

// Fills in what the options leave to defaults and checks that they fit together.
std::optional<std::string> completeMatch(MatchConfig& config, const std::vector<Words>& engineWords,
                                         const Words& eachWords, const Words& lineupWords) {
    if (engineWords.empty()) return "no engines: give -engine cmd=CMD ... at least once";
    std::set<std::string> names;
    for (const Words& words : engineWords) {
        EngineSpec engine;
        if (auto error = applyEngineWords(engine, eachWords, "-each")) return error;
        if (auto error = applyEngineWords(engine, words, "-engine")) return error;
        if (engine.command.empty()) return "-engine: every engine needs cmd=COMMAND";
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
    if (!lineupWords.empty()) {
        if (auto error = parseLineup(lineupWords, config.engines.size(), config.lineup))
            return error;
        if (config.lineup.size() != players) {
            return fmt::format("-lineup lists {} engines but the rules have {} players",
                               config.lineup.size(), players);
        }
    } else {
        if (config.engines.size() > players) {
            return fmt::format("{} engines but {} players: at most one engine per player",
                               config.engines.size(), players);
        }
        // The last engine fills the seats left: one engine against N-1 copies of another.
        for (size_t player = 0; player < players; ++player) {
            config.lineup.push_back(int(std::min(player, config.engines.size() - 1)));
        }
    }
    if (config.gamesPerRound == 0) config.gamesPerRound = int(players);
    return std::nullopt;
}

}  // namespace

Expected<MatchConfig> parseCommandLine(const std::vector<std::string>& arguments) {
    MatchConfig config;
    std::vector<Words> engineWords;
    Words eachWords;
    Words lineupWords;
    std::set<std::string> seen;
    for (size_t at = 0; at < arguments.size();) {
        if (!isOptionWord(arguments[at])) {
            return Error{fmt::format("expected an option, got '{}' (try --help)", arguments[at])};
        }
        const std::string option = optionName(arguments[at]);
        Words words;
        for (++at; at < arguments.size() && !isOptionWord(arguments[at]); ++at) {
            words.push_back(arguments[at]);
        }
        if (option != "-engine" && option != "-each" && !seen.insert(option).second) {
            return Error{fmt::format("{} is given twice", option)};
        }
        std::optional<std::string> error;
        auto noWords = [&] {
            if (!words.empty()) error = fmt::format("{} takes no values", option);
        };
        auto oneWord = [&](std::string& out) {
            if (words.size() != 1) {
                error = fmt::format("{} takes one value", option);
            } else {
                out = words[0];
            }
        };
        if (option == "-help" || option == "-h") {
            config.mode = Mode::Help;
            return config;
        }
        if (option == "-engine") {
            engineWords.push_back(words);
        } else if (option == "-each") {
            eachWords.insert(eachWords.end(), words.begin(), words.end());
        } else if (option == "-rules") {
            for (const std::string& word : words)
                config.ruleWords += (config.ruleWords.empty() ? "" : " ") + word;
            Expected<Rules> rules = applyRuleWords(config.rules, splitWords(config.ruleWords));
            if (!rules) {
                error = "-rules: " + rules.error();
            } else {
                config.rules = *rules;
            }
        } else if (option == "-games") {
            error = positiveInt(words, option, 1, config.gamesPerRound);
        } else if (option == "-rounds") {
            error = positiveInt(words, option, 1, config.rounds);
        } else if (option == "-concurrency") {
            error = positiveInt(words, option, 1, config.concurrency);
        } else if (option == "-srand") {
            const std::optional<uint64_t> seed =
                words.size() == 1 ? parseNumber<uint64_t>(words[0]) : std::nullopt;
            if (!seed) error = "-srand takes one whole number";
            config.seed = seed.value_or(0);
        } else if (option == "-cap") {
            int cap = 0;
            error = positiveInt(words, option, 0, cap);
            config.capRounds = cap;
        } else if (option == "-openings") {
            error = parseOpenings(words, config.openings);
        } else if (option == "-pgnout") {
            oneWord(config.pgnOut);
        } else if (option == "-results") {
            oneWord(config.resultsFile);
        } else if (option == "-sprt") {
            config.sprt.emplace();
            error = parseSprt(words, *config.sprt);
        } else if (option == "-recover") {
            noWords();
            config.recover = true;
        } else if (option == "-lineup") {
            lineupWords = words;
        } else if (option == "-shard") {
            error = parseShard(words, config.shard);
        } else if (option == "-compliance") {
            config.mode = Mode::Compliance;
            for (const std::string& word : words) {
                config.complianceCommand += (config.complianceCommand.empty() ? "" : " ") + word;
            }
            if (words.empty()) error = "-compliance takes the engine's command";
        } else if (option == "-merge" || option == "-replay") {
            config.mode = option == "-merge" ? Mode::Merge : Mode::Replay;
            config.inputFiles = words;
            if (words.empty()) error = fmt::format("{} takes record files", option);
        } else {
            error =
                fmt::format("unknown option '{}' (try --help)", arguments[at - words.size() - 1]);
        }
        if (error) return Error{*error};
    }
    if (config.mode == Mode::Match) {
        if (auto error = completeMatch(config, engineWords, eachWords, lineupWords)) {
            return Error{*error};
        }
    }
    return config;
}

}  // namespace cc::match

namespace cc::match {

std::string usageText() {
    return R"(ccmatch: a tournament manager for Chinese Checkers engines (protocol-spec/match.md)

usage: ccmatch -engine cmd=CMD [name=NAME] [option.K=V ...] -engine ... [-each ...] [options]
       ccmatch -compliance CMD
       ccmatch -merge FILE... [-results FILE] [-pgnout FILE]
       ccmatch -replay FILE...

engine settings (after -engine, or -each for all engines):
  cmd=CMD            the engine's command (run by /bin/sh, so it may carry arguments)
  name=NAME          the name in tables and records (default: the program's name)
  dir=DIR            working directory
  option.K=V         sends `setoption name K value V` after the handshake
  tc=BASE+INC        a clock per player: BASE seconds plus INC seconds a move
  st=SECONDS         a fixed time a move (movetime)
  depth=N, nodes=N   search limits (with or without a clock)
  timemargin=MS      how far a clock may run below zero before a time loss (50)
  readytimeout=MS    time-out for cciok and readyok (10000)
  movetimeout=MS     time-out for a bestmove when no clock limits it (60000)

match options:
  -rules "WORDS"     setrules words, e.g. "preset=super players=3" (default: standard, 2)
  -lineup 1,2,2      the engine of each player before seat rotation (default: engines in
                     order, the last one filling the remaining players)
  -games N           games per round (default: the number of players, one rotation)
  -rounds N          rounds; each round plays one opening (default 1)
  -concurrency N     games played at once (default 1)
  -openings file=F [order=sequential|random] [start=N] [plies=N]
                     openings: lines of `position` arguments; plies=N adds N random legal
                     plies from the seed (without file=, from the start position)
  -srand N           the seed for openings (default 1)
  -cap ROUNDS        adjudicate by progress after ROUNDS rounds; 0: never (default: 300
                     for rules without a move limit, else none)
  -pgnout FILE       append a record of every game to FILE
  -results FILE      write the results as JSON to FILE
  -sprt elo0=A elo1=B [alpha=0.05] [beta=0.05]   stop when the SPRT decides
  -recover           play on when an engine crashes or stops answering
  -shard I/N         play only rounds r with r mod N = I-1 (for -merge)
  -compliance CMD    check that an engine follows the protocol
  -merge FILE...     totals of record files (the shards of one match)
  -replay FILE...    the position text of every ply of every record
  -help              this text

exit status: 0 when the match ran, 1 on a usage error
)";
}

}  // namespace cc::match
