#pragma once
// What a server lets each connection ask (protocol-spec/gui.md, "Serving the page"):
// ccengine-gui starts every engine with `--max-hash`, `--max-threads`, `--max-multipv`
// and `--max-think`, so that a page, however many engines it opens, cannot take more of
// the machine than the person serving it allows. A value above a limit is lowered to it
// with an `info string`; without flags nothing is limited.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "search/time/limits.h"

namespace cc {

struct ServeLimits {
    std::optional<int64_t> hashMegabytes;
    std::optional<int64_t> threads;
    std::optional<int64_t> multiPv;
    std::optional<int64_t> thinkMs;  // the longest any search runs, `go infinite` too
};

// A setoption value lowered to its limit, and the line that says so.
struct ClampedValue {
    std::string value;
    std::string note;
};

// The limit's value when `name` (any case) is a limited option and `value` a number
// above its limit; nothing otherwise (the value goes to the option as it is).
std::optional<ClampedValue> clampOptionValue(const ServeLimits& limits, std::string_view name,
                                             std::string_view value);

// Puts the think limit on a search; says so when it cuts what `go` asked for (no bound,
// or a longer movetime).
std::optional<std::string> clampSearch(const ServeLimits& limits, SearchLimits& search, int mover);

}  // namespace cc
