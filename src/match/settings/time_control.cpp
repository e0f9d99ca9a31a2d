#include "match/settings/time_control.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "util/text.h"

namespace cc::match {

std::optional<int64_t> parseSecondsAsMs(std::string_view text) {
    double seconds = 0;
    if (text.empty() || !(std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '.')) {
        return std::nullopt;
    }
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    if (!(seconds >= 0) || seconds > 1e9) return std::nullopt;
    return int64_t(std::llround(seconds * 1000));
}

bool parseClockText(std::string_view text, TimeControl& control) {
    const size_t plus = text.find('+');
    const std::optional<int64_t> base = parseSecondsAsMs(text.substr(0, plus));
    std::optional<int64_t> increment = int64_t(0);
    if (plus != std::string_view::npos) increment = parseSecondsAsMs(text.substr(plus + 1));
    if (!base || !increment || *base == 0) return false;
    control.baseMs = base;
    control.incrementMs = *increment;
    return true;
}

namespace {

std::string secondsText(int64_t ms) {
    if (ms % 1000 == 0) return fmt::format("{}", ms / 1000);
    std::string text = fmt::format("{:.3f}", double(ms) / 1000);
    while (text.back() == '0') text.pop_back();
    return text;
}

}  // namespace

std::string describe(const TimeControl& control) {
    std::vector<std::string> parts;
    if (control.baseMs) {
        std::string clock = secondsText(*control.baseMs);
        if (control.incrementMs > 0) clock += fmt::format("+{}", secondsText(control.incrementMs));
        parts.push_back(clock);
    }
    if (control.moveTimeMs) parts.push_back(fmt::format("st={}", secondsText(*control.moveTimeMs)));
    if (control.depth) parts.push_back(fmt::format("depth={}", *control.depth));
    if (control.nodes) parts.push_back(fmt::format("nodes={}", *control.nodes));
    return join(parts, " ");
}

GameClocks::GameClocks(const std::vector<TimeControl>& perPlayer) : controls_(perPlayer) {
    for (const TimeControl& control : controls_) remaining_.push_back(control.baseMs.value_or(0));
}

std::string GameClocks::goCommand(int mover) const {
    std::string command = "go";
    for (size_t player = 0; player < controls_.size(); ++player) {
        if (!controls_[player].baseMs) continue;
        // An engine in its margin still gets a positive clock: 0 would read as "no time".
        command += fmt::format(" p{}time {}", player + 1, std::max<int64_t>(remaining_[player], 1));
    }
    for (size_t player = 0; player < controls_.size(); ++player) {
        if (!controls_[player].baseMs || controls_[player].incrementMs == 0) continue;
        command += fmt::format(" p{}inc {}", player + 1, controls_[player].incrementMs);
    }
    const TimeControl& own = controls_[mover];
    if (own.moveTimeMs) command += fmt::format(" movetime {}", *own.moveTimeMs);
    if (own.depth) command += fmt::format(" depth {}", *own.depth);
    if (own.nodes) command += fmt::format(" nodes {}", *own.nodes);
    return command;
}

std::optional<int64_t> GameClocks::allowanceMs(int mover, int64_t marginMs) const {
    const TimeControl& own = controls_[mover];
    std::optional<int64_t> allowance;
    if (own.baseMs) allowance = remaining_[mover] + marginMs;
    if (own.moveTimeMs) {
        const int64_t perMove = *own.moveTimeMs + marginMs;
        allowance = allowance ? std::min(*allowance, perMove) : perMove;
    }
    return allowance;
}

void GameClocks::charge(int mover, int64_t elapsedMs) {
    if (!controls_[mover].baseMs) return;
    remaining_[mover] += controls_[mover].incrementMs - elapsedMs;
}

}  // namespace cc::match
