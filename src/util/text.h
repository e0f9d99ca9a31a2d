#pragma once
// Small non-throwing text helpers shared by the parsers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cc {

// Pieces between separators; empty pieces are kept ("a,,b" gives three).
std::vector<std::string_view> split(std::string_view text, char separator);
// Words separated by any run of spaces or tabs.
std::vector<std::string_view> splitWords(std::string_view text);
// A plain non-negative decimal number: digits only, no sign, no spaces, no overflow.
std::optional<int> parseInt(std::string_view text);
// The same for numbers up to 2^64 - 1.
std::optional<uint64_t> parseUnsigned(std::string_view text);
// ASCII lower case, for names compared without case (option names).
std::string lowerCase(std::string_view text);
std::string join(const std::vector<std::string>& parts, std::string_view separator);
// Printable ASCII only (other bytes as '?'), at most `limit` characters and then "...":
// safe to put input into a protocol line.
std::string sanitize(std::string_view text, size_t limit = 80);
// A word of the input as a message quotes it: sanitized and cut after 40 characters, so
// an over-long word never pushes the message's explanation out of its line
// (protocol-spec/protocol.md, Conventions).
std::string excerpt(std::string_view word);
// The message for a value a key does not take: "bad value '<value>' for <key>: <why>",
// the value quoted as excerpt() does (protocol-spec/bad-input.md).
std::string badValue(std::string_view value, std::string_view key, std::string_view why);

}  // namespace cc
