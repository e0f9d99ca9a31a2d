#include "match/settings/json_value.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace cc::match {

namespace {

// Nesting deeper than this is refused: an engines file is two levels deep.
constexpr int kMaxDepth = 64;

class JsonReader {
  public:
    explicit JsonReader(std::string_view text) : text_(text) {}

    Expected<JsonValue> document() {
        JsonValue value;
        if (!readValue(value, 0)) return Error{error_};
        skipSpace();
        if (at_ != text_.size()) return Error{where("text after the end of the JSON value")};
        return value;
    }

  private:
    std::string where(std::string_view what) const {
        const auto line = 1 + std::count(text_.begin(), text_.begin() + long(at_), '\n');
        return fmt::format("line {}: {}", line, what);
    }
    bool fail(std::string_view what) {
        if (error_.empty()) error_ = where(what);
        return false;
    }
    void skipSpace() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }
    bool take(char c) {
        skipSpace();
        if (at_ < text_.size() && text_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }
    bool readWord(std::string_view word) {
        if (text_.substr(at_, word.size()) != word) return false;
        at_ += word.size();
        return true;
    }

    bool readString(std::string& out) {
        if (!take('"')) return fail("expected a string");
        while (at_ < text_.size() && text_[at_] != '"') {
            char c = text_[at_++];
            if (c == '\\') {
                if (at_ >= text_.size()) break;
                const char escape = text_[at_++];
                switch (escape) {
                    case 'n':
                        c = '\n';
                        break;
                    case 't':
                        c = '\t';
                        break;
                    case 'r':
                        c = '\r';
                        break;
                    case 'b':
                        c = '\b';
                        break;
                    case 'f':
                        c = '\f';
                        break;
                    case 'u':
                        // Non-ASCII escapes are kept as '?': names and commands are ASCII.
                        if (at_ + 4 > text_.size()) return fail("bad \\u escape");
                        at_ += 4;
                        c = '?';
                        break;
                    default:
                        c = escape;
                }
            }
            out += c;
        }
        if (at_ >= text_.size()) return fail("a string is not closed");
        ++at_;
        return true;
    }

    bool readValue(JsonValue& value, int depth) {
        if (depth > kMaxDepth) return fail("nested too deeply");
        skipSpace();
        if (at_ >= text_.size()) return fail("expected a value, found the end");
        const char c = text_[at_];
        if (c == '"') {
            value.kind = JsonValue::Kind::String;
            return readString(value.text);
        }
        if (c == '[') {
            ++at_;
            value.kind = JsonValue::Kind::Array;
            if (take(']')) return true;
            do {
                value.items.emplace_back();
                if (!readValue(value.items.back(), depth + 1)) return false;
            } while (take(','));
            return take(']') || fail("expected ',' or ']'");
        }
        if (c == '{') {
            ++at_;
            value.kind = JsonValue::Kind::Object;
            if (take('}')) return true;
            do {
                std::string name;
                if (!readString(name)) return false;
                if (!take(':')) return fail("expected ':'");
                value.keys.push_back(std::move(name));
                value.items.emplace_back();
                if (!readValue(value.items.back(), depth + 1)) return false;
            } while (take(','));
            return take('}') || fail("expected ',' or '}'");
        }
        if (readWord("true") || readWord("false")) {
            value.kind = JsonValue::Kind::Bool;
            value.boolean = c == 't';
            value.text = value.boolean ? "true" : "false";
            return true;
        }
        if (readWord("null")) return true;
        const size_t start = at_;
        while (at_ < text_.size() &&
               (std::isdigit(static_cast<unsigned char>(text_[at_])) ||
                std::string_view("+-.eE").find(text_[at_]) != std::string_view::npos)) {
            ++at_;
        }
        if (at_ == start) return fail(fmt::format("unexpected '{}'", c));
        value.kind = JsonValue::Kind::Number;
        value.text = std::string(text_.substr(start, at_ - start));
        return true;
    }

    std::string_view text_;
    size_t at_ = 0;
    std::string error_;
};

}  // namespace

const JsonValue* JsonValue::member(std::string_view name) const {
    if (kind != Kind::Object) return nullptr;
    for (size_t index = 0; index < keys.size(); ++index) {
        if (keys[index] == name) return &items[index];
    }
    return nullptr;
}

Expected<JsonValue> parseJson(std::string_view text) {
    return JsonReader(text).document();
}

std::string jsonString(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += fmt::format("\\u{:04x}", int(c));
        } else {
            out += c;
        }
    }
    return out + "\"";
}

}  // namespace cc::match
