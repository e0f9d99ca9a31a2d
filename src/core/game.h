#pragma once
// Playing a move: swaps, goal-entry bonus, finishing (mover first), places, turn order,
// and the end-of-game rules. Game adds the history that repetition needs.

#include <memory>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace cc {

// Whether the army meets its finishing rule (all / fill, king on tip) on the board.
bool armyMeetsFinish(const Position& position, Seat seat);
// Whether the army meets its finishing rule right after its piece swaps from -> to.
bool swapCompletesArmy(const Position& position, Seat seat, Hole from, Hole to);

// Plays a legal move, pass or resignation of the player to move. The caller checks
// legality (generateLegal); repetition is Game's job.
void playMove(Position& position, Move move);

// Ends the game for the reason given: players without a place are ranked (shared
// place for draws, by progress for the move limit with limitresult=progress and for
// stalls).
void endGame(Position& position, Status reason);

// A position with the history of how it was reached, for repetition.
class Game {
public:
    Game(std::shared_ptr<const Layout> layout, const Position& start);

    [[nodiscard]] const Position& position() const { return current_; }
    [[nodiscard]] const Layout& layout() const { return *layout_; }
    [[nodiscard]] const std::shared_ptr<const Layout>& layoutPtr() const { return layout_; }
    [[nodiscard]] const std::vector<Move>& moves() const { return moves_; }

    // Plays a move already known to be legal.
    void play(Move move);

    // For search and perft: step back to the previous position.
    void undo();

private:
    std::shared_ptr<const Layout> layout_;
    Position current_;
    std::vector<Position> previous_;
    std::vector<Move> moves_;
};

}  // namespace cc
