#pragma once
// The only writer of protocol lines: one line at a time, flushed, under a lock so a
// search thread's reports never interleave with replies.

#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace cc {

class Output {
  public:
    explicit Output(std::ostream& stream) : stream_(stream) {}

    void line(std::string_view text);
    // `error <text>`: one line, with anything unprintable from the input made visible.
    void error(std::string_view text);

  private:
    std::ostream& stream_;
    std::mutex mutex_;
};

}  // namespace cc
