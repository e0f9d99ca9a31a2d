// The options of ccmatch's command line (protocol-spec/match.md, "Match options"): one
// table, and the small parsers of their values.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "core/rules_text.h"
#include "match/cli/cli_internal.h"
#include "util/text.h"

namespace cc::match::cli {

namespace {

// A decimal number (util/text.h reads whole numbers only): Elo bounds and anchors.
std::optional<double> parseReal(std::string_view text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

Expected<void> positiveInt(const Words& words, const std::string& option, int low, int& out) {
    if (words.size() != 1) return Error{fmt::format("{} takes one number", option)};
    const std::optional<int> value = parseInt(words[0]);
    if (!value || *value < low) {
        return Error{fmt::format("{}: bad value '{}': expected a whole number >= {}", option,
                                 words[0], low)};
    }
    out = *value;
    return {};
}

Expected<void> parseSprt(const Words& words, SprtConfig& sprt) {
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        const std::string key = word.substr(0, equals);
        const std::optional<double> value =
            equals == std::string::npos ? std::nullopt
                                        : parseReal(std::string_view(word).substr(equals + 1));
        if (!value) return Error{fmt::format("-sprt: expected key=number, got '{}'", word)};
        if (key == "elo0") {
            sprt.elo0 = *value;
        } else if (key == "elo1") {
            sprt.elo1 = *value;
        } else if (key == "alpha" || key == "beta") {
            if (!(*value > 0 && *value < 0.5))
                return Error{fmt::format("-sprt: {} must be in (0, 0.5)", key)};
            (key == "alpha" ? sprt.alpha : sprt.beta) = *value;
        } else {
            return Error{fmt::format("-sprt: unknown key '{}' (elo0, elo1, alpha, beta)", key)};
        }
    }
    if (!(sprt.elo1 > sprt.elo0)) return Error{"-sprt: elo1 must be greater than elo0"};
    return {};
}

Expected<void> parseOpenings(const Words& words, OpeningConfig& openings) {
    std::optional<bool> jsonl;  // format= given
    for (const std::string& word : words) {
        const size_t equals = word.find('=');
        const std::string key = word.substr(0, equals);
        const std::string value = equals == std::string::npos ? "" : word.substr(equals + 1);
        if (key == "file" && !value.empty()) {
            openings.file = value;
        } else if (key == "order" && (value == "random" || value == "sequential")) {
            openings.randomOrder = value == "random";
        } else if (key == "format" && (value == "cci" || value == "jsonl")) {
            jsonl = value == "jsonl";
        } else if (key == "start" && parseInt(value) && *parseInt(value) >= 1) {
            openings.start = *parseInt(value);
        } else if (key == "plies" && parseInt(value) && *parseInt(value) <= 1000) {
            openings.randomPlies = *parseInt(value);
        } else {
            return Error{fmt::format(
                "-openings: bad setting '{}' (file=F, format=cci|jsonl, order=sequential|random, "
                "start=N, plies=N)",
                word)};
        }
    }
    // CCERL's suite by its name unless format= says otherwise.
    openings.ccerlSuite = jsonl.value_or(openings.file.ends_with(".jsonl"));
    if (openings.ccerlSuite && openings.file.empty())
        return Error{"-openings format=jsonl needs file=F"};
    return {};
}

Expected<void> parseShard(const Words& words, Shard& shard) {
    const std::vector<std::string_view> parts =
        words.size() == 1 ? split(words[0], '/') : std::vector<std::string_view>{};
    if (parts.size() == 2) {
        const std::optional<int> index = parseInt(parts[0]);
        const std::optional<int> count = parseInt(parts[1]);
        if (index && count && *index >= 1 && *index <= *count) {
            shard = {*index, *count, true};
            return {};
        }
    }
    return Error{"-shard: expected I/N with 1 <= I <= N, e.g. 2/8"};
}

Expected<void> noValues(const std::string& option, const Words& words) {
    if (!words.empty()) return Error{fmt::format("{} takes no values", option)};
    return {};
}

Expected<void> oneValue(const std::string& option, const Words& words, std::string& out) {
    if (words.size() != 1) return Error{fmt::format("{} takes one value", option)};
    out = words[0];
    return {};
}

std::string joined(const Words& words) {
    std::string text;
    for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
}

Expected<void> askForHelp(ParseState& state, const std::string& /*option*/,
                          const Words& /*words*/) {
    state.config.mode = Mode::Help;
    return {};
}

const MatchOption kOptions[] = {
    {"-engine", "cmd=CMD [setting ...]",
     [](ParseState& state, const std::string&, const Words& words) -> Expected<void> {
         state.engineWords.push_back(words);
         return {};
     },
     "an engine and its settings (see above)", OptionKind::Repeatable},
    {"-each", "setting ...",
     [](ParseState& state, const std::string&, const Words& words) -> Expected<void> {
         state.eachWords.insert(state.eachWords.end(), words.begin(), words.end());
         return {};
     },
     "settings for every engine (an engine's own win)", OptionKind::Repeatable},
    {"-rules", "\"WORDS\"",
     [](ParseState& state, const std::string&, const Words& words) -> Expected<void> {
         MatchConfig& config = state.config;
         config.ruleWords = joined(words);
         Expected<Rules> rules = applyRuleWords(config.rules, splitWords(config.ruleWords));
         if (!rules) return Error{"-rules: " + rules.error()};
         config.rules = *rules;
         return {};
     },
     "setrules words, e.g. \"preset=super players=3\" (default: standard, 2)", OptionKind::Once},
    {"-lineup", "1,2,2",
     [](ParseState& state, const std::string&, const Words& words) -> Expected<void> {
         state.lineupWords = words;
         return {};
     },
     "the engine of each player before seat rotation (default: engines in\n"
     "order, the last one filling the remaining players)",
     OptionKind::Once},
    {"-tournament", "round-robin|gauntlet",
     [](ParseState& state, const std::string& option, const Words& words) -> Expected<void> {
         std::string kind;
         if (Expected<void> done = oneValue(option, words, kind); !done) return done;
         if (kind == "round-robin") {
             state.config.tournament = Tournament::RoundRobin;
         } else if (kind == "gauntlet") {
             state.config.tournament = Tournament::Gauntlet;
         } else {
             return Error{fmt::format("-tournament: '{}' is not round-robin or gauntlet", kind)};
         }
         return {};
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
     [](ParseState& state, const std::string& option, const Words& words) -> Expected<void> {
         const size_t equals = words.size() == 1 ? words[0].rfind('=') : std::string::npos;
         const std::optional<double> elo =
             equals == std::string::npos || equals == 0
                 ? std::nullopt
                 : parseReal(std::string_view(words[0]).substr(equals + 1));
         if (!elo) return Error{fmt::format("{} takes NAME=ELO, e.g. stockfish=0", option)};
         state.config.anchor = {words[0].substr(0, equals), *elo};
         return {};
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
    {"-openings", "file=F [format=cci|jsonl] [order=sequential|random] [start=N] [plies=N]",
     [](ParseState& state, const std::string&, const Words& words) {
         return parseOpenings(words, state.config.openings);
     },
     "openings: lines of `position` arguments, or CCERL's JSONL suite\n"
     "(format=jsonl, the default for FILE.jsonl); plies=N adds N random\n"
     "legal plies from the seed (without file=, from the start position)",
     OptionKind::Once},
    {"-srand", "N",
     [](ParseState& state, const std::string&, const Words& words) -> Expected<void> {
         const std::optional<uint64_t> seed =
             words.size() == 1 ? parseUnsigned(words[0]) : std::nullopt;
         if (!seed) return Error{"-srand takes one whole number"};
         state.config.seed = *seed;
         return {};
     },
     "the seed for openings (default 1)", OptionKind::Once},
    {"-cap", "ROUNDS",
     [](ParseState& state, const std::string& option, const Words& words) {
         int cap = 0;
         Expected<void> done = positiveInt(words, option, 0, cap);
         if (done) state.config.capRounds = cap;
         return done;
     },
     "adjudicate by progress after ROUNDS rounds; 0: never (default: 300\n"
     "for rules without a move limit, else none)",
     OptionKind::Once},
    {"-maxmoves", "ROUNDS",
     [](ParseState& state, const std::string& option, const Words& words) {
         int rounds = 0;
         Expected<void> done = positiveInt(words, option, 1, rounds);
         if (done) state.config.maxMoves = rounds;
         return done;
     },
     "adjudicate a draw after ROUNDS rounds (default: none)", OptionKind::Once},
    {"-resign", "movecount=N score=CP|winchance=P",
     [](ParseState& state, const std::string& option, const Words& words) {
         ResignAdjudication resign;
         Expected<void> done = parseResign(option, words, resign);
         if (done) state.config.resign = resign;
         return done;
     },
     "two players: a loss for the player whose engine reported CP or less\n"
     "below zero (or a win chance of P per mille or less) for N of its\n"
     "moves in a row (default 3, 1000)",
     OptionKind::Once},
    {"-draw", "movenumber=N movecount=N score=CP|winchance=P",
     [](ParseState& state, const std::string& option, const Words& words) {
         DrawAdjudication draw;
         Expected<void> done = parseDraw(option, words, draw);
         if (done) state.config.draw = draw;
         return done;
     },
     "two players: a draw when, from move N on, both engines reported\n"
     "within +-CP (or win chances within P per mille of 500) for N moves\n"
     "each (default 40, 8, 10)",
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
    {"-jsonl", "FILE",
     [](ParseState& state, const std::string& option, const Words& words) {
         return oneValue(option, words, state.config.jsonlFile);
     },
     "write the games to FILE as CCERL's referee does, a JSON object a\n"
     "line (two players, -rules preset=ccerl)",
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
         SprtConfig sprt;
         Expected<void> done = parseSprt(words, sprt);
         if (done) state.config.sprt = sprt;
         return done;
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
    {"-compliance", "[proto=ccp] CMD",
     [](ParseState& state, const std::string&, const Words& words) -> Expected<void> {
         const bool ccp = !words.empty() && words[0] == "proto=ccp";
         const Words command(words.begin() + (ccp ? 1 : 0), words.end());
         if (command.empty()) return Error{"-compliance takes the engine's command"};
         state.config.mode = Mode::Compliance;
         state.config.complianceCommand = joined(command);
         state.config.complianceProtocol = ccp ? EngineProtocol::Ccp : EngineProtocol::Cci;
         return {};
     },
     "check that an engine follows the protocol (proto=ccp: CCP's checks)", OptionKind::Once},
    {"-merge", "FILE...",
     [](ParseState& state, const std::string& option, const Words& words) -> Expected<void> {
         state.config.mode = Mode::Merge;
         state.config.inputFiles = words;
         if (words.empty()) return Error{fmt::format("{} takes record files", option)};
         return {};
     },
     "totals of record files (the shards of one match)", OptionKind::Once},
    {"-replay", "FILE...",
     [](ParseState& state, const std::string& option, const Words& words) -> Expected<void> {
         state.config.mode = Mode::Replay;
         state.config.inputFiles = words;
         if (words.empty()) return Error{fmt::format("{} takes record files", option)};
         return {};
     },
     "the position text of every ply of every record", OptionKind::Once},
    {"-help", "", askForHelp, "this text", OptionKind::Once},
    {"-h", "", askForHelp, "", OptionKind::Once},  // no help line: a spelling of -help
};

}  // namespace

std::span<const MatchOption> matchOptions() {
    return kOptions;
}

const MatchOption* findOption(std::string_view name) {
    for (const MatchOption& entry : kOptions) {
        if (entry.name == name) return &entry;
    }
    return nullptr;
}

}  // namespace cc::match::cli
