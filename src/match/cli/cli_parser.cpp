#include "match/cli/cli_parser.h"

#include <fmt/format.h>

#include <cctype>
#include <set>

#include "match/cli/cli_internal.h"

namespace cc::match {

namespace {

// An option's words up to the next option; `-` followed by a digit is a value (a
// negative number), not an option.
bool isOptionWord(const std::string& word) {
    return word.size() >= 2 && word[0] == '-' && !std::isdigit(static_cast<unsigned char>(word[1]));
}

std::string optionName(const std::string& word) {
    return word.rfind("--", 0) == 0 ? word.substr(1) : word;
}

}  // namespace

Expected<MatchConfig> parseCommandLine(const std::vector<std::string>& arguments) {
    cli::ParseState state;
    std::set<std::string> seen;
    for (size_t at = 0; at < arguments.size();) {
        if (!isOptionWord(arguments[at])) {
            return Error{fmt::format("expected an option, got '{}' (try --help)", arguments[at])};
        }
        const std::string& given = arguments[at];
        const std::string option = optionName(given);
        cli::Words words;
        for (++at; at < arguments.size() && !isOptionWord(arguments[at]); ++at) {
            words.push_back(arguments[at]);
        }
        const cli::MatchOption* entry = cli::findOption(option);
        if (entry == nullptr) return Error{fmt::format("unknown option '{}' (try --help)", given)};
        if (entry->kind == cli::OptionKind::Once && !seen.insert(std::string(entry->name)).second) {
            return Error{fmt::format("{} is given twice", option)};
        }
        if (Expected<void> done = entry->handler(state, option, words); !done)
            return Error{done.error()};
        if (state.config.mode == Mode::Help) return state.config;
    }
    if (state.config.mode == Mode::Match) {
        if (Expected<void> done = cli::completeMatch(state); !done) return Error{done.error()};
    }
    return state.config;
}

}  // namespace cc::match
