#include "engine/engine.h"

#include <fmt/format.h>

#include "core/move_text.h"
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

uint64_t Engine::perft(int depth, const std::function<void(Move, uint64_t)>& perMove,
                       const std::atomic<bool>* stop) const {
    return cc::perft(*game_, depth, perMove, stop);
}

}  // namespace cc
