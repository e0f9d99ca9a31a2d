#include "engine/engine.h"

#include <fmt/format.h>

#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "tools/perft.h"

namespace cc {

Engine::Engine() : layout_(Layout::make(presetRules(Preset::Standard, 2))) { newGame(); }

void Engine::newGame() {
    game_ = std::make_unique<Game>(layout_, Position::start(*layout_));
}

std::optional<std::string> Engine::setRules(const std::vector<std::string_view>& words) {
    Expected<Rules> rules = applyRuleWords(this->rules(), words);
    if (!rules) return rules.error();
    layout_ = Layout::make(*rules);
    newGame();
    return std::nullopt;
}

std::optional<std::string> Engine::setPosition(std::optional<std::string_view> text,
                                               const std::vector<std::string_view>& moves) {
    Position start = Position::start(*layout_);
    if (text) {
        Expected<Position> parsed = parsePosition(*layout_, *text);
        if (!parsed) return parsed.error();
        start = *parsed;
    }
    auto game = std::make_unique<Game>(layout_, start);
    for (size_t index = 0; index < moves.size(); ++index) {
        Expected<Move> move = parseMove(game->position(), moves[index]);
        if (!move) return fmt::format("move {}: {}", index + 1, move.error());
        game->play(*move);
    }
    game_ = std::move(game);
    return std::nullopt;
}

std::string Engine::rulesText() const { return formatRules(rules()); }

std::string Engine::positionText() const { return formatPosition(position()); }

std::vector<std::string> Engine::legalMoveTexts(std::optional<Hole> from,
                                                HoleNotation notation) const {
    MoveList moves;
    generateLegal(position(), moves);
    std::vector<std::string> texts;
    for (const Move move : moves) {
        if (from && (!move.isPieceMove() || move.from != *from)) continue;
        texts.push_back(formatMove(position(), move, notation));
    }
    return texts;
}

GameResult Engine::result() const {
    const Position& now = position();
    GameResult result;
    result.over = now.over();
    result.reason = statusName(now.status());
    for (int player = 0; player < layout_->players(); ++player) {
        result.places.push_back(now.place(player));
        result.scores.push_back(layout_->players() - now.place(player));
    }
    return result;
}

PerftCount Engine::perft(int depth,
                         const std::function<void(std::string_view move, uint64_t nodes)>& perMove,
                         HoleNotation notation, const std::atomic<bool>* stop) const {
    std::function<void(Move, uint64_t)> divide;
    if (perMove) {
        divide = [&](Move move, uint64_t nodes) {
            perMove(formatMove(position(), move, notation), nodes);
        };
    }
    return cc::perft(*game_, depth, divide, stop);
}

}  // namespace cc
