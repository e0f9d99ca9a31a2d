#pragma once
// The layout of a line of rule words (protocol-spec/rules.md), for tests that need a
// board without a game: the evaluation's, the win chances', the tuner's.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/layout.h"
#include "core/rules_text.h"
#include "util/text.h"

namespace cc::testutil {

inline std::shared_ptr<const Layout> layoutFor(const std::string& words) {
    Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(words));
    EXPECT_TRUE(rules.ok()) << words;
    return Layout::make(*rules);
}

}  // namespace cc::testutil
