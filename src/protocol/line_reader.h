#pragma once
// Reading protocol lines from a stream buffer without taking all memory: a line past
// the limit is read to its end and dropped as a whole (protocol-spec/bad-input.md).

#include <cstddef>
#include <streambuf>
#include <string>

namespace cc {

constexpr size_t kMaxProtocolLineBytes = size_t{64} << 20;

enum class LineRead { Line, TooLong, End };

// The next line without its '\n' into `line`; End once the input is over and nothing
// is left of it.
LineRead readProtocolLine(std::streambuf& source, std::string& line,
                          size_t maxBytes = kMaxProtocolLineBytes);

}  // namespace cc
