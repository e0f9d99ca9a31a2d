#include "match/records/ccerl_games.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "core/ccp_cells.h"
#include "core/game.h"
#include "core/layout.h"
#include "core/move_text.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "match/engines/ccp_client.h"
#include "match/settings/json_value.h"
#include "util/text.h"

namespace cc::match {

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;  // key, JSON value

// One JSON object on one line with its keys sorted and Python's separators (", " and
// ": "), as the referee's json.dumps(..., sort_keys=True) writes it.
std::string jsonLine(Fields fields) {
    std::sort(fields.begin(), fields.end());
    std::vector<std::string> parts;
    parts.reserve(fields.size());
    for (const auto& [key, value] : fields) parts.push_back(jsonString(key) + ": " + value);
    std::string line = "{";
    line += join(parts, ", ");
    return line + "}\n";
}

std::string pathJson(const Position& position, Move move) {
    std::vector<std::string> cells;
    for (const Hole hole : shortestPath(position, move)) {
        cells.push_back(std::to_string(ccpCellOfHole(hole)));
    }
    std::string list = "[";
    list += join(cells, ", ");
    return list + "]";
}

}  // namespace

std::string ccerlReason(const GameRecord& record, const Position& final) {
    switch (record.reason) {
        case EndReason::Finish: {
            if (record.places[0] == record.places[1]) return "equal_turn_goal_draw";
            const int winner = record.places[0] < record.places[1] ? 0 : 1;
            const Layout& layout = final.layout();
            const Seat seat = layout.armies(winner).front();
            const Bitboard army = final.army(seat);
            return (army & layout.goal(seat)) == army ? "all_pieces_in_goal"
                                                      : "anti_block_goal_full";
        }
        case EndReason::Repetition:
            return "repetition";
        case EndReason::MoveLimit:
        case EndReason::MaxMoves:
        case EndReason::Cap:
            return "max_ply";
        case EndReason::Stall:
        case EndReason::PassRound:
            return "no_legal_moves";
        case EndReason::IllegalMove:
        case EndReason::Resign:
            return "illegal_move";
        case EndReason::TimeLoss:
        case EndReason::Crash:
        case EndReason::Unresponsive:
            return "protocol_error";
        case EndReason::AdjudicatedResign:
        case EndReason::AdjudicatedDraw:
            break;
    }
    // ccmatch's own adjudications have no CCERL name: theirs, spelled as CCERL spells.
    std::string name(endReasonName(record.reason));
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

Expected<std::string> ccerlGameLines(const GameRecord& record, const Opening& opening,
                                     const Rules& rules) {
    if (record.players() != 2) return Error{"CCERL's records are for two players"};
    const std::shared_ptr<const Layout> layout = Layout::make(rules);
    Expected<Position> start = parsePosition(*layout, record.start);
    if (!start) return Error{"the record's start position: " + start.error()};
    const int gameId = record.game - 1;  // the referee counts games from 0
    const int initialPly = ccpPly(*start);
    std::string lines = jsonLine({
        {"type", "\"ccp_game_start\""},
        {"game_id", std::to_string(gameId)},
        {"position_id", opening.suiteId},
        // The referee's default when a suite row names none.
        {"ruleset", jsonString(opening.ruleset.empty() ? "CCERL-2P10-v1" : opening.ruleset)},
        {"rule_profile", jsonString(kCcerlRuleProfile)},
        {"initial_cells", jsonString(ccpCells(*start))},
        {"initial_player", std::to_string(start->mover())},
        {"initial_ply", std::to_string(initialPly)},
        {"p0", jsonString(record.engines[0])},
        {"p1", jsonString(record.engines[1])},
        {"max_plies", std::to_string(std::max(2 * rules.moveLimit, initialPly))},
    });
    Game game(layout, *start);
    int plies = initialPly;  // counted: a finished position does not pass the turn on
    for (const std::string& text : record.moves) {
        if (text == "resign") break;  // a forfeit: the end line says why
        const Position before = game.position();
        Expected<Move> move = parseMove(before, text);
        if (!move) return Error{fmt::format("move '{}': {}", text, move.error())};
        if (!move->isPieceMove()) return Error{fmt::format("move '{}' moves no piece", text)};
        game.play(*move);
        lines += jsonLine({
            {"type", "\"ccp_move\""},
            {"game_id", std::to_string(gameId)},
            {"ply", std::to_string(plies)},
            {"player", std::to_string(before.mover())},
            {"engine", jsonString(record.engines[size_t(before.mover())])},
            {"from", std::to_string(ccpCellOfHole(move->from))},
            {"to", std::to_string(ccpCellOfHole(move->to))},
            {"path", pathJson(before, *move)},
            {"cells_after", jsonString(ccpCells(game.position()))},
        });
        ++plies;
    }
    const bool draw = record.places[0] == record.places[1];
    Fields end = {
        {"type", "\"ccp_game_end\""},
        {"game_id", std::to_string(gameId)},
        {"draw", draw ? "true" : "false"},
        {"winner", draw ? "null" : std::to_string(record.places[0] < record.places[1] ? 0 : 1)},
        {"reason", jsonString(ccerlReason(record, game.position()))},
        {"plies", std::to_string(plies)},
    };
    // The referee says why only when it forfeits a game.
    if (isForfeit(record.reason) || record.reason == EndReason::Resign) {
        end.emplace_back("detail",
                         jsonString(record.forfeits.empty() ? record.termination
                                                            : record.forfeits.front().detail));
    }
    return lines + jsonLine(std::move(end));
}

}  // namespace cc::match
