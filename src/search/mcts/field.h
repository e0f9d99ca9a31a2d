#pragma once
// How the other players have been playing, read from the game record: how many of their
// recent moves the greedy rule (search/players.h) would have made. The playouts model
// every opponent as a greedy racer; a search trusts that model further where the record
// says the opponents race greedily (protocol-spec/play.md, Who the others are).

#include "core/game.h"
#include "search/mcts/mcts.h"

namespace cc::mcts {

struct FieldReading {
    int moves = 0;   // the other players' piece moves read
    int greedy = 0;  // of them, the ones with the greedy rule's best score
};

// The other players' piece moves among the game's last `plies` moves.
[[nodiscard]] FieldReading readField(const Game& game, int player, int plies);

// Whether a reading says the other players race greedily: all of enough moves.
[[nodiscard]] bool greedyField(const FieldReading& reading);

// The settings of a search for the player to move in `game`, read from the last round: at six
// players, where the others do not race greedily, the playouts are cut sooner (their later
// moves, greedy in the model, would be noise); where they all do, the cut is valued by the row
// fitted against greedy racers.
[[nodiscard]] MctsSettings fieldSettings(const Game& game, FieldReading& reading);

}  // namespace cc::mcts
