#include "match/reports/record_tools.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/position_text.h"
#include "match/ratings/standings.h"
#include "match/records/record_replay.h"
#include "match/records/whole_run.h"
#include "match/reports/html_report.h"
#include "match/reports/report.h"
#include "util/text.h"

namespace cc::match {

namespace {

Expected<std::vector<GameRecord>> readRecords(const std::vector<std::string>& files) {
    std::vector<GameRecord> records;
    for (const std::string& name : files) {
        std::ifstream file(name);
        if (!file) return Error{fmt::format("cannot read '{}'", name)};
        std::stringstream text;
        text << file.rdbuf();
        Expected<std::vector<GameRecord>> parsed = parseRecords(text.str());
        if (!parsed) return Error{fmt::format("{}: {}", name, parsed.error())};
        records.insert(records.end(), parsed->begin(), parsed->end());
    }
    return records;
}

}  // namespace

int mergeRecords(const MatchConfig& config, std::ostream& out, std::ostream& errors) {
    std::vector<FiledRecord> filed;
    for (const std::string& file : config.inputFiles) {
        Expected<std::vector<GameRecord>> records = readRecords({file});
        if (!records) {
            errors << "ccmatch: " << records.error() << '\n';
            return 1;
        }
        for (GameRecord& record : *records) filed.push_back({std::move(record), file});
    }
    std::stable_sort(filed.begin(), filed.end(), [](const FiledRecord& a, const FiledRecord& b) {
        return a.record.game < b.record.game;
    });
    if (Expected<void> whole = checkWholeRun(filed); !whole) {
        errors << "ccmatch: " << whole.error() << '\n';
        return 1;
    }
    std::vector<GameRecord> games;
    games.reserve(filed.size());
    for (FiledRecord& game : filed) {
        // The merged records are those of one run, which names no shard.
        game.record.shardIndex = game.record.shardCount = game.record.rounds = 0;
        games.push_back(std::move(game.record));
    }
    for (const GameRecord& record : games) {
        if (record.rules != games[0].rules) {
            errors << fmt::format("ccmatch: game {} has other rules than game {}\n", record.game,
                                  games[0].game);
            return 1;
        }
    }
    // Engines in the order game 1 lists them: the order of the run's -engine options
    // for the default lineup.
    Standings standings({});
    std::vector<PonderTotals> ponder;
    for (const GameRecord& record : games) {
        standings.add(record);
        addPonderTotals(record, ponder);
    }
    std::vector<std::string> settings = {"merged from: " + join(config.inputFiles, " ")};
    if (!games.empty()) {
        for (int player = 0; player < games[0].players(); ++player) {
            settings.push_back(fmt::format("game 1, player {}: {} [{}]", player + 1,
                                           games[0].engines[size_t(player)],
                                           games[0].timeControls[size_t(player)]));
        }
    }
    RunFacts facts{games.empty() ? "" : games[0].rules,
                   config.sprt,
                   Shard{},
                   int(games.size()),
                   0,
                   config.anchor,
                   settings,
                   ponder,
                   std::nullopt,
                   ""};
    out << finalTable(standings, facts);
    if (!config.resultsFile.empty()) {
        std::ofstream json(config.resultsFile, std::ios::trunc);
        json << resultsJson(standings, facts);
    }
    if (!config.reportFile.empty()) {
        std::ofstream html(config.reportFile, std::ios::trunc);
        std::vector<GameChances> chances;
        chances.reserve(games.size());
        for (const GameRecord& record : games) chances.push_back(gameChances(record));
        html << htmlReport(standings, facts, chances);
        if (!html) {
            errors << "ccmatch: cannot write " << config.reportFile << '\n';
            return 1;
        }
    }
    if (!config.pgnOut.empty()) {
        std::ofstream merged(config.pgnOut, std::ios::trunc);
        for (const GameRecord& record : games) merged << formatRecord(record);
    }
    return 0;
}

int replayRecords(const MatchConfig& config, std::ostream& out, std::ostream& errors) {
    Expected<std::vector<GameRecord>> records = readRecords(config.inputFiles);
    if (!records) {
        errors << "ccmatch: " << records.error() << '\n';
        return 1;
    }
    for (const GameRecord& record : *records) {
        Expected<Game> start = recordStart(record);
        if (!start) {
            errors << "ccmatch: " << start.error() << '\n';
            return 1;
        }
        out << fmt::format("game {} ply 0 {}\n", record.game, formatPosition(start->position()));
        Expected<void> replayed =
            replayRecord(record, [&](int ply, int /*mover*/, const Game& after) {
                out << fmt::format("game {} ply {} {}\n", record.game, ply,
                                   formatPosition(after.position()));
            });
        if (!replayed) {
            errors << "ccmatch: " << replayed.error() << '\n';
            return 1;
        }
    }
    return 0;
}

}  // namespace cc::match
