#pragma once
// An engine as a child process: its stdin and stdout on pipes (fork/exec, POSIX), its
// stderr discarded. Every read has a deadline, so a hung engine cannot stall a match.

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace cc::match {

using SteadyClock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

enum class ReadStatus { Line, Timeout, Closed };

class ChildProcess {
  public:
    // Runs `command` through `/bin/sh -c 'exec <command>'` (so a command may carry
    // arguments) in `directory` (empty: the current one).
    static Expected<ChildProcess> spawn(const std::string& command, const std::string& directory);

    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ~ChildProcess();

    // Writes the line and '\n'. False when the engine no longer reads (closed, crashed).
    bool writeLine(std::string_view line) const;
    // The next line without its '\n' (and a trailing '\r'), waiting until `deadline`.
    ReadStatus readLine(std::string& line, SteadyClock::time_point deadline);

    // Closes stdin, waits up to `grace` for the exit, then kills. Idempotent.
    void stop(Milliseconds grace);
    // How the process ended, for records ("exited with status 3", "killed by signal
    // 11"), waiting up to `wait` for it to end; "still running" when it has not.
    std::string exitDescription(Milliseconds wait);
    // Still running with its input open: neither stopped nor seen to exit.
    [[nodiscard]] bool running() const { return input_ >= 0 && !reaped_; }
    [[nodiscard]] pid_t pid() const { return pid_; }

  private:
    ChildProcess(pid_t pid, int input, int output) : pid_(pid), input_(input), output_(output) {}
    bool reap(bool block);
    void release();

    pid_t pid_ = -1;
    int input_ = -1;
    int output_ = -1;
    bool reaped_ = false;
    int waitStatus_ = 0;
    std::string buffer_;
};

// Reads lines until one that `wanted` accepts (Line), the deadline (Timeout) or the end
// of the output (Closed); every line read, the accepted one last, is added to `lines`.
ReadStatus readLinesUntil(ChildProcess& process,
                          const std::function<bool(const std::string&)>& wanted,
                          SteadyClock::time_point deadline, std::vector<std::string>& lines);

}  // namespace cc::match
