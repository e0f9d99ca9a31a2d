#include "match/records/game_record.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "util/text.h"

namespace cc::match {

namespace {

std::string quoted(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out + "\"";
}

// The 2-player result in PGN's spelling; N-player games give the places.
std::string resultText(const GameRecord& record) {
    if (record.players() != 2) return "*";
    const int first = record.places[0];
    const int second = record.places[1];
    if (first == second) return "1/2-1/2";
    return first < second ? "1-0" : "0-1";
}

// `[Key "value"]` into key and unescaped value.
bool parseTag(std::string_view line, std::string& key, std::string& value) {
    if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
    const size_t space = line.find(' ');
    if (space == std::string_view::npos || line[space + 1] != '"') return false;
    key = std::string(line.substr(1, space - 1));
    value.clear();
    size_t at = space + 2;
    for (; at + 1 < line.size() && line[at] != '"'; ++at) {
        if (line[at] == '\\' && at + 2 < line.size()) ++at;
        value += line[at];
    }
    return at + 2 == line.size() && line[at] == '"';
}

// A comma-separated list of whole numbers ("1,2,3"); nothing when one is not.
std::optional<std::vector<int>> parseIntList(std::string_view text) {
    std::vector<int> values;
    for (std::string_view item : split(text, ',')) {
        const std::optional<int> value = parseInt(item);
        if (!value) return std::nullopt;
        values.push_back(*value);
    }
    return values;
}

Expected<void> fillRecord(GameRecord& record, const std::map<std::string, std::string>& tags) {
    auto tag = [&](const std::string& key) -> const std::string* {
        const auto found = tags.find(key);
        return found == tags.end() ? nullptr : &found->second;
    };
    const std::string* game = tag("Game");
    const std::string* round = tag("Round");
    const std::string* players = tag("Players");
    const std::string* places = tag("Places");
    const std::string* reason = tag("Reason");
    if (!game || !round || !players || !places || !reason || !tag("Rules")) {
        return Error{"a record needs the tags Game, Round, Rules, Players, Places and Reason"};
    }
    const std::optional<int> gameNumber = parseInt(*game);
    const std::optional<int> roundNumber = parseInt(*round);
    const std::optional<int> playerCount = parseInt(*players);
    if (!gameNumber || !roundNumber || !playerCount || *playerCount < 1 || *playerCount > 6) {
        return Error{"bad Game, Round or Players tag"};
    }
    record.game = *gameNumber;
    record.round = *roundNumber;
    record.rules = *tag("Rules");
    const std::string* shard = tag("Shard");
    const std::string* rounds = tag("Rounds");
    if ((shard == nullptr) != (rounds == nullptr)) return Error{"Shard and Rounds go together"};
    if (shard != nullptr) {
        const std::vector<std::string_view> parts = split(*shard, '/');
        const int index = parts.size() == 2 ? parseInt(parts[0]).value_or(0) : 0;
        const int count = parts.size() == 2 ? parseInt(parts[1]).value_or(0) : 0;
        const int total = parseInt(*rounds).value_or(0);
        if (index < 1 || index > count || total < record.round) {
            return Error{fmt::format("bad Shard '{}' or Rounds '{}'", *shard, *rounds)};
        }
        record.shardIndex = index;
        record.shardCount = count;
        record.rounds = total;
    }
    if (!parseEndReason(*reason, record.reason))
        return Error{fmt::format("bad Reason '{}'", *reason)};
    std::optional<std::vector<int>> placeList = parseIntList(*places);
    if (!placeList) return Error{fmt::format("bad Places '{}'", *places)};
    record.places = std::move(*placeList);
    if (int(record.places.size()) != *playerCount)
        return Error{"Places does not list every player"};
    for (int player = 1; player <= *playerCount; ++player) {
        const std::string* engine = tag(fmt::format("Player{}", player));
        if (!engine) return Error{fmt::format("no Player{} tag", player)};
        record.engines.push_back(*engine);
        const std::string* seat = tag(fmt::format("Seat{}", player));
        record.seats.push_back(seat ? *seat : "");
        const std::string* control = tag(fmt::format("TimeControl{}", player));
        record.timeControls.push_back(control ? *control : "");
        if (const std::string* forfeit = tag(fmt::format("Forfeit{}", player))) {
            // "<reason> <ply> <detail>"
            const std::vector<std::string_view> words = splitWords(*forfeit);
            Forfeit entry;
            entry.player = player - 1;
            const std::optional<int> ply = words.size() >= 2 ? parseInt(words[1]) : std::nullopt;
            if (!ply || !parseEndReason(words[0], entry.reason)) {
                return Error{fmt::format("bad Forfeit{} '{}'", player, *forfeit)};
            }
            entry.ply = *ply;
            const size_t detail = forfeit->find(words[1]) + words[1].size();
            entry.detail = detail < forfeit->size() ? forfeit->substr(detail + 1) : "";
            record.forfeits.push_back(entry);
        }
        if (const std::string* process = tag(fmt::format("Process{}", player))) {
            // "<pid> <games> <resident KiB> <peak KiB>"
            const std::vector<std::string_view> words = splitWords(*process);
            std::vector<std::optional<int>> numbers;
            numbers.reserve(words.size());
            for (const std::string_view word : words) numbers.push_back(parseInt(word));
            if (numbers.size() != 4 ||
                !std::all_of(numbers.begin(), numbers.end(),
                             [](const std::optional<int>& number) { return number >= 0; }) ||
                *numbers[0] == 0) {
                return Error{fmt::format("bad Process{} '{}': pid, games, resident KiB, peak KiB",
                                         player, *process)};
            }
            record.processes.resize(size_t(*playerCount));
            record.processes[size_t(player - 1)] =
                EngineProcessFacts{*numbers[0], *numbers[1], *numbers[2], *numbers[3]};
        }
    }
    if (const std::string* date = tag("Date")) record.date = *date;
    if (const std::string* opening = tag("Opening")) record.opening = *opening;
    if (const std::string* start = tag("Start")) record.start = *start;
    if (const std::string* termination = tag("Termination")) record.termination = *termination;
    if (const std::string* times = tag("MoveTimes"); times && !times->empty()) {
        for (std::string_view ms : split(*times, ',')) {
            const std::optional<int> value = parseInt(ms);
            if (!value) return Error{fmt::format("bad MoveTimes '{}'", ms)};
            record.moveTimesMs.push_back(*value);
        }
    }
    const std::string* ponders = tag("Ponders");
    const std::string* hits = tag("PonderHits");
    if ((ponders == nullptr) != (hits == nullptr))
        return Error{"Ponders and PonderHits go together"};
    if (ponders != nullptr) {
        std::optional<std::vector<int>> started = parseIntList(*ponders);
        std::optional<std::vector<int>> hit = parseIntList(*hits);
        if (!started || !hit || int(started->size()) != *playerCount ||
            hit->size() != started->size()) {
            return Error{fmt::format("bad Ponders '{}' or PonderHits '{}': a count per player",
                                     *ponders, *hits)};
        }
        for (size_t player = 0; player < started->size(); ++player) {
            if ((*hit)[player] < 0 || (*hit)[player] > (*started)[player])
                return Error{
                    fmt::format("PonderHits '{}' not within 0 and Ponders '{}'", *hits, *ponders)};
        }
        record.ponders = std::move(*started);
        record.ponderHits = std::move(*hit);
    }
    return {};
}

// The words of a move line: moves, and `{...}` comments (which may run over lines) for
// the move before them. `comment` holds an open comment's text so far.
Expected<void> readMoveLine(std::string_view line, GameRecord& record,
                            std::optional<std::string>& comment) {
    while (!line.empty()) {
        if (comment) {
            const size_t close = line.find('}');
            comment->append(" ").append(line.substr(0, close));
            if (close == std::string_view::npos) return {};
            line.remove_prefix(close + 1);
            if (record.moves.empty()) return Error{"a move comment before any move"};
            if (!record.evals.back().empty()) return Error{"two comments for one move"};
            Expected<MoveEval> eval = parseMoveComment(*comment);
            if (!eval) return Error{eval.error()};
            record.evals.back() = std::move(*eval);
            comment.reset();
            continue;
        }
        const size_t open = line.find('{');
        for (const std::string_view move : splitWords(line.substr(0, open))) {
            if (move.find('}') != std::string_view::npos) return Error{"a '}' without its '{'"};
            record.moves.emplace_back(move);
            record.evals.emplace_back();
        }
        if (open == std::string_view::npos) return {};
        comment.emplace();
        line.remove_prefix(open + 1);
    }
    return {};
}

// The chances a move comment gives fit the game: `wdl` at two players, `first` a chance
// per player at three to six. A record without comments keeps no evals.
Expected<void> checkEvals(GameRecord& record) {
    for (size_t ply = 0; ply < record.evals.size(); ++ply) {
        const MoveEval& eval = record.evals[ply];
        if (!eval.wdl.empty() && record.players() != 2)
            return Error{
                fmt::format("ply {}: wdl= in a game of {} players", ply + 1, record.players())};
        if (!eval.first.empty() &&
            (record.players() == 2 || int(eval.first.size()) != record.players()))
            return Error{fmt::format("ply {}: first= needs a chance for each of {} players",
                                     ply + 1, record.players())};
    }
    if (std::all_of(record.evals.begin(), record.evals.end(),
                    [](const MoveEval& eval) { return eval.empty(); }))
        record.evals.clear();
    return {};
}

}  // namespace

bool parseEndReason(std::string_view text, EndReason& reason) {
    for (const EndReasonInfo& info : kEndReasons) {
        if (info.name == text) {
            reason = info.reason;
            return true;
        }
    }
    return false;
}

std::string formatRecord(const GameRecord& record) {
    std::string text;
    auto tag = [&text](std::string_view key, std::string_view value) {
        text += fmt::format("[{} {}]\n", key, quoted(value));
    };
    tag("Event", "ccmatch");
    tag("Date", record.date);
    tag("Game", std::to_string(record.game));
    tag("Round", std::to_string(record.round));
    if (record.shardCount > 0) {
        tag("Shard", fmt::format("{}/{}", record.shardIndex, record.shardCount));
        tag("Rounds", std::to_string(record.rounds));
    }
    tag("Rules", record.rules);
    tag("Players", std::to_string(record.players()));
    for (int player = 0; player < record.players(); ++player) {
        tag(fmt::format("Player{}", player + 1), record.engines[size_t(player)]);
        tag(fmt::format("Seat{}", player + 1), record.seats[size_t(player)]);
        tag(fmt::format("TimeControl{}", player + 1), record.timeControls[size_t(player)]);
        if (size_t(player) < record.processes.size() && record.processes[size_t(player)].pid > 0) {
            const EngineProcessFacts& process = record.processes[size_t(player)];
            tag(fmt::format("Process{}", player + 1),
                fmt::format("{} {} {} {}", process.pid, process.games, process.residentKib,
                            process.peakKib));
        }
    }
    tag("Opening", record.opening);
    tag("Start", record.start);
    tag("Result", resultText(record));
    tag("Places", joinInts(record.places));
    tag("Reason", endReasonName(record.reason));
    tag("Termination", record.termination);
    for (const Forfeit& forfeit : record.forfeits) {
        tag(fmt::format("Forfeit{}", forfeit.player + 1),
            fmt::format("{} {} {}", endReasonName(forfeit.reason), forfeit.ply, forfeit.detail));
    }
    tag("Plies", std::to_string(record.moves.size()));
    std::vector<std::string> times;
    for (const int64_t ms : record.moveTimesMs) times.push_back(std::to_string(ms));
    tag("MoveTimes", join(times, ","));
    if (!record.ponders.empty()) {
        tag("Ponders", joinInts(record.ponders));
        tag("PonderHits", joinInts(record.ponderHits));
    }
    text += '\n';
    std::string line;
    for (size_t ply = 0; ply < record.moves.size(); ++ply) {
        std::string move = record.moves[ply];
        if (ply < record.evals.size() && !record.evals[ply].empty()) {
            move = fmt::format("{} {{{}}}", move, formatMoveComment(record.evals[ply]));
        }
        if (!line.empty() && line.size() + 1 + move.size() > 79) {
            text += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + move;
    }
    if (!line.empty()) text += line + '\n';
    return text + '\n';
}

Expected<std::vector<GameRecord>> parseRecords(std::string_view text) {
    std::vector<GameRecord> records;
    std::map<std::string, std::string> tags;
    GameRecord current;
    bool inMoves = false;
    int lineNumber = 0;
    std::optional<std::string> comment;  // a move comment still open
    auto finish = [&]() -> Expected<void> {
        if (tags.empty()) return {};
        if (comment) return Error{"a move comment without its '}'"};
        if (Expected<void> filled = fillRecord(current, tags); !filled) return filled;
        if (Expected<void> checked = checkEvals(current); !checked) return checked;
        records.push_back(std::move(current));
        current = GameRecord{};
        tags.clear();
        inMoves = false;
        return {};
    };
    for (std::string_view line : split(text, '\n')) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        std::string key;
        std::string value;
        if (line.empty() && !comment) {
            if (!inMoves && !tags.empty()) {
                inMoves = true;  // the blank line between tags and moves
                continue;
            }
            if (Expected<void> finished = finish(); !finished) {
                return Error{fmt::format("line {}: {}", lineNumber, finished.error())};
            }
        } else if (!inMoves && parseTag(line, key, value)) {
            tags[key] = value;
        } else if (inMoves) {
            if (Expected<void> read = readMoveLine(line, current, comment); !read) {
                return Error{fmt::format("line {}: {}", lineNumber, read.error())};
            }
        } else {
            return Error{fmt::format("line {}: expected a [Tag \"value\"] line", lineNumber)};
        }
    }
    if (Expected<void> finished = finish(); !finished) {
        return Error{fmt::format("at the end: {}", finished.error())};
    }
    return records;
}

}  // namespace cc::match
