#pragma once
// What the compliance checks of both protocols share (protocol-spec/match.md,
// "Compliance"): one engine process, a line per check, reading with a time-out.

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "match/engines/child_process.h"
#include "util/expected.h"

namespace cc::match {

inline constexpr Milliseconds kComplianceReplyTimeout(5000);

// The lines one wait read, the one looked for last when it came.
struct Reading {
    bool found = false;
    std::vector<std::string> lines;
    ReadStatus status = ReadStatus::Line;
};

class ComplianceSession {
  public:
    ComplianceSession(ChildProcess process, std::ostream& out)
        : process_(std::move(process)), out_(out) {}

    // Runs one check and prints its line; skipped (failed) once the engine is gone.
    void check(const std::string& name, const std::function<Expected<void>()>& body);
    // The closing count; 0 when every check passed, else 2.
    int finish();

    void send(const std::string& line);
    Reading readUntil(const std::function<bool(const std::string&)>& wanted,
                      Milliseconds timeout = kComplianceReplyTimeout);
    // Why a wait found nothing: a closed output (and how the engine ended) or a time-out.
    Error missing(const Reading& reading, const std::string& what);
    // `isready`, then `readyok` with no bestmove before it.
    Expected<void> synchronise();
    // `go infinite` in the current position, then `quit`: the process must end within 2 s.
    Expected<void> quitDuringSearch();
    // What the check's line says after "ok" (set by the check's body).
    void note(std::string text) { note_ = std::move(text); }
    [[nodiscard]] const std::string& noted() const { return note_; }

  private:
    ChildProcess process_;
    std::ostream& out_;
    int checks_ = 0;
    int failures_ = 0;
    bool broken_ = false;
    std::string note_;
};

bool isBestmove(const std::string& line);

}  // namespace cc::match
