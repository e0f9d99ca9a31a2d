#include "match/openings/ccerl_suite.h"

#include <fmt/format.h>

#include "core/ccp_cells.h"
#include "match/settings/json_value.h"
#include "util/text.h"

namespace cc::match {

namespace {

Expected<int> wholeNumber(const JsonValue& row, std::string_view key) {
    const JsonValue* value = row.member(key);
    if (value == nullptr) return Error{fmt::format("no \"{}\"", key)};
    const std::optional<int> number =
        value->kind == JsonValue::Kind::Number ? parseInt(value->text) : std::nullopt;
    if (!number) return Error{fmt::format("\"{}\" is not a whole number >= 0", key)};
    return *number;
}

}  // namespace

Expected<Opening> parseSuiteRow(const std::shared_ptr<const Layout>& layout,
                                const std::string& line) {
    Expected<JsonValue> row = parseJson(line);
    if (!row) return Error{row.error()};
    if (row->kind != JsonValue::Kind::Object) return Error{"expected a JSON object"};
    const JsonValue* cells = row->member("cells");
    if (cells == nullptr || cells->kind != JsonValue::Kind::String) {
        return Error{"no \"cells\" string"};
    }
    const Expected<int> player = wholeNumber(*row, "player");
    if (!player) return Error{player.error()};
    if (*player > 1) return Error{"\"player\" is not 0 or 1"};
    const Expected<int> ply = wholeNumber(*row, "ply");
    if (!ply) return Error{ply.error()};
    const Expected<std::string> text = ccpPositionText(cells->text, *player, *ply);
    if (!text) return Error{text.error()};
    Opening opening;
    opening.base = withFinishedArmies(*layout, *text);
    Expected<Game> game = replayOpening(layout, opening);
    if (!game) return Error{game.error()};
    if (game->position().over()) return Error{"the game is over in this position"};
    if (const JsonValue* id = row->member("id")) {
        if (id->kind == JsonValue::Kind::String) {
            opening.suiteId = jsonString(id->text);
        } else if (id->kind == JsonValue::Kind::Number) {
            opening.suiteId = id->text;
        } else if (id->kind != JsonValue::Kind::Null) {
            return Error{"\"id\" is not a string, a number or null"};
        }
    }
    if (const JsonValue* ruleset = row->member("ruleset")) {
        if (ruleset->kind != JsonValue::Kind::String) return Error{"\"ruleset\" is not a string"};
        opening.ruleset = ruleset->text;
    }
    return opening;
}

Expected<std::vector<Opening>> loadCcerlSuite(const std::string& path,
                                              const std::shared_ptr<const Layout>& layout) {
    // No comments: JSON has none, and '#' may stand in a string.
    return loadOpeningFile(path, std::nullopt,
                           [&](const std::string& line) { return parseSuiteRow(layout, line); });
}

}  // namespace cc::match
