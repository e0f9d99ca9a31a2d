#pragma once
// The only writer of protocol lines: one line at a time, flushed, under a lock so a
// search thread's reports never interleave with replies.

#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

#include "search/search.h"

namespace cc {

// A score as an info line's words: `cp <n>` or `mate <n>`.
std::string scoreWords(const Score& score);

class Output {
  public:
    explicit Output(std::ostream& stream) : stream_(stream) {}

    void line(std::string_view text);
    // `error <text>`: one line, with anything unprintable from the input made visible.
    void error(std::string_view text);
    // `info string <text>`, made visible the same way (a search's message).
    void infoString(std::string_view text);

  private:
    std::ostream& stream_;
    std::mutex mutex_;
};

}  // namespace cc
