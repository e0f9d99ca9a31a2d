#pragma once
// A game as Python holds it: the start, the moves played and the core's Game (which
// keeps the repetition counts), with the legal moves of the current position kept
// until the next move. Undo replays the game from its start without its last move: the
// core plays forward only, and a game of a few hundred moves replays in microseconds.

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/move_text.h"

namespace cc::python {

class GameState {
  public:
    GameState(std::shared_ptr<const Layout> layout, const Position& start);
    // A copy plays on alone; its legal moves are listed afresh when asked.
    GameState(const GameState& other);
    GameState& operator=(const GameState&) = delete;
    GameState(GameState&&) = default;
    GameState& operator=(GameState&&) = default;
    ~GameState() = default;

    [[nodiscard]] const Position& position() const { return game_.position(); }
    [[nodiscard]] const Layout& layout() const { return *layout_; }
    [[nodiscard]] const std::shared_ptr<const Layout>& sharedLayout() const { return layout_; }
    [[nodiscard]] const Position& start() const { return start_; }
    [[nodiscard]] const std::vector<Move>& history() const { return history_; }
    // The legal moves of the current position, as `legal` lists them.
    [[nodiscard]] const MoveList& legal() const;
    // Plays a move of legal().
    void play(Move move);
    // Takes the last move back; false when none was played.
    bool undo();
    // The moves played, in move text, each in the position it was played from.
    [[nodiscard]] std::vector<std::string> historyTexts() const;

  private:
    std::shared_ptr<const Layout> layout_;
    Position start_;
    std::vector<Move> history_;
    Game game_;
    mutable std::unique_ptr<MoveList> legal_;
    mutable bool legalKnown_ = false;
};

}  // namespace cc::python
