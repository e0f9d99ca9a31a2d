#include "protocol/output.h"

namespace cc {

void Output::line(std::string_view text) {
    const std::lock_guard lock(mutex_);
    stream_ << text << '\n';
    stream_.flush();
}

void Output::error(std::string_view text) { line("error " + sanitize(text, 300)); }

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

}  // namespace cc
