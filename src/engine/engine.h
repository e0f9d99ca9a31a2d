#pragma once
// The facade the protocol talks to: it owns the rules, the game and (later) search.
// Every setter validates first and changes nothing when it fails.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/rules.h"

namespace cc {

class Engine {
public:
    Engine();

    [[nodiscard]] const Rules& rules() const { return layout_->rules(); }
    [[nodiscard]] const Game& game() const { return *game_; }
    [[nodiscard]] const Position& position() const { return game_->position(); }

    // Applies `key=value` words; on success a new game starts from the start position.
    std::optional<std::string> setRules(const std::vector<std::string_view>& words);
    // `startpos` (no text) or a position text, then moves played in order.
    std::optional<std::string> setPosition(std::optional<std::string_view> text,
                                           const std::vector<std::string_view>& moves);
    void newGame();

    // Counting stops early, with a meaningless result, once `stop` is true.
    uint64_t perft(int depth, const std::function<void(Move, uint64_t)>& perMove,
                   const std::atomic<bool>* stop = nullptr) const;

private:
    std::shared_ptr<const Layout> layout_;
    std::unique_ptr<Game> game_;
};

}  // namespace cc
