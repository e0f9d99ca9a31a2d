#include "match/engines/child_process.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <thread>
#include <utility>
#include <vector>

namespace cc::match {

namespace {

void closeFd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// Lines longer than this are cut: an engine that never ends a line cannot take all
// memory.
constexpr size_t kMaxLineBytes = 1 << 20;

}  // namespace

Expected<ChildProcess> ChildProcess::spawn(const std::string& command,
                                           const std::string& directory) {
    int toChild[2];
    int fromChild[2];
    if (::pipe2(toChild, O_CLOEXEC) != 0) return Error{"cannot create a pipe"};
    if (::pipe2(fromChild, O_CLOEXEC) != 0) {
        ::close(toChild[0]);
        ::close(toChild[1]);
        return Error{"cannot create a pipe"};
    }
    // Everything the child needs is built before fork: after it, in a threaded
    // program, only async-signal-safe calls are allowed.
    const std::string shellCommand = "exec " + command;
    std::vector<char*> argv = {const_cast<char*>("/bin/sh"), const_cast<char*>("-c"),
                               const_cast<char*>(shellCommand.c_str()), nullptr};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(toChild[0], 0);
        ::dup2(fromChild[1], 1);
        const int devNull = ::open("/dev/null", O_WRONLY);
        if (devNull >= 0) ::dup2(devNull, 2);
        if (!directory.empty() && ::chdir(directory.c_str()) != 0) ::_exit(127);
        ::execv("/bin/sh", argv.data());
        ::_exit(127);
    }
    ::close(toChild[0]);
    ::close(fromChild[1]);
    if (pid < 0) {
        ::close(toChild[1]);
        ::close(fromChild[0]);
        return Error{"cannot fork"};
    }
    return ChildProcess(pid, toChild[1], fromChild[0]);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept {
    *this = std::move(other);
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
    if (this != &other) {
        release();
        pid_ = std::exchange(other.pid_, -1);
        input_ = std::exchange(other.input_, -1);
        output_ = std::exchange(other.output_, -1);
        reaped_ = std::exchange(other.reaped_, false);
        waitStatus_ = other.waitStatus_;
        buffer_ = std::move(other.buffer_);
    }
    return *this;
}

ChildProcess::~ChildProcess() {
    release();
}

void ChildProcess::release() {
    if (pid_ > 0) stop(Milliseconds(0));
    closeFd(input_);
    closeFd(output_);
}

bool ChildProcess::writeLine(std::string_view line) const {
    if (input_ < 0) return false;
    std::string text(line);
    text += '\n';
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t wrote = ::write(input_, text.data() + done, text.size() - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;  // EPIPE: SIGPIPE is ignored by ccmatch's main
        done += size_t(wrote);
    }
    return true;
}

ReadStatus ChildProcess::readLine(std::string& line, SteadyClock::time_point deadline) {
    while (true) {
        const size_t end = buffer_.find('\n');
        if (end != std::string::npos || buffer_.size() >= kMaxLineBytes) {
            const size_t cut = end == std::string::npos ? buffer_.size() : end;
            line.assign(buffer_, 0, cut);
            buffer_.erase(0, end == std::string::npos ? cut : cut + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return ReadStatus::Line;
        }
        if (output_ < 0) return ReadStatus::Closed;
        const auto left =
            std::chrono::duration_cast<Milliseconds>(deadline - SteadyClock::now()).count();
        if (left <= 0) return ReadStatus::Timeout;
        pollfd wait{output_, POLLIN, 0};
        const int ready = ::poll(&wait, 1, int(std::min<long long>(left, 1000000)));
        if (ready < 0 && errno != EINTR) return ReadStatus::Closed;
        if (ready <= 0) continue;
        char chunk[4096];
        const ssize_t got = ::read(output_, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            closeFd(output_);  // end of output: the engine exited or closed stdout
            continue;
        }
        buffer_.append(chunk, size_t(got));
    }
}

bool ChildProcess::reap(bool block) {
    if (reaped_ || pid_ <= 0) return reaped_;
    int status = 0;
    pid_t got;
    do {
        got = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    } while (got < 0 && errno == EINTR);
    if (got == pid_) {
        reaped_ = true;
        waitStatus_ = status;
    }
    return reaped_;
}

void ChildProcess::stop(Milliseconds grace) {
    closeFd(input_);
    if (pid_ <= 0 || reaped_) return;
    const auto deadline = SteadyClock::now() + grace;
    while (!reap(false) && SteadyClock::now() < deadline) {
        std::this_thread::sleep_for(Milliseconds(2));
    }
    if (!reaped_) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    closeFd(output_);
}

std::string ChildProcess::exitDescription(Milliseconds wait) {
    const auto deadline = SteadyClock::now() + wait;
    while (!reap(false) && SteadyClock::now() < deadline) {
        std::this_thread::sleep_for(Milliseconds(2));
    }
    if (!reaped_) return "still running";
    if (WIFEXITED(waitStatus_))
        return fmt::format("exited with status {}", WEXITSTATUS(waitStatus_));
    if (WIFSIGNALED(waitStatus_)) return fmt::format("killed by signal {}", WTERMSIG(waitStatus_));
    return "ended";
}

ReadStatus readLinesUntil(ChildProcess& process,
                          const std::function<bool(const std::string&)>& wanted,
                          SteadyClock::time_point deadline, std::vector<std::string>& lines) {
    std::string line;
    while (true) {
        const ReadStatus status = process.readLine(line, deadline);
        if (status != ReadStatus::Line) return status;
        lines.push_back(line);
        if (wanted(line)) return ReadStatus::Line;
    }
}

}  // namespace cc::match
