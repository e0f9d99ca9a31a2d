#pragma once
// What fuzz_harness.cpp's checks read back: rules from their words, and the engine's
// rules and position texts as a client sends them back.

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/layout.h"
#include "core/position.h"
#include "core/position_text.h"
#include "core/rules.h"
#include "core/rules_text.h"
#include "fuzz_harness.h"
#include "util/expected.h"
#include "util/text.h"

namespace ccfuzz {

inline cc::Expected<cc::Rules> rulesFromText(std::string_view text) {
    return cc::applyRuleWords(cc::Rules{}, cc::splitWords(text));
}

// The engine's rules and position as a client sends them back (`setrules` with the
// `rules` line, `position` with the `getposition` line): they give the same rules and
// position again (protocol-spec/protocol.md, rules and getposition).
struct ReadBack {
    std::shared_ptr<const cc::Layout> layout;
    std::optional<cc::Position> position;
    Failure failure;
};

// Reads texts back for one session. A session's rules text changes far less often than
// its position, and reading the rules back (their words, then the layout built from
// them) cost more than the position: the last rules text that read back is kept with
// its layout, since the same text reads back the same way again.
class ReadBacks {
  public:
    ReadBack of(const std::string& rulesText, const std::string& positionText) {
        if (rulesText != lastRulesText_ || !lastLayout_) {
            lastLayout_.reset();
            const cc::Expected<cc::Rules> rules = rulesFromText(rulesText);
            if (!rules) return {.failure = "the rules line does not parse: " + rules.error()};
            if (cc::formatRules(*rules) != rulesText) {
                return {.failure = fmt::format("rules '{}' read back as '{}'", rulesText,
                                               cc::formatRules(*rules))};
            }
            lastRulesText_ = rulesText;
            lastLayout_ = cc::Layout::make(*rules);
        }
        ReadBack back{.layout = lastLayout_};
        const cc::Expected<cc::Position> position = cc::parsePosition(*back.layout, positionText);
        if (!position) {
            back.failure = fmt::format("position '{}' under '{}' does not parse: {}", positionText,
                                       rulesText, position.error());
        } else if (cc::formatPosition(*position) != positionText) {
            back.failure = fmt::format("position '{}' reads back as '{}'", positionText,
                                       cc::formatPosition(*position));
        } else {
            back.position = *position;
        }
        return back;
    }

  private:
    std::string lastRulesText_;
    std::shared_ptr<const cc::Layout> lastLayout_;
};

}  // namespace ccfuzz
