#pragma once
// The words of `go` turned into search limits (protocol-spec/protocol.md, go), with
// an error message instead of a guess for anything it does not understand.

#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "search/time/limits.h"
#include "util/expected.h"

namespace cc {

Expected<SearchLimits> parseGoWords(const Engine& engine,
                                    const std::vector<std::string_view>& words);

}  // namespace cc
