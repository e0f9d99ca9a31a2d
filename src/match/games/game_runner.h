#pragma once
// Plays one game between engine processes with core as the referee: starts the
// engines, sends the rules, hands each mover the position and every clock, checks each
// bestmove with parseMove and Game::play, and adjudicates (protocol-spec/match.md,
// "Adjudication"). A misbehaving engine forfeits: the referee resigns for it on its
// turn, so in N-player games the others play on (protocol-spec/rules.md §8.8 Resign).

#include <memory>
#include <vector>

#include "core/layout.h"
#include "match/engines/engine_client.h"
#include "match/openings/openings.h"
#include "match/records/game_record.h"
#include "match/settings/match_config.h"

namespace cc::match {

// The round cap for rules without a move limit of their own: after this many rounds
// the game is adjudicated by progress (protocol-spec/match.md, "Adjudication").
inline constexpr int kDefaultCapRounds = 300;

// The cap that applies to these rules: -cap when given, else the default for rules
// without a move limit; 0 means none.
int effectiveCap(const MatchConfig& config);

class LiveFeed;
class KeptEngines;

struct GameSetup {
    int game = 1;   // 1-based
    int round = 1;  // 1-based
    Opening opening;
    std::vector<int> enginePerPlayer;
    LiveFeed* live = nullptr;  // -live: told of the start, every move and the end
    // The worker's processes kept between games (engines with restart=off); null: every
    // engine starts and quits with the game.
    KeptEngines* kept = nullptr;
};

struct GameOutcome {
    GameRecord record;
    // An engine crashed or stopped answering: without -recover the match stops.
    bool engineBroke = false;
    int64_t refereeMs = 0;  // wall time of the game outside the engines' thinking
    int engineMoves = 0;    // bestmoves received
    StrayLines strayLines;  // every engine's of this game
    // Engines given the setting ponder whose cci announced no Ponder option.
    std::vector<std::string> ponderRefused;
};

GameOutcome playGame(const MatchConfig& config, const std::shared_ptr<const Layout>& layout,
                     const GameSetup& setup);

}  // namespace cc::match
