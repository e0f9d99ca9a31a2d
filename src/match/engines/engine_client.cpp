#include "match/engines/engine_client.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <utility>

#include "util/text.h"

namespace cc::match {

namespace {

bool startsWith(const std::string& line, std::string_view word) {
    return line.compare(0, word.size(), word) == 0 &&
           (line.size() == word.size() || line[word.size()] == ' ');
}

}  // namespace

EngineFailure EngineClient::closedFailure(const std::string& when) {
    const std::string how = process_ ? process_->exitDescription(Milliseconds(500)) : "not started";
    return {EngineFault::Crashed, fmt::format("{}: output closed ({})", when, how)};
}

std::optional<EngineFailure> EngineClient::waitFor(const std::string& expected,
                                                   Milliseconds timeout,
                                                   std::vector<std::string>* seen) {
    std::vector<std::string> lines;
    const ReadStatus status = readLinesUntil(
        *process_, [&](const std::string& line) { return line == expected; },
        SteadyClock::now() + timeout, lines);
    if (status == ReadStatus::Closed) return closedFailure("waiting for " + expected);
    if (status == ReadStatus::Timeout) {
        return EngineFailure{EngineFault::Unresponsive,
                             fmt::format("no {} within {} ms", expected, timeout.count())};
    }
    for (auto line = lines.begin(); line + 1 < lines.end(); ++line) {
        if (startsWith(*line, "error")) noteStray(*line);
    }
    if (seen != nullptr) seen->insert(seen->end(), lines.begin(), lines.end() - 1);
    return std::nullopt;
}

void EngineClient::noteStray(const std::string& line) {
    if (stray_.count++ > 0) return;
    // Shown in ccmatch's table: control bytes would reach the terminal.
    stray_.first = line.substr(0, 200);
    for (char& byte : stray_.first) {
        if (static_cast<unsigned char>(byte) < 0x20 || byte == 0x7f) byte = '?';
    }
}

StrayLines EngineClient::takeStrayLines() {
    return std::exchange(stray_, StrayLines{});
}

std::optional<EngineFailure> EngineClient::start() {
    if (auto failure = launch()) return failure;
    return handshake();
}

std::optional<EngineFailure> EngineClient::launch() {
    Expected<ChildProcess> spawned = ChildProcess::spawn(spec_.command, spec_.directory);
    if (!spawned) return EngineFailure{EngineFault::Crashed, spawned.error()};
    process_.emplace(std::move(*spawned));
    if (!process_->writeLine(speaksCcp() ? "ccp" : "cci")) return closedFailure("sending cci");
    return std::nullopt;
}

std::optional<EngineFailure> EngineClient::handshake() {
    if (!process_) return EngineFailure{EngineFault::Crashed, "not started"};
    const Milliseconds timeout(spec_.readyTimeoutMs);
    std::vector<std::string> announced;
    if (auto failure = waitFor(speaksCcp() ? "ccpok" : "cciok", timeout, &announced))
        return failure;
    std::vector<std::pair<std::string, std::string>> options = spec_.options;
    if (spec_.ponder && !speaksCcp()) {
        ponders_ = std::any_of(announced.begin(), announced.end(), [](const std::string& line) {
            return line.rfind("option name Ponder type check", 0) == 0;
        });
        if (ponders_) options.emplace_back("Ponder", "true");
    }
    // The win chances go into the records and may adjudicate (protocol-spec/match.md,
    // "Records"): on for a cci engine that announces them, unless option.ShowWDL says.
    const bool showWdlSet = std::any_of(options.begin(), options.end(), [](const auto& option) {
        return lowerCase(option.first) == "showwdl";
    });
    const bool announcesWdl =
        std::any_of(announced.begin(), announced.end(), [](const std::string& line) {
            return line.rfind("option name ShowWDL type check", 0) == 0;
        });
    if (!speaksCcp() && announcesWdl && !showWdlSet) options.emplace_back("ShowWDL", "true");
    for (const auto& [name, value] : options) {
        if (!process_->writeLine(fmt::format("setoption name {} value {}", name, value))) {
            return closedFailure("sending options");
        }
    }
    if (!process_->writeLine("isready")) return closedFailure("sending isready");
    return waitFor("readyok", timeout);
}

std::optional<EngineFailure> EngineClient::newGame(const std::string& ruleWords) {
    // A kept process (restart=off) hears `newgame` too, so no statistics of its last game
    // carry over (protocol-spec/match.md, "Engine processes").
    const bool cleared = speaksCcp() || gamesStarted_ == 0 || process_->writeLine("newgame");
    ++gamesStarted_;
    // CCP has one rule profile and no command to set rules (protocol-spec/match.md).
    const bool rulesSent = cleared && (speaksCcp() || process_->writeLine("setrules " + ruleWords));
    if (!rulesSent || !process_->writeLine("isready")) {
        return closedFailure("starting a game");
    }
    return waitFor("readyok", Milliseconds(spec_.readyTimeoutMs));
}

SearchReply EngineClient::search(const std::string& positionCommand, const std::string& goCommand,
                                 std::optional<int64_t> allowanceMs) {
    SearchReply reply;
    const auto started = SteadyClock::now();
    if (!process_->writeLine(positionCommand) || !process_->writeLine(goCommand)) {
        reply.failure = closedFailure("sending go");
        return reply;
    }
    return awaitBestmove(started, allowanceMs);
}

std::optional<EngineFailure> EngineClient::startPonder(const std::string& positionCommand,
                                                       const std::string& goCommand) {
    // "go p1time ..." becomes "go ponder p1time ...".
    const std::string ponderCommand =
        "go ponder" + goCommand.substr(std::min<size_t>(2, goCommand.size()));
    if (!process_->writeLine(positionCommand) || !process_->writeLine(ponderCommand)) {
        return closedFailure("sending go ponder");
    }
    pondering_ = true;
    return std::nullopt;
}

SearchReply EngineClient::ponderHit(std::optional<int64_t> allowanceMs) {
    pondering_ = false;
    const auto started = SteadyClock::now();
    if (!process_->writeLine("ponderhit")) {
        SearchReply reply;
        reply.failure = closedFailure("sending ponderhit");
        return reply;
    }
    return awaitBestmove(started, allowanceMs);
}

std::optional<EngineFailure> EngineClient::stopPonder() {
    pondering_ = false;
    if (!process_->writeLine("stop")) return closedFailure("sending stop");
    const int64_t timeoutMs = spec_.readyTimeoutMs;
    const SearchReply dropped = awaitBestmove(SteadyClock::now(), timeoutMs);
    if (dropped.failure) return dropped.failure;
    if (dropped.timedOut) {
        return EngineFailure{EngineFault::Unresponsive,
                             fmt::format("no bestmove within {} ms of stop", timeoutMs)};
    }
    return std::nullopt;
}

SearchReply EngineClient::awaitBestmove(SteadyClock::time_point started,
                                        std::optional<int64_t> allowanceMs) {
    SearchReply reply;
    const int64_t waitMs = allowanceMs.value_or(spec_.moveTimeoutMs);
    const auto deadline = started + Milliseconds(std::max<int64_t>(waitMs, 0));
    std::string line;
    while (true) {
        const ReadStatus status = process_->readLine(line, deadline);
        reply.elapsedMs =
            std::chrono::duration_cast<Milliseconds>(SteadyClock::now() - started).count();
        if (status == ReadStatus::Closed) {
            reply.failure = closedFailure("thinking");
            return reply;
        }
        if (status == ReadStatus::Timeout) {
            if (allowanceMs) {
                reply.timedOut = true;
            } else {
                reply.failure = EngineFailure{EngineFault::Unresponsive,
                                              fmt::format("no bestmove within {} ms", waitMs)};
            }
            return reply;
        }
        if (startsWith(line, "bestmove")) {
            // `bestmove <move> [ponder <reply>]`: other words are ignored, as UCI managers do.
            const std::vector<std::string_view> words = splitWords(line);
            if (words.size() >= 2) reply.move = words[1];
            if (words.size() >= 4 && words[2] == "ponder") reply.ponderMove = words[3];
            return reply;
        }
        if (startsWith(line, "info")) {
            if (line.find(" score ") != std::string::npos) reply.lastInfo = line;
        } else if (!line.empty()) {
            if (reply.errorLine.empty() && startsWith(line, "error")) reply.errorLine = line;
            ++reply.garbageLines;
            noteStray(line);
        }
    }
}

void EngineClient::quit() {
    if (!process_) return;
    process_->writeLine("quit");
    process_->stop(Milliseconds(1000));
}

void EngineClient::kill() {
    if (process_) process_->stop(Milliseconds(0));
}

EngineProcessFacts EngineClient::processFacts() const {
    EngineProcessFacts facts;
    if (!process_) return facts;
    facts.pid = int64_t(process_->pid());
    facts.games = gamesStarted_;
    std::ifstream status(fmt::format("/proc/{}/status", facts.pid));
    std::string line;
    while (std::getline(status, line)) {
        const std::vector<std::string_view> words = splitWords(line);
        if (words.size() < 2) continue;
        if (words[0] == "VmRSS:") facts.residentKib = parseInt(words[1]).value_or(0);
        if (words[0] == "VmHWM:") facts.peakKib = parseInt(words[1]).value_or(0);
    }
    return facts;
}

}  // namespace cc::match
