#include "match/compliance/compliance_session.h"

#include <fmt/format.h>

#include <thread>

namespace cc::match {

bool isBestmove(const std::string& line) {
    return line.rfind("bestmove", 0) == 0;
}

void ComplianceSession::check(const std::string& name,
                              const std::function<Expected<void>()>& body) {
    ++checks_;
    if (broken_) {
        ++failures_;
        out_ << "FAIL " << name << ": skipped, the engine is gone\n";
        return;
    }
    const Expected<void> result = body();
    if (!result) ++failures_;
    out_ << (result ? "ok   " : "FAIL ") << name << (result ? note_ : ": " + result.error()) << '\n'
         << std::flush;
    note_.clear();
}

int ComplianceSession::finish() {
    out_ << fmt::format("compliance: {} checks, {} failed\n", checks_, failures_);
    return failures_ == 0 ? 0 : 2;
}

void ComplianceSession::send(const std::string& line) {
    if (!process_.writeLine(line)) broken_ = true;
}

Reading ComplianceSession::readUntil(const std::function<bool(const std::string&)>& wanted,
                                     Milliseconds timeout) {
    Reading reading;
    reading.status = readLinesUntil(process_, wanted, SteadyClock::now() + timeout, reading.lines);
    if (reading.status == ReadStatus::Closed) broken_ = true;
    reading.found = reading.status == ReadStatus::Line;
    return reading;
}

Error ComplianceSession::missing(const Reading& reading, const std::string& what) {
    return Error{reading.status == ReadStatus::Closed
                     ? fmt::format("no {}: the engine's output closed ({})", what,
                                   process_.exitDescription(Milliseconds(500)))
                     : fmt::format("no {} within the time-out", what)};
}

Expected<void> ComplianceSession::synchronise() {
    send("isready");
    const Reading reading = readUntil([](const std::string& line) { return line == "readyok"; });
    if (!reading.found) return missing(reading, "readyok");
    for (const std::string& line : reading.lines) {
        if (isBestmove(line)) return Error{fmt::format("an extra '{}'", line)};
    }
    return {};
}

Expected<void> ComplianceSession::quitDuringSearch() {
    send("go infinite");
    std::this_thread::sleep_for(Milliseconds(200));
    const auto sent = SteadyClock::now();
    send("quit");
    const std::string ended = process_.exitDescription(Milliseconds(2000));
    if (ended == "still running") return Error{"still running 2 s after quit"};
    note_ =
        fmt::format(" ({} after {} ms)", ended,
                    std::chrono::duration_cast<Milliseconds>(SteadyClock::now() - sent).count());
    return {};
}

}  // namespace cc::match
