// `ccmatch --help`: the two tables, engine settings and options, as text.

#include <fmt/format.h>

#include <iterator>

#include "match/cli/cli_internal.h"
#include "match/cli/cli_parser.h"

namespace cc::match {

namespace {

// "  NAME ARGS" padded to the help column, continuation lines indented. Written into a
// memory buffer: GCC 12 warns wrongly (-Wrestrict) on string concatenation here in the
// sanitizer build.
std::string helpLine(std::string_view head, std::string_view help) {
    constexpr size_t kColumn = 21;
    const std::string indent(kColumn, ' ');
    fmt::memory_buffer out;
    if (head.size() + 3 > kColumn) {
        fmt::format_to(std::back_inserter(out), "  {}\n{}", head, indent);
    } else {
        fmt::format_to(std::back_inserter(out), "  {:<{}}", head, kColumn - 2);
    }
    for (const char c : help) {
        out.push_back(c);
        if (c == '\n') fmt::format_to(std::back_inserter(out), "{}", indent);
    }
    out.push_back('\n');
    return fmt::to_string(out);
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
