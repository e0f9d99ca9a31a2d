// `ccmatch --help`: the two tables, engine settings and options, as text.

#include <fmt/format.h>

#include "match/cli_internal.h"
#include "match/cli_parser.h"

namespace cc::match {

namespace {

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

std::string usageText() {
    std::string text =
        "ccmatch: a tournament manager for Chinese Checkers engines (protocol-spec/match.md)\n\n"
        "usage: ccmatch -engine cmd=CMD [name=NAME] [option.K=V ...] -engine ... [-each ...] "
        "[options]\n"
        "       ccmatch -compliance [proto=ccp] CMD\n"
        "       ccmatch -merge FILE... [-results FILE] [-pgnout FILE] [-report FILE.html]\n"
        "       ccmatch -replay FILE...\n\n"
        "engine settings (after -engine, or -each for all engines):\n";
    for (const cli::EngineKey& entry : cli::engineKeys()) {
        const std::string key = entry.key.back() == '.' || entry.arguments.empty()
                                    ? fmt::format("{}{}", entry.key, entry.arguments)
                                    : fmt::format("{}={}", entry.key, entry.arguments);
        text += helpLine(key, entry.help);
    }
    text += "\noptions:\n";
    for (const cli::MatchOption& entry : cli::matchOptions()) {
        if (entry.help.empty()) continue;
        text +=
            helpLine(entry.arguments.empty() ? std::string(entry.name)
                                             : fmt::format("{} {}", entry.name, entry.arguments),
                     entry.help);
    }
    return text + "\nexit status: 0 when the match ran, 1 on a usage error\n";
}

}  // namespace cc::match
