#pragma once
// Test helper: runs the engine binary as a child process with its stdin, stdout and
// stderr on pipes (fork/exec + poll). Every wait has a deadline, so a hung or crashed
// engine fails a test instead of stalling the suite. Header-only; POSIX only.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sanitized.h"
#include "test_paths.h"

namespace cctest {

using namespace std::chrono_literals;

// The engine under test: the build's, or the environment variable CCENGINE_TEST_BINARY
// when set (e.g. to run these tests against a sanitizer build).
inline const char* engineBinary() {
    const char* override = std::getenv("CCENGINE_TEST_BINARY");
    return override != nullptr && *override != '\0' ? override : ccengineBinary().c_str();
}

// How the child ended (or did not, within the deadline).
struct ExitStatus {
    bool exited = false;  // ended normally; `code` is its exit status
    int code = -1;
    bool signaled = false;  // killed by `signal` (a crash: SIGSEGV, SIGABRT, ...)
    int signal = 0;
    bool timedOut = false;  // still running at the deadline (it was then killed)

    [[nodiscard]] bool cleanExit(int expected = 0) const { return exited && code == expected; }
    [[nodiscard]] std::string describe() const {
        if (timedOut) return "still running at the deadline (hang)";
        if (signaled) return "killed by signal " + std::to_string(signal);
        if (exited) return "exited with status " + std::to_string(code);
        return "unknown";
    }
};

class EngineProcess {
  public:
    using Clock = std::chrono::steady_clock;
    using Millis = std::chrono::milliseconds;

    explicit EngineProcess(const std::vector<std::string>& args = {}) { start(args); }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    ~EngineProcess() {
        if (pid_ > 0 && !reaped_) {
            closeStdin();
            if (waitExit(1000ms).timedOut) { /* waitExit killed and reaped it */
            }
        }
        closeFd(in_);
        closeFd(out_);
        closeFd(err_);
    }

    [[nodiscard]] bool started() const { return pid_ > 0; }
    [[nodiscard]] pid_t pid() const { return pid_; }

    // Writes raw bytes to the engine's stdin. Keeps draining stdout and stderr while
    // the pipe is full, so a chatty engine cannot deadlock against us. False when the
    // engine closed its stdin (exited, crashed) or the deadline passed.
    bool write(std::string_view bytes, Millis timeout = 20000ms) {
        const auto deadline = Clock::now() + timeout * kDeadlineScale;
        size_t done = 0;
        while (done < bytes.size()) {
            if (in_ < 0 || Clock::now() >= deadline) return false;
            if (!pump(deadline, bytes.substr(done), &done)) return false;
        }
        return true;
    }
    bool sendLine(std::string_view line, Millis timeout = 20000ms) {
        std::string text(line);
        text += '\n';
        return write(text, timeout);
    }
    void closeStdin() { closeFd(in_); }
    // Stops reading the engine's stdout (a reader that went away).
    void closeStdout() { closeFd(out_); }

    // The next complete stdout line without its '\n'. At end of output, a last
    // unterminated fragment is returned as a line too. nullopt on timeout or EOF.
    std::optional<std::string> readLine(Millis timeout = 10000ms) {
        const auto deadline = Clock::now() + timeout * kDeadlineScale;
        while (true) {
            if (auto line = takeLine()) return line;
            if (out_ < 0) {
                if (outBuffer_.empty()) return std::nullopt;
                std::string rest = std::move(outBuffer_);
                outBuffer_.clear();
                transcript_.push_back(rest);
                return rest;
            }
            if (Clock::now() >= deadline) return std::nullopt;  // timeout
            pump(deadline, {}, nullptr);
        }
    }

    // Reads lines until one equals `last` (included in the result). nullopt on
    // timeout or EOF before it.
    std::optional<std::vector<std::string>> readUntil(std::string_view last,
                                                      Millis timeout = 10000ms) {
        return readUntilLine([last](const std::string& line) { return line == last; }, timeout);
    }

    // Reads lines until one starts with `prefix` (included in the result): how a test
    // waits for a search to be under way (its first `info` line) instead of sleeping.
    // nullopt on timeout or EOF before it.
    std::optional<std::vector<std::string>> readUntilPrefix(std::string_view prefix,
                                                            Millis timeout = 10000ms) {
        return readUntilLine([prefix](const std::string& line) { return line.starts_with(prefix); },
                             timeout);
    }

