#pragma once
// A small JSON reader for the engines file (protocol-spec/match.md, "Engines file"):
// objects, arrays, strings, numbers, true, false, null. Never throws; a mistake comes
// back with the line it is on. And the one writer piece every JSON output shares: a
// string literal.

#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace cc::match {

struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::string text;               // a string's value, or a number or bool as written
    std::vector<JsonValue> items;   // an array's values, or an object's in file order
    std::vector<std::string> keys;  // an object's names, one per item

    [[nodiscard]] const JsonValue* member(std::string_view name) const;
};

Expected<JsonValue> parseJson(std::string_view text);

// A JSON string literal of the text, quoted and escaped.
std::string jsonString(std::string_view text);

}  // namespace cc::match
