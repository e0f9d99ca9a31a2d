#pragma once
// What the files of ccmatch's command line (cli_parser.h) share: the state the options
// fill, the two tables (engine settings, options) and the check that runs last. One file
// a job: cli_engine_keys.cpp (the settings of -engine and -each), cli_options.cpp (the
// options), cli_adjudication.cpp (-resign's and -draw's words), cli_engines.cpp (the engines from
// -engines, -each and -engine), cli_check.cpp (the match they make), cli_help.cpp (--help).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "match/settings/match_config.h"

namespace cc::match::cli {

using Words = std::vector<std::string>;

// What the options collect before the engines can be built.
struct ParseState {
    MatchConfig config;
    std::string enginesFile;
    std::vector<Words> engineWords;
    Words eachWords;
    Words lineupWords;
    bool pondering = false;  // -pondering: every engine ponders
};

using EngineKeyHandler = Expected<void> (*)(EngineSpec&, std::string_view key,
                                            std::string_view value);

// One engine setting (after -engine or -each): its key, what it takes, what it does.
// A key ending in '.' takes any name after it (option.K).
struct EngineKey {
    std::string_view key;
    std::string_view arguments;
    EngineKeyHandler handler;
    std::string_view help;
};

std::span<const EngineKey> engineKeys();
// The key=value words of one -engine (or of -each) applied in order; `option` names the
// option in messages.
Expected<void> applyEngineWords(EngineSpec& engine, const Words& words, const std::string& option);

using OptionHandler = Expected<void> (*)(ParseState&, const std::string& option,
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

std::span<const MatchOption> matchOptions();
const MatchOption* findOption(std::string_view name);

// -resign's and -draw's key=N words (cli_adjudication.cpp): every key known, every value
// a number in range, score= and winchance= not both; `option` names the option in messages.
Expected<void> parseResign(const std::string& option, const Words& words,
                           ResignAdjudication& resign);
Expected<void> parseDraw(const std::string& option, const Words& words, DrawAdjudication& draw);

// The engines of the -engine options: each from its conf= entry of the -engines file,
// then -each's settings, then its own; named, and checked to be playable.
Expected<void> buildEngines(ParseState& state);
// Fills in what the options leave to defaults and checks that they fit together.
Expected<void> completeMatch(ParseState& state);

}  // namespace cc::match::cli
