#include "protocol/serve_limits.h"

#include <fmt/format.h>

#include <array>

#include "util/text.h"

namespace cc {

std::optional<ClampedValue> clampOptionValue(const ServeLimits& limits, std::string_view name,
                                             std::string_view value) {
    const std::array<std::pair<std::string_view, std::optional<int64_t>>, 3> limited = {{
        {"Hash", limits.hashMegabytes},
        {"Threads", limits.threads},
        {"MultiPV", limits.multiPv},
    }};
    const std::string wanted = lowerCase(name);
    for (const auto& [option, limit] : limited) {
        if (!limit || lowerCase(option) != wanted) continue;
        const std::optional<uint64_t> number = parseUnsigned(value);
        if (!number || *number <= uint64_t(*limit)) return std::nullopt;
        return ClampedValue{
            std::to_string(*limit),
            fmt::format("{} {} is above this server's limit: set to {}", option, *number, *limit)};
    }
    return std::nullopt;
}

std::optional<std::string> clampSearch(const ServeLimits& limits, SearchLimits& search, int mover) {
    if (!limits.thinkMs) return std::nullopt;
    search.capMs = *limits.thinkMs;
    const bool longer =
        !search.bounded(mover) || (search.moveTime && *search.moveTime > *limits.thinkMs);
    if (!longer) return std::nullopt;
    return fmt::format("this server ends every search after {} ms", *limits.thinkMs);
}

}  // namespace cc
