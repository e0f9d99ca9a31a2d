#include "util/text.h"

#include <charconv>

namespace cc {

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        const size_t at = text.find(separator, start);
        if (at == std::string_view::npos) {
            parts.push_back(text.substr(start));
            return parts;
        }
        parts.push_back(text.substr(start, at - start));
        start = at + 1;
    }
}

std::vector<std::string_view> splitWords(std::string_view text) {
    std::vector<std::string_view> words;
    size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
        const size_t start = at;
        while (at < text.size() && text[at] != ' ' && text[at] != '\t') ++at;
        if (at > start) words.push_back(text.substr(start, at - start));
    }
    return words;
}

namespace {

template <typename Number>
std::optional<Number> parseDigits(std::string_view text) {
    Number value = 0;
    if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

std::optional<int> parseInt(std::string_view text) {
    return parseDigits<int>(text);
}

std::optional<uint64_t> parseUnsigned(std::string_view text) {
    return parseDigits<uint64_t>(text);
}

std::string lowerCase(std::string_view text) {
    std::string lower(text);
    for (char& symbol : lower) {
        if (symbol >= 'A' && symbol <= 'Z') symbol = char(symbol - 'A' + 'a');
    }
    return lower;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += separator;
        out += parts[i];
    }
    return out;
}

std::string sanitize(std::string_view text, size_t limit) {
    std::string clean;
    for (const char symbol : text) {
        if (clean.size() >= limit) {
            clean += "...";
            break;
        }
        const auto byte = static_cast<unsigned char>(symbol);
        clean += byte >= 0x20 && byte < 0x7f ? symbol : '?';
    }
    return clean;
}

std::string excerpt(std::string_view word) {
    return sanitize(word, 40);
}

std::string badValue(std::string_view value, std::string_view key, std::string_view why) {
    return "bad value '" + excerpt(value) + "' for " + std::string(key) + ": " + std::string(why);
}

}  // namespace cc
