#include "match/openings/openings.h"

#include <fmt/format.h>

#include <fstream>

#include "core/game.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "match/openings/ccerl_suite.h"
#include "util/random.h"
#include "util/text.h"

namespace cc::match {

uint64_t mixBits(uint64_t value) {
    return splitMix(value);
}

std::string Opening::positionArguments() const {
    std::string text = base;
    if (!moves.empty()) text += " moves " + join(moves, " ");
    return text;
}

Expected<Game> replayOpening(const std::shared_ptr<const Layout>& layout, const Opening& opening) {
    Position start = Position::start(*layout);
    if (opening.base != "startpos") {
        Expected<Position> parsed = parsePosition(*layout, opening.base);
        if (!parsed) return Error{parsed.error()};
        start = *parsed;
    }
    Game game(layout, start);
    for (size_t index = 0; index < opening.moves.size(); ++index) {
        Expected<Move> move = parseMove(game.position(), opening.moves[index]);
        if (!move) return Error{fmt::format("move {}: {}", index + 1, move.error())};
        game.play(*move);
    }
    return game;
}

Expected<Opening> parseOpening(const std::shared_ptr<const Layout>& layout,
                               const std::string& line) {
    std::vector<std::string_view> words = splitWords(line);
    if (!words.empty() && words[0] == "position") words.erase(words.begin());
    size_t movesAt = 0;
    while (movesAt < words.size() && words[movesAt] != "moves") ++movesAt;
    Opening opening;
    const std::vector<std::string> baseWords(words.begin(), words.begin() + long(movesAt));
    opening.base = join(baseWords, " ");
    if (opening.base.empty()) return Error{"expected startpos or a position text"};
    for (size_t at = movesAt + 1; at < words.size(); ++at) opening.moves.emplace_back(words[at]);
    Expected<Game> game = replayOpening(layout, opening);
    if (!game) return Error{game.error()};
    if (game->position().over()) return Error{"the game is over after this opening"};
    return opening;
}

Expected<std::vector<Opening>> loadOpeningFile(
    const std::string& path, std::optional<char> comment,
    const std::function<Expected<Opening>(const std::string& line)>& parseLine) {
    std::ifstream file(path);
    if (!file) return Error{fmt::format("cannot read openings file '{}'", path)};
    std::vector<Opening> openings;
    std::string line;
    for (int number = 1; std::getline(file, line); ++number) {
        if (comment) line = line.substr(0, line.find(*comment));  // to the end of the line
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (splitWords(line).empty()) continue;
        Expected<Opening> opening = parseLine(line);
        if (!opening) return Error{fmt::format("{} line {}: {}", path, number, opening.error())};
        openings.push_back(*opening);
    }
    return openings;
}

Expected<OpeningBook> OpeningBook::load(const OpeningConfig& config,
                                        const std::shared_ptr<const Layout>& layout,
                                        uint64_t seed) {
    OpeningBook book;
    book.layout_ = layout;
    book.randomPlies_ = config.randomPlies;
    book.seed_ = seed;
    if (config.file.empty()) {
        Opening start;
        start.base = "startpos";
        book.openings_.push_back(start);
        return book;
    }
    Expected<std::vector<Opening>> openings =
        config.ccerlSuite ? loadCcerlSuite(config.file, layout)
                          : loadOpeningFile(config.file, '#', [&](const std::string& line) {
                                return parseOpening(layout, line);
                            });
    if (!openings) return Error{openings.error()};
    book.openings_ = std::move(*openings);
    if (book.openings_.empty()) return Error{fmt::format("no openings in '{}'", config.file)};
    if (config.start > int(book.openings_.size())) {
        return Error{fmt::format("-openings start={} but '{}' has {} openings", config.start,
                                 config.file, book.openings_.size())};
    }
    book.start_ = config.start - 1;
    if (config.randomOrder) {
        // Fisher-Yates with ccmatch's own mixer: the same order on every machine.
        for (size_t index = book.openings_.size() - 1; index > 0; --index) {
            const size_t other = mixBits(seed ^ (index * 0x632BE59BD9B4E019ULL)) % (index + 1);
            std::swap(book.openings_[index], book.openings_[other]);
        }
    }
    return book;
}

Opening OpeningBook::forRound(int round) const {
    Opening opening = openings_[size_t(start_ + round) % openings_.size()];
    if (randomPlies_ == 0) return opening;
    Expected<Game> played = replayOpening(layout_, opening);
    if (!played) return opening;  // checked at load: cannot happen
    Game& game = *played;
    uint64_t state = mixBits(seed_ ^ mixBits(uint64_t(round) + 1));
    MoveList moves;
    for (int ply = 0; ply < randomPlies_; ++ply) {
        generateLegal(game.position(), moves);
        if (moves.empty()) break;
        state = mixBits(state);
        const Move move = moves[int(state % uint64_t(moves.size()))];
        Position next = game.position();
        playMove(next, move);
        if (next.over()) break;  // an opening must leave a game to play
        opening.moves.push_back(formatMove(game.position(), move, HoleNotation::Name));
        game.play(move);
    }
    return opening;
}

}  // namespace cc::match
