#include "match/records/record_replay.h"

#include <fmt/format.h>

#include "core/move_text.h"
#include "core/rules_text.h"
#include "match/openings/openings.h"
#include "util/text.h"

namespace cc::match {

Expected<Game> recordStart(const GameRecord& record) {
    Expected<Rules> rules = applyRuleWords(Rules{}, splitWords(record.rules));
    if (!rules) return Error{fmt::format("game {}: Rules: {}", record.game, rules.error())};
    const std::shared_ptr<const Layout> layout = Layout::make(*rules);
    Expected<Opening> opening = parseOpening(layout, record.opening);
    Expected<Game> game = opening ? replayOpening(layout, *opening) : Error{opening.error()};
    if (!game) return Error{fmt::format("game {}: Opening: {}", record.game, game.error())};
    return game;
}

Expected<void> replayRecord(
    const GameRecord& record,
    const std::function<void(int ply, int mover, const Game& after)>& played) {
    Expected<Game> game = recordStart(record);
    if (!game) return Error{game.error()};
    for (size_t ply = 0; ply < record.moves.size(); ++ply) {
        Expected<Move> move = parseMove(game->position(), record.moves[ply]);
        if (!move)
            return Error{fmt::format("game {} ply {}: {}", record.game, ply + 1, move.error())};
        const int mover = game->position().mover();
        game->play(*move);
        played(int(ply) + 1, mover, *game);
    }
    return {};
}

}  // namespace cc::match
