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

}  // namespace cc
