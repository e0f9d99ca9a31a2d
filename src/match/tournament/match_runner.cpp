#include "match/tournament/match_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include "core/rules_text.h"
#include "match/games/game_runner.h"
#include "match/games/kept_engines.h"
#include "match/openings/openings.h"
#include "match/ratings/standings.h"
#include "match/records/ccerl_games.h"
#include "match/reports/html_report.h"
#include "match/reports/live_feed.h"
#include "match/reports/report.h"
#include "match/settings/time_control.h"
#include "match/tournament/schedule.h"

namespace cc::match {

namespace {

std::vector<std::string> runSettings(const MatchConfig& config) {
    static constexpr std::array<std::string_view, 3> kKinds = {"match", "round-robin", "gauntlet"};
    std::vector<std::string> lines = {
        fmt::format("{}: {} rounds, {} games a table a round, {} tables, concurrency {}, shard "
                    "{}/{}",
                    kKinds[size_t(config.tournament)], config.rounds, config.gamesPerRound,
                    config.tables.size(), config.concurrency, config.shard.index,
                    config.shard.count),
        fmt::format("openings: {}{}, seed {}",
                    config.openings.file.empty() ? "the start position" : config.openings.file,
                    config.openings.randomPlies > 0
                        ? fmt::format(" + {} random plies", config.openings.randomPlies)
                        : "",
                    config.seed)};
    for (const EngineSpec& engine : config.engines) {
        std::string line = fmt::format("engine {}: {} [{}]", engine.name, engine.command,
                                       describe(engine.timeControl));
        for (const auto& [name, value] : engine.options) line += fmt::format(" {}={}", name, value);
        lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> engineNames(const MatchConfig& config) {
    std::vector<std::string> names;
    for (const EngineSpec& engine : config.engines) names.push_back(engine.name);
    return names;
}

// What the worker threads share; every member is used under the lock.
class MatchState {
  public:
    MatchState(const MatchConfig& config, const OpeningBook& book, std::ostream& out,
               RunFacts facts, LiveFeed* live)
        : config_(config),
          book_(book),
          out_(out),
          facts_(std::move(facts)),
          live_(live),
          standings_(engineNames(config)) {}

    // Books the finished game. False once the match should stop (SPRT decided, or an
    // engine broke without -recover).
    bool finish(const GameOutcome& outcome) {
        const std::lock_guard<std::mutex> lock(mutex_);
        standings_.add(outcome.record);
        if (!config_.reportFile.empty()) chances_.push_back(gameChances(outcome.record));
        if (live_ != nullptr) live_->standings(standings_);
        refereeMs_ += outcome.refereeMs;
        engineMoves_ += outcome.engineMoves;
        if (facts_.strayLines.value_or(0) == 0) facts_.firstStrayLine = outcome.strayLines.first;
        facts_.strayLines = facts_.strayLines.value_or(0) + outcome.strayLines.count;
        addPondering(outcome);
        if (!config_.pgnOut.empty()) {
            std::ofstream records(config_.pgnOut, std::ios::app);
            records << formatRecord(outcome.record);
        }
        if (!config_.jsonlFile.empty()) writeCcerlGame(outcome.record);
        out_ << finishedLine(outcome.record) << '\n' << scoreLine(standings_, facts_) << std::endl;
        if (config_.sprt && standings_.engines().size() >= 2) {
            const SprtState state =
                sprt(standings_.bestSamples(), config_.sprt->elo0, config_.sprt->elo1,
                     config_.sprt->alpha, config_.sprt->beta);
            if (state.decided() && !stopping_) {
                out_ << fmt::format("SPRT: {} accepted (LLR {:.2f}): stopping the match",
                                    state.verdict(), state.llr)
                     << std::endl;
                stopping_ = true;
            }
        }
        if (outcome.engineBroke && !config_.recover && !stopping_) {
            out_ << "An engine crashed or stopped answering: stopping the match (use -recover "
                    "to play on)"
                 << std::endl;
            stopping_ = true;
        }
        return !stopping_;
    }

    [[nodiscard]] bool stopping() {
        const std::lock_guard<std::mutex> lock(mutex_);
        return stopping_;
    }

    // After the workers have ended.
    void report(std::ostream& errors) {
        if (engineMoves_ > 0) facts_.refereeMsPerMove = double(refereeMs_) / double(engineMoves_);
        out_ << finalTable(standings_, facts_);
        if (config_.resultsFile.empty()) return;
        std::ofstream json(config_.resultsFile, std::ios::trunc);
        json << resultsJson(standings_, facts_);
        if (!json) errors << "ccmatch: cannot write " << config_.resultsFile << '\n';
    }

    void writeReport(std::ostream& errors) {
        if (config_.reportFile.empty()) return;
        std::ofstream html(config_.reportFile, std::ios::trunc);
        html << htmlReport(standings_, facts_, chances_);
        if (!html) errors << "ccmatch: cannot write " << config_.reportFile << '\n';
    }

  private:
    void writeCcerlGame(const GameRecord& record) {
        const Expected<std::string> lines =
            ccerlGameLines(record, book_.forRound(record.round - 1), config_.rules);
        if (!lines) {
            out_ << fmt::format("Warning: game {} is not in {}: {}", record.game, config_.jsonlFile,
                                lines.error())
                 << std::endl;
            return;
        }
        std::ofstream jsonl(config_.jsonlFile, std::ios::app);
        jsonl << *lines;
    }

    // Totals per engine; the warning for an engine without a Ponder option, once.
    void addPondering(const GameOutcome& outcome) {
        for (const std::string& name : outcome.ponderRefused) {
            if (!warnedNoPonder_.insert(name).second) continue;
            out_ << fmt::format(
                        "Warning: engine {} announces no Ponder option in cci: it plays without "
                        "pondering",
                        name)
                 << std::endl;
        }
        addPonderTotals(outcome.record, facts_.ponder);
    }

    const MatchConfig& config_;
    const OpeningBook& book_;
    std::ostream& out_;
    RunFacts facts_;
    LiveFeed* live_;
    std::set<std::string> warnedNoPonder_;
    std::mutex mutex_;
    Standings standings_;
    std::vector<GameChances> chances_;  // every finished game's, for the report
    int64_t refereeMs_ = 0;
    int64_t engineMoves_ = 0;
    bool stopping_ = false;
};

}  // namespace

int runMatch(const MatchConfig& config, std::ostream& out, std::ostream& errors) {
    const std::shared_ptr<const Layout> layout = Layout::make(config.rules);
    Expected<OpeningBook> book = OpeningBook::load(config.openings, layout, config.seed);
    if (!book) {
        errors << "ccmatch: " << book.error() << '\n';
        return 1;
    }
    const std::vector<ScheduledGame> plan = scheduleShard(config);
    RunFacts facts{formatRules(config.rules),
                   config.sprt,
                   config.shard,
                   int(plan.size()),
                   0,
                   config.anchor,
                   runSettings(config),
                   {},
                   int64_t{0},
                   ""};
    std::unique_ptr<LiveFeed> live;
    if (!config.liveFile.empty()) {
        std::string error;
        live = LiveFeed::open(config.liveFile, error);
        if (!live) {
            errors << "ccmatch: " << error << '\n';
            return 1;
        }
    }
    if (!config.jsonlFile.empty() && !std::ofstream(config.jsonlFile, std::ios::trunc)) {
        errors << "ccmatch: cannot write " << config.jsonlFile << '\n';
        return 1;
    }
    MatchState state(config, *book, out, facts, live.get());
    std::atomic<size_t> next{0};
    auto work = [&] {
        KeptEngines kept;
        while (!state.stopping()) {
            const size_t index = next++;
            if (index >= plan.size()) return;
            const ScheduledGame& planned = plan[index];
            GameSetup setup{planned.game,
                            planned.round + 1,
                            book->forRound(planned.round),
                            planned.enginePerPlayer,
                            live.get(),
                            &kept};
            if (!state.finish(playGame(config, layout, setup))) return;
        }
    };
    std::vector<std::thread> workers;
    const int threads = std::max(1, std::min<int>(config.concurrency, int(plan.size())));
    workers.reserve(size_t(threads));
    for (int thread = 0; thread < threads; ++thread) workers.emplace_back(work);
    for (std::thread& worker : workers) worker.join();
    state.report(errors);
    state.writeReport(errors);
    return 0;
}

}  // namespace cc::match
