#include "protocol/output.h"

#include <fmt/format.h>

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

void Output::infoString(std::string_view text) {
    line("info string " + sanitize(text, 300));
}

std::string scoreWords(const Score& score) {
    return fmt::format("{} {}", score.mate ? "mate" : "cp", score.value);
}

}  // namespace cc
