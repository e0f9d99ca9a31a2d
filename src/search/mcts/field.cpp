#include "search/mcts/field.h"

#include <algorithm>
#include <array>
#include <climits>

#include "core/movegen.h"
#include "search/eval/eval.h"
#include "search/players.h"

namespace cc::mcts {
namespace {

bool isGreedy(const Position& position, Move played, MoveList& moves) {
    generateLegal(position, moves);
    int64_t best = INT64_MIN;
    for (const Move move : moves) {
        if (move.isPieceMove()) best = std::max(best, greedyScore(position, move));
    }
    return greedyScore(position, played) == best;
}

// Enough moves to tell a greedy racer from a player that searches; a greedy racer's moves
// are all greedy, where a searching engine's are about a third of the time
// (protocol-spec/measurements-race.md, Who the others are), so a round of them all greedy
// by chance is rare.
constexpr int kEnoughMoves = 3;

// Rounds before a playout is cut where the others search, for three to six players
// (PlayoutSettings::cutRounds is the cut against greedy racers). Only six players was
// measured to gain (protocol-spec/measurements-race.md, Who the others are).
constexpr int kMinFieldPlayers = 3;
constexpr std::array<int, 4> kSearchingFieldCut = {3, 3, 3, 2};

// The six-player evaluation fitted to the own turns the engine took to finish against
// greedy racers (scripts/analysis/turns-left-fit.py; measurements-race.md, A count fitted
// to the turns taken): where the others leave the centre open, a piece behind or parked
// costs nothing beyond its steps. Against players that search it lost, so it is used
// only against greedy ones.
constexpr EvalWeights kGreedyFieldSix{.step = 100,
                                      .straggler = 0,
                                      .kingStep = 100,
                                      .tempo = 20,
                                      .offAxis = 11,
                                      .hopGain = 8,
                                      .fillHeld = 100,
                                      .guard = 2000,
                                      .goalCount = 4000};
constexpr int kGreedyFieldRowPlayers = 6;

}  // namespace

FieldReading readField(const Game& game, int player, int plies) {
    const std::vector<Move>& moves = game.moves();
    const size_t first = moves.size() - std::min(moves.size(), size_t(std::max(0, plies)));
    Position position = game.start();
    FieldReading reading;
    MoveList list;
    for (size_t ply = 0; ply < moves.size(); ++ply) {
        const Move move = moves[ply];
        if (ply >= first && move.isPieceMove() && position.mover() != player) {
            ++reading.moves;
            reading.greedy += isGreedy(position, move, list) ? 1 : 0;
        }
        playMove(position, move);
    }
    return reading;
}

bool greedyField(const FieldReading& reading) {
    return reading.moves < kEnoughMoves || reading.greedy == reading.moves;
}

MctsSettings fieldSettings(const Game& game, FieldReading& reading) {
    MctsSettings settings;
    const int players = game.layout().players();
    if (players < kMinFieldPlayers) return settings;
    reading = readField(game, game.position().mover(), players);
    if (!greedyField(reading)) {
        settings.playout.cutRounds = kSearchingFieldCut[size_t(players - kMinFieldPlayers)];
    } else if (players == kGreedyFieldRowPlayers && reading.moves >= kEnoughMoves) {
        settings.playout.weights = kGreedyFieldSix;
    }
    return settings;
}

}  // namespace cc::mcts