    // Sends `input` (a line; '\n' is appended) followed by `isready`, and returns every
    // line printed before the `readyok` that answers it. `readyoksBefore` is how many
    // `readyok` lines `input` itself is expected to produce (they are returned too).
    // nullopt when the sync `readyok` does not arrive in time: a hang or a crash.
    std::optional<std::vector<std::string>> exchange(std::string_view input,
                                                     Millis timeout = 10000ms,
                                                     int readyoksBefore = 0) {
        std::string text(input);
        text += "\nisready\n";
        const auto deadline = Clock::now() + timeout * kDeadlineScale;
        if (!write(text, timeout)) return std::nullopt;
        std::vector<std::string> lines;
        int readyoks = 0;
        // `isready` is answered at once while a search or perft runs on the engine's
        // worker: for those commands the reply also waits for their final line.
        const bool worker = startsWithWord(input, "go") || startsWithWord(input, "perft") ||
                            startsWithWord(input, "bench");
        bool synced = false;
        bool answered = !worker;
        while (true) {
            if (synced && answered) return lines;
            const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now());
            std::optional<std::string> line = readLine(left.count() > 0 ? left : Millis(0));
            if (!line) return std::nullopt;
            if (!synced && *line == "readyok" && readyoks++ == readyoksBefore) {
                synced = true;
                continue;
            }
            answered = answered || isFinalAnswer(*line);
            lines.push_back(*line);
        }
    }

    // The last line of a worker's job: its answer, or the refusal of the command.
    static bool isFinalAnswer(std::string_view line) {
        for (std::string_view start : {"bestmove ", "nodes ", "bench nodes ", "analysis ", "error ",
                                       "info string perft stopped", "info string bench stopped"}) {
            if (line.substr(0, start.size()) == start) return true;
        }
        return false;
    }

    static bool startsWithWord(std::string_view input, std::string_view word) {
        const size_t start = input.find_first_not_of(" \t");
        if (start == std::string_view::npos) return false;
        input.remove_prefix(start);
        return input.substr(0, word.size()) == word &&
               (input.size() == word.size() || input[word.size()] == ' ' ||
                input[word.size()] == '\t');
    }

    // Waits for the child to end; kills it (SIGKILL) at the deadline. Output that
    // arrives meanwhile is kept for readLine().
    ExitStatus waitExit(Millis timeout = 5000ms) {
        const auto deadline = Clock::now() + timeout * kDeadlineScale;
        while (!reaped_) {
            int status = 0;
            const pid_t got = ::waitpid(pid_, &status, WNOHANG);
            if (got == pid_) {
                record(status);
                break;
            }
            if (got < 0 && errno != EINTR) break;
            if (Clock::now() >= deadline) {
                ::kill(pid_, SIGKILL);
                while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
                }
                reaped_ = true;
                exit_ = ExitStatus{};
                exit_.timedOut = true;
                break;
            }
            // Drain pipes while waiting (a full stdout pipe would block the child's exit).
            pump(std::min(deadline, Clock::now() + 20ms), {}, nullptr);
        }
        // Collect whatever is still in the pipes.
        while (out_ >= 0 || err_ >= 0) {
            if (!pump(Clock::now() + 200ms, {}, nullptr)) break;
        }
        return exit_;
    }

    // Every complete stdout line read so far, in order.
    [[nodiscard]] const std::vector<std::string>& transcript() const { return transcript_; }
    [[nodiscard]] const std::string& stderrText() const { return errBuffer_; }

  private:
    template <typename IsLast>
    std::optional<std::vector<std::string>> readUntilLine(IsLast isLast, Millis timeout) {
        const auto deadline = Clock::now() + timeout * kDeadlineScale;
        std::vector<std::string> lines;
        while (true) {
            const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now());
            std::optional<std::string> line = readLine(left.count() > 0 ? left : Millis(0));
            if (!line) return std::nullopt;
            lines.push_back(*line);
            if (isLast(*line)) return lines;
        }
    }

    void start(const std::vector<std::string>& args) {
        static const bool ignoreSigpipe = [] {
            ::signal(SIGPIPE, SIG_IGN);  // a dead engine gives EPIPE, not a dead test
            return true;
        }();
        (void)ignoreSigpipe;
        int inPipe[2];
        int outPipe[2];
        int errPipe[2];
        if (::pipe2(inPipe, O_CLOEXEC) != 0) return;
        if (::pipe2(outPipe, O_CLOEXEC) != 0) {
            ::close(inPipe[0]);
            ::close(inPipe[1]);
            return;
        }
        if (::pipe2(errPipe, O_CLOEXEC) != 0) {
            ::close(inPipe[0]);
            ::close(inPipe[1]);
            ::close(outPipe[0]);
            ::close(outPipe[1]);
            return;
        }
        std::vector<std::string> argvText;
        argvText.emplace_back(engineBinary());
        argvText.insert(argvText.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (std::string& word : argvText) argv.push_back(word.data());
        argv.push_back(nullptr);

        const pid_t child = ::fork();
        if (child == 0) {
            // Child: only async-signal-safe calls until exec.
            ::dup2(inPipe[0], 0);
            ::dup2(outPipe[1], 1);
            ::dup2(errPipe[1], 2);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(inPipe[0]);
        ::close(outPipe[1]);
        ::close(errPipe[1]);
        if (child < 0) {
            ::close(inPipe[1]);
            ::close(outPipe[0]);
            ::close(errPipe[0]);
            return;
        }
        pid_ = child;
        in_ = inPipe[1];
        out_ = outPipe[0];
        err_ = errPipe[0];
        ::fcntl(in_, F_SETFL, ::fcntl(in_, F_GETFL) | O_NONBLOCK);
    }

    void record(int status) {
        reaped_ = true;
        exit_ = ExitStatus{};
        if (WIFEXITED(status)) {
            exit_.exited = true;
            exit_.code = WEXITSTATUS(status);
        } else if (WIFSIGNALED(status)) {
            exit_.signaled = true;
            exit_.signal = WTERMSIG(status);
        }
    }

    static void closeFd(int& fd) {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }

    std::optional<std::string> takeLine() {
        const size_t end = outBuffer_.find('\n', scanned_);
        if (end == std::string::npos) {
            scanned_ = outBuffer_.size();
            return std::nullopt;
        }
        std::string line = outBuffer_.substr(0, end);
        outBuffer_.erase(0, end + 1);
        scanned_ = 0;
        transcript_.push_back(line);
        return line;
    }

    // One poll round until `deadline`: reads what stdout/stderr have, writes what it
    // can of `pending` (adding the count to *written). False on timeout with nothing
    // done, or when nothing is left to wait for.
    bool pump(Clock::time_point deadline, std::string_view pending, size_t* written) {
        pollfd fds[3];
        int count = 0;
        int outAt = -1;
        int errAt = -1;
        int inAt = -1;
        if (out_ >= 0) {
            outAt = count;
            fds[count++] = {out_, POLLIN, 0};
        }
        if (err_ >= 0) {
            errAt = count;
            fds[count++] = {err_, POLLIN, 0};
        }
        if (in_ >= 0 && !pending.empty()) {
            inAt = count;
            fds[count++] = {in_, POLLOUT, 0};
        }
        if (count == 0) return false;
        const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now()).count();
        const int ready = ::poll(fds, nfds_t(count), left > 0 ? int(left) : 0);
        if (ready < 0) return errno == EINTR;
        if (ready == 0) return false;
        char chunk[65536];
        auto drain = [&](int at, int& fd, std::string& buffer) {
            if (at < 0 || fds[at].revents == 0) return;
            const ssize_t got = ::read(fd, chunk, sizeof chunk);
            if (got > 0) {
                buffer.append(chunk, size_t(got));
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                closeFd(fd);
            }
        };
        drain(outAt, out_, outBuffer_);
        drain(errAt, err_, errBuffer_);
        if (inAt >= 0 && fds[inAt].revents != 0) {
            if ((fds[inAt].revents & (POLLERR | POLLHUP)) != 0) {
                closeFd(in_);
                return false;
            }
            const ssize_t put = ::write(in_, pending.data(), pending.size());
            if (put > 0) {
                *written += size_t(put);
            } else if (put < 0 && errno != EINTR && errno != EAGAIN) {
                closeFd(in_);  // EPIPE: the engine is gone
                return false;
            }
        }
        return true;
    }

    pid_t pid_ = -1;
    bool reaped_ = false;
    ExitStatus exit_;
    int in_ = -1;
    int out_ = -1;
    int err_ = -1;
    std::string outBuffer_;
    size_t scanned_ = 0;
    std::string errBuffer_;
    std::vector<std::string> transcript_;
};

