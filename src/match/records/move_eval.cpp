#include "match/records/move_eval.h"

#include <fmt/format.h>

#include <cstdlib>

#include "util/text.h"

namespace cc::match {

namespace {

constexpr int kMateCp = 30000;
constexpr int kPerMille = 1000;

// A whole number with an optional '-' (util/text.h reads digits only).
std::optional<int> parseSigned(std::string_view word) {
    const bool negative = !word.empty() && word[0] == '-';
    if (negative) word.remove_prefix(1);
    const std::optional<int> value = parseInt(word);
    if (!value) return std::nullopt;
    return negative ? -*value : *value;
}

// `count` whole numbers from 0 to 1000 after words[at] (count 0: as many as there are).
std::vector<int> chancesAfter(const std::vector<std::string_view>& words, size_t at, size_t count) {
    std::vector<int> values;
    for (size_t next = at + 1; next < words.size() && (count == 0 || values.size() < count);
         ++next) {
        const std::optional<int> value = parseInt(words[next]);
        if (!value || *value > kPerMille) break;
        values.push_back(*value);
    }
    if (count != 0 && values.size() != count) values.clear();
    return values;
}

// "612,0,388": numbers from 0 to 1000; nothing when one is not.
std::optional<std::vector<int>> parseChanceList(std::string_view text) {
    std::vector<int> values;
    for (const std::string_view item : split(text, ',')) {
        const std::optional<int> value = parseInt(item);
        if (!value || *value > kPerMille) return std::nullopt;
        values.push_back(*value);
    }
    return values;
}

// `+1.23`, `-0.05`, `0.00` (hundredths of the engine's cp), `+M5`, `-M3` (mate).
bool parseScoreWord(std::string_view word, MoveEval& eval) {
    const bool negative = !word.empty() && word[0] == '-';
    if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.remove_prefix(1);
    const int sign = negative ? -1 : 1;
    if (!word.empty() && word[0] == 'M') {
        const std::optional<int> moves = parseInt(word.substr(1));
        if (!moves) return false;
        eval.mate = sign * *moves;
        return true;
    }
    const size_t point = word.find('.');
    if (point == std::string_view::npos || word.size() != point + 3) return false;
    const std::optional<int> whole = parseInt(word.substr(0, point));
    const std::optional<int> hundredths = parseInt(word.substr(point + 1));
    if (!whole || !hundredths) return false;
    eval.scoreCp = sign * (*whole * 100 + *hundredths);
    return true;
}

std::string scoreText(const MoveEval& eval) {
    if (eval.mate) return fmt::format("{}M{}", *eval.mate < 0 ? '-' : '+', std::abs(*eval.mate));
    if (!eval.scoreCp) return "";
    const int cp = *eval.scoreCp;
    const char* sign = cp > 0 ? "+" : cp < 0 ? "-" : "";
    return fmt::format("{}{}.{:02}", sign, std::abs(cp) / 100, std::abs(cp) % 100);
}

}  // namespace

std::string joinInts(const std::vector<int>& values) {
    return fmt::format("{}", fmt::join(values, ","));
}

std::optional<double> MoveEval::winChance() const {
    if (wdl.size() != 3) return std::nullopt;
    return wdl[0] + wdl[1] / 2.0;
}

InfoSummary readInfoLine(std::string_view line) {
    const std::vector<std::string_view> words = splitWords(line);
    InfoSummary summary;
    MoveEval& eval = summary.eval;
    if (words.empty() || words[0] != "info") return summary;
    for (size_t at = 1; at < words.size(); ++at) {
        const std::string_view key = words[at];
        if (key == "string") break;  // the rest is free text
        if (key == "score" && at + 2 < words.size()) {
            const std::optional<int> value = parseSigned(words[at + 2]);
            if (value && words[at + 1] == "cp") eval.scoreCp = *value;
            if (value && words[at + 1] == "mate") eval.mate = *value;
            if (value) at += 2;
        } else if (key == "depth" && at + 1 < words.size() && parseInt(words[at + 1])) {
            eval.depth = *parseInt(words[at + 1]);
            ++at;
        } else if (key == "wdl") {
            eval.wdl = chancesAfter(words, at, 3);
            at += eval.wdl.size();
        } else if (key == "first") {
            eval.first = chancesAfter(words, at, 0);
            at += eval.first.size();
        } else if (key == "pv") {
            std::vector<std::string> moves(words.begin() + std::ptrdiff_t(at) + 1, words.end());
            summary.pv = join(moves, " ");
            break;  // pv is last (protocol-spec/protocol.md, info)
        }
    }
    return summary;
}

std::optional<int> adjudicatedScore(const MoveEval& eval) {
    if (eval.mate) return *eval.mate > 0 ? kMateCp : -kMateCp;
    return eval.scoreCp;
}

std::string formatMoveComment(const MoveEval& eval) {
    std::vector<std::string> words;
    std::string score = scoreText(eval);
    if (eval.depth) score += fmt::format("/{}", *eval.depth);
    if (!score.empty()) words.push_back(score);
    if (!eval.wdl.empty()) words.push_back("wdl=" + joinInts(eval.wdl));
    if (!eval.first.empty()) words.push_back("first=" + joinInts(eval.first));
    return join(words, " ");
}

Expected<MoveEval> parseMoveComment(std::string_view text) {
    MoveEval eval;
    for (const std::string_view word : splitWords(text)) {
        const auto bad = [&]() { return Error{fmt::format("bad move comment word '{}'", word)}; };
        if (word.starts_with("wdl=") || word.starts_with("first=")) {
            const bool isWdl = word.starts_with("wdl=");
            std::vector<int>& chances = isWdl ? eval.wdl : eval.first;
            std::optional<std::vector<int>> values =
                parseChanceList(word.substr(word.find('=') + 1));
            if (!values || !chances.empty() || (isWdl && values->size() != 3)) return bad();
            chances = std::move(*values);
            continue;
        }
        if (eval.scoreCp || eval.mate) return bad();  // one score a move
        const size_t slash = word.find('/');
        if (!parseScoreWord(word.substr(0, slash), eval)) return bad();
        if (slash != std::string_view::npos) {
            eval.depth = parseInt(word.substr(slash + 1));
            if (!eval.depth) return bad();
        }
    }
    return eval;
}

}  // namespace cc::match
