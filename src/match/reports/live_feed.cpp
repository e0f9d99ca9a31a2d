#include "match/reports/live_feed.h"

#include <fmt/format.h>

#include "match/records/move_eval.h"
#include "match/settings/json_value.h"
#include "util/text.h"

namespace cc::match {

namespace {

std::string numbersJson(const std::vector<int64_t>& numbers) {
    return fmt::format("[{}]", fmt::join(numbers, ","));
}

std::string namesJson(const std::vector<std::string>& names) {
    std::vector<std::string> quoted;
    quoted.reserve(names.size());
    for (const std::string& name : names) quoted.push_back(jsonString(name));
    return fmt::format("[{}]", join(quoted, ","));
}

}  // namespace

std::unique_ptr<LiveFeed> LiveFeed::open(const std::string& path, std::string& error) {
    std::ofstream file(path, std::ios::trunc);
    if (!file) {
        error = fmt::format("cannot write the live feed {}", path);
        return nullptr;
    }
    return std::unique_ptr<LiveFeed>(new LiveFeed(std::move(file)));
}

void LiveFeed::write(const std::string& line) {
    const std::lock_guard<std::mutex> lock(mutex_);
    file_ << line << '\n';
    file_.flush();
}

void LiveFeed::gameStarted(const GameRecord& record, const std::vector<int64_t>& clocksMs) {
    write(fmt::format(R"({{"type":"start","game":{},"round":{},"rules":{},"engines":{},"seats":{},)"
                      R"("tc":{},"start":{},"clocks":{}}})",
                      record.game, record.round, jsonString(record.rules),
                      namesJson(record.engines), namesJson(record.seats),
                      namesJson(record.timeControls), jsonString(record.start),
                      numbersJson(clocksMs)));
}

void LiveFeed::moved(const LiveMove& move) {
    write(fmt::format(
        R"({{"type":"move","game":{},"ply":{},"player":{},"move":{},"ms":{},"clocks":{},)"
        R"("position":{},"info":{}}})",
        move.game, move.ply, move.player, jsonString(move.move), move.elapsedMs,
        numbersJson(move.clocksMs), jsonString(move.position), liveInfoJson(move.lastInfo)));
}

void LiveFeed::gameEnded(const GameRecord& record) {
    const std::vector<int64_t> places(record.places.begin(), record.places.end());
    write(fmt::format(R"({{"type":"end","game":{},"places":{},"reason":{},"termination":{}}})",
                      record.game, numbersJson(places),
                      jsonString(kEndReasons[size_t(record.reason)].name),
                      jsonString(record.termination)));
}

void LiveFeed::standings(const Standings& standings) {
    std::vector<std::string> rows;
    for (const EngineTotals& totals : standings.engines()) {
        rows.push_back(fmt::format(R"({{"name":{},"games":{},"points":{}}})",
                                   jsonString(totals.name), totals.games,
                                   totals.points(standings.players())));
    }
    write(fmt::format(R"({{"type":"standings","games":{},"players":{},"engines":[{}]}})",
                      standings.games(), standings.players(), join(rows, ",")));
}

std::string liveInfoJson(const std::string& infoLine) {
    const InfoSummary info = readInfoLine(infoLine);
    const MoveEval& eval = info.eval;
    std::vector<std::string> fields;
    if (eval.scoreCp) fields.push_back(fmt::format(R"("score":{{"cp":{}}})", *eval.scoreCp));
    if (eval.mate) fields.push_back(fmt::format(R"("score":{{"mate":{}}})", *eval.mate));
    if (eval.depth) fields.push_back(fmt::format(R"("depth":{})", *eval.depth));
    if (!eval.wdl.empty()) fields.push_back(fmt::format(R"("wdl":[{}])", fmt::join(eval.wdl, ",")));
    if (!eval.first.empty())
        fields.push_back(fmt::format(R"("first":[{}])", fmt::join(eval.first, ",")));
    if (!info.pv.empty()) fields.push_back(fmt::format(R"("pv":{})", jsonString(info.pv)));
    return fmt::format("{{{}}}", join(fields, ","));
}

}  // namespace cc::match
