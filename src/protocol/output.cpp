#include "protocol/output.h"

#include "util/text.h"

namespace cc {

void Output::line(std::string_view text) {
    const std::lock_guard lock(mutex_);
    stream_ << text << '\n';
    stream_.flush();
}

void Output::error(std::string_view text) {
    line("error " + sanitize(text, 300));
}

}  // namespace cc
