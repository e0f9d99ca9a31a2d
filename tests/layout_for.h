#pragma once
// The layout of a line of rule words (protocol-spec/rules.md), for tests that need a
// board without a game: the evaluation's, the win chances', the tuner's; and a position
// text on it that must parse.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/layout.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "util/text.h"

namespace cc::testutil {

inline std::shared_ptr<const Layout> layoutFor(const std::string& words) {
    Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(words));
    EXPECT_TRUE(rules.ok()) << words;
    return Layout::make(*rules);
}

inline Position parsedPosition(const Layout& layout, const std::string& text) {
    Expected<Position> position = parsePosition(layout, text);
    EXPECT_TRUE(position.ok()) << position.error();
    return *position;
}

}  // namespace cc::testutil
