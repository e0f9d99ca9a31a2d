#pragma once
// The facade the protocol talks to: it owns the rules and the game (and, later, the
// search) and answers in the engine's text formats. Every setter validates first and
// changes nothing when it fails.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move_text.h"
#include "core/rules.h"

namespace cc {

// Where a game stands: over or not, why, and each player's place (0: none yet).
struct GameResult {
    bool over = false;
    std::string_view reason;  // the position text's status word
    std::vector<int> places;
    // Series scoring (seed 003): one point per opponent for first place, one fewer
    // per place after it.
    std::vector<int> scores;
};

// A perft that `stop` cut short has no count.
using PerftCount = std::optional<uint64_t>;

class Engine {
public:
    Engine();

    [[nodiscard]] const Rules& rules() const { return layout_->rules(); }
    [[nodiscard]] const Position& position() const { return game_->position(); }

    // Applies `key=value` words; on success a new game starts from the start position.
    std::optional<std::string> setRules(const std::vector<std::string_view>& words);
    // `startpos` (no text) or a position text, then moves played in order.
    std::optional<std::string> setPosition(std::optional<std::string_view> text,
                                           const std::vector<std::string_view>& moves);
    void newGame();

    [[nodiscard]] std::string rulesText() const;
    [[nodiscard]] std::string positionText() const;
    // The legal moves as `legal` prints them; only those of the piece on `from` if given.
    [[nodiscard]] std::vector<std::string> legalMoveTexts(std::optional<Hole> from,
                                                          HoleNotation notation) const;
    [[nodiscard]] GameResult result() const;

    // Leaves `depth` plies down; `perMove` hears each root move's subtotal (divide).
    PerftCount perft(int depth,
                     const std::function<void(std::string_view move, uint64_t nodes)>& perMove,
                     HoleNotation notation, const std::atomic<bool>* stop = nullptr) const;

private:
    std::shared_ptr<const Layout> layout_;
    std::unique_ptr<Game> game_;
};

}  // namespace cc