// A one-shot run: the command line, some stdin (then closed), all output, the exit.
struct RunResult {
    ExitStatus status;
    std::vector<std::string> lines;  // stdout
    std::string errors;              // stderr
};

inline RunResult runEngine(const std::vector<std::string>& args, std::string_view input = {},
                           std::chrono::milliseconds timeout = 10000ms) {
    RunResult result;
    EngineProcess engine(args);
    if (!engine.started()) {
        result.status.timedOut = true;
        return result;
    }
    const auto deadline = EngineProcess::Clock::now() + timeout * kDeadlineScale;
    if (!input.empty()) engine.write(input, timeout);
    engine.closeStdin();
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - EngineProcess::Clock::now());
        std::optional<std::string> line =
            engine.readLine(left.count() > 0 ? left : std::chrono::milliseconds(0));
        if (!line) break;
        result.lines.push_back(*line);
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - EngineProcess::Clock::now());
    result.status = engine.waitExit(left.count() > 0 ? left : std::chrono::milliseconds(1));
    result.errors = engine.stderrText();
    return result;
}

// Splits on single spaces (reply lines are single-spaced).
inline std::vector<std::string> words(std::string_view line) {
    std::vector<std::string> out;
    size_t at = 0;
    while (at <= line.size()) {
        const size_t space = line.find(' ', at);
        const size_t end = space == std::string_view::npos ? line.size() : space;
        if (end > at) out.emplace_back(line.substr(at, end - at));
        if (space == std::string_view::npos) break;
        at = space + 1;
    }
    return out;
}

inline bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// A search's `info depth ...` report.
inline bool isSearchInfo(std::string_view line) {
    return startsWith(line, "info depth ");
}

}  // namespace cctest
