#pragma once
// Playing a move: swaps, goal-entry bonus, finishing (mover first), places, turn order,
// and the end-of-game rules. Game adds the history that repetition needs.

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace cc {

// Plays a legal move, pass or resignation of the player to move. The caller checks
// legality (generateLegal); repetition is Game's job.
void playMove(Position& position, Move move);

// The next player after `player` in turn order who is still in the game (`player`
// itself when nobody else is).
int nextActivePlayer(const Position& position, int player);

// Ends the game for the reason given: players without a place are ranked (shared
// place for draws, by progress for the move limit with limitresult=progress and for
// stalls).
void endGame(Position& position, GameStatus reason);

// An end the rules would already have applied to this position (a finish under
// end=first, one player left, a passed move limit), for checking position texts.
std::optional<GameStatus> overdueEnd(const Position& position);

// How often each position (Position::repetitionKey) has occurred in a game, for repetition.
class RepetitionCount {
  public:
    void add(uint64_t key) { ++counts_[key]; }
    void remove(uint64_t key);
    [[nodiscard]] int count(uint64_t key) const;

  private:
    std::unordered_map<uint64_t, int> counts_;
};

// After `move` took `before` to `now` (already counted in `seen`): ends the game as a
// draw when `now` has occurred as often as the repetition rule allows. Positions
// reached by a resignation are not counted.
void applyRepetition(Position& now, const Position& before, Move move, const RepetitionCount& seen);
// Ends `now`, reached from `before`, as a draw by repetition (search keeps its own
// counts and calls this directly).
void endByRepetition(Position& now, const Position& before);

// A position with the history of how it was reached, for repetition.
class Game {
  public:
    Game(std::shared_ptr<const Layout> layout, const Position& start);

    [[nodiscard]] const Position& position() const { return current_; }
    [[nodiscard]] const Layout& layout() const { return *layout_; }
    // The position the game started from and the moves played since, in order.
    [[nodiscard]] const Position& start() const { return start_; }
    [[nodiscard]] const std::vector<Move>& moves() const { return moves_; }
    // Every position of the game that counts for repetition, the current one included.
    [[nodiscard]] const RepetitionCount& seen() const { return seen_; }
    // How often each player's own pieces have stood as they stand after one of its
    // moves (armyKey): a player whose pieces never stand the same way twice cannot
    // bring a position back.
    [[nodiscard]] const RepetitionCount& armiesSeen() const { return armiesSeen_; }
    // The placement of `player`'s pieces (all its armies), for armiesSeen.
    [[nodiscard]] static uint64_t armyKey(const Position& position, int player);

    // Plays a move already known to be legal.
    void play(Move move);

  private:
    std::shared_ptr<const Layout> layout_;
    Position start_;
    std::vector<Move> moves_;
    Position current_;
    RepetitionCount seen_;
    RepetitionCount armiesSeen_;
};

}  // namespace cc
