// Positions and moves: the protocol's position and move texts, legal moves, play, undo,
// result and perft, and the learning agent's view (seat_frame.h). Every method checks
// its input before it changes anything, so an error leaves the position as it was.

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <variant>

#include "bindings.h"
#include "core/ccp_cells.h"
#include "core/geometry.h"
#include "core/movegen.h"
#include "core/position_text.h"
#include "core/rules_text.h"
#include "game_state.h"
#include "position_view.h"
#include "seat_frame.h"
#include "tools/perft.h"

namespace py = pybind11;

namespace cc::python {
namespace {

// Deeper than this is days of counting; the protocol's perft has the same bound.
constexpr int kMaxPerftDepth = 30;

GameState makePosition(const RulesHandle& rules, const std::optional<std::string>& text) {
    if (!text) return {rules.layout, Position::start(*rules.layout)};
    Expected<Position> parsed = parsePosition(*rules.layout, *text);
    if (!parsed) throw PositionFailure(parsed.error());
    return {rules.layout, *parsed};
}

void refuseIfOver(const GameState& state, std::string_view what) {
    if (state.position().over())
        throw GameOverFailure(fmt::format("game over ({}): no move to {}",
                                          statusName(state.position().status()), what));
}

// The legal move a Move or a move text names in this position.
Move legalMove(const GameState& state, const std::variant<PyMove, std::string>& given) {
    refuseIfOver(state, "play");
    if (const auto* text = std::get_if<std::string>(&given)) {
        Expected<Move> move = parseMove(state.position(), *text);
        if (!move) throw MoveFailure(move.error());
        return *move;
    }
    const PyMove& move = std::get<PyMove>(given);
    const MoveList& legal = state.legal();
    if (std::find(legal.begin(), legal.end(), move.move) == legal.end())
        throw MoveFailure(fmt::format("'{}' is not a legal move in this position", move.textOf()));
    return move.move;
}

Move moveOfActionChecked(const GameState& state, int64_t action) {
    refuseIfOver(state, "play");
    const std::optional<Move> move = moveOfAction(state.position(), state.legal(), action);
    if (!move) throw MoveFailure(fmt::format("action {} names no legal move", action));
    return *move;
}

py::array_t<float> observation(const GameState& state, std::optional<int> player) {
    const int seat = player.value_or(state.position().mover() + 1);
    if (seat < 1 || seat > state.layout().players())
        throw std::out_of_range(
            fmt::format("player {}: expected 1..{}", seat, state.layout().players()));
    py::array_t<float> planes({kPlaneCount, kGridSide, kGridSide});
    writeObservation(state.position(), seat - 1,
                     std::span<float>(planes.mutable_data(), kObservationSize));
    return planes;
}

py::array_t<int8_t> actionMask(const GameState& state) {
    py::array_t<int8_t> mask(kActionCount);
    writeActionMask(state.position(), state.legal(),
                    std::span<int8_t>(mask.mutable_data(), kActionCount));
    return mask;
}

uint64_t countPerft(const GameState& state, int depth, int threads) {
    if (depth < 0 || depth > kMaxPerftDepth)
        throw std::invalid_argument(
            fmt::format("perft depth {}: expected 0..{}", depth, kMaxPerftDepth));
    if (threads < 1 || threads > 64)
        throw std::invalid_argument(fmt::format("perft threads {}: expected 1..64", threads));
    Game game(state.sharedLayout(), state.start());
    for (const Move move : state.history()) game.play(move);
    std::optional<uint64_t> count;
    {
        // The count runs on core's code alone: other Python threads go on meanwhile.
        const py::gil_scoped_release released;
        count = perft(game, depth, nullptr, nullptr, threads);
    }
    return count.value_or(0);
}

}  // namespace

void bindPosition(py::module_& module) {
    module.attr("ACTION_COUNT") = kActionCount;
    module.attr("PASS_ACTION") = kPassAction;
    module.attr("OBSERVATION_SHAPE") = py::make_tuple(kPlaneCount, kGridSide, kGridSide);
    module.def(
        "ccp_hole",
        [](int cell) {
            const std::optional<Hole> hole = holeOfCcpCell(cell);
            if (!hole) throw std::out_of_range(fmt::format("CCP cell {}: expected 0..120", cell));
            return Geometry::get().name(*hole);
        },
        py::arg("cell"), "The hole name of a CCP cell id (protocol-spec/ccp.md, Cells).");
    module.def(
        "holes",
        [] {
            py::list holes;
            for (Hole hole = 0; hole < kHoleCount; ++hole) {
                const Cube cube = Geometry::get().cube(hole);
                holes.append(py::make_tuple(Geometry::get().name(hole), cube.q, cube.r));
            }
            return holes;
        },
        "Every hole as (name, q, r), by index: cube coordinates, r growing northwards.");
    bindMove(module);
    bindResult(module);

    py::class_<GameState>(module, "Position",
                          "A position of a game: Position(rules) the start, "
                          "Position(rules, text) from the protocol's position text")
        .def(py::init(&makePosition), py::arg("rules"), py::arg("text") = std::nullopt)
        .def("__str__", [](const GameState& state) { return formatPosition(state.position()); })
        .def("__repr__",
             [](const GameState& state) {
                 return fmt::format("Position('{}')", formatPosition(state.position()));
             })
        .def(
            "__eq__",
            [](const GameState& state, const GameState& other) {
                // The same rules and the same position text (history aside, as in `getposition`).
                return formatRules(state.layout().rules()) == formatRules(other.layout().rules()) &&
                       formatPosition(state.position()) == formatPosition(other.position());
            },
            py::is_operator())
        .def("__hash__",
             [](const GameState& state) {
                 return py::hash(py::str(formatPosition(state.position())));
             })
        .def("copy", [](const GameState& state) { return GameState(state); })
        .def("__copy__", [](const GameState& state) { return GameState(state); })
        .def("__deepcopy__",
             [](const GameState& state, const py::dict&) { return GameState(state); })
        .def_property_readonly(
            "rules", [](const GameState& state) { return RulesHandle{state.sharedLayout()}; })
        .def_property_readonly("players",
                               [](const GameState& state) { return state.layout().players(); })
        .def_property_readonly(
            "mover", [](const GameState& state) { return state.position().mover() + 1; },
            "The player to move, from 1 as in the protocol.")
        .def_property_readonly("bonus_move",
                               [](const GameState& state) { return state.position().bonusMove(); })
        .def_property_readonly("round",
                               [](const GameState& state) { return state.position().round(); })
        .def_property_readonly("over",
                               [](const GameState& state) { return state.position().over(); })
        .def_property_readonly(
            "start", [](const GameState& state) { return formatPosition(state.start()); },
            "The position text the game started from (`position <start> moves ...`).")
        .def(
            "ccp",
            [](const GameState& state) {
                // CCP's `position` words (protocol-spec/ccp.md): ply counts both players' moves.
                const Position& now = state.position();
                if (state.layout().players() != 2 || !state.layout().seatUsed(0) ||
                    !state.layout().seatUsed(3))
                    throw PositionFailure("CCP plays two players on seats 1 and 4 only");
                const int ply = (now.round() - 1) * 2 + state.layout().turnIndex(now.mover());
                return fmt::format("cells {} player {} ply {}", ccpCells(now), now.mover(), ply);
            },
            "The position in CCP's words: `cells <board> player <0|1> ply <n>`.")
        .def_property_readonly("moves", &GameState::historyTexts,
                               "The moves played since the position was made, in move text.")
        .def("legal", &legalMoves, "The legal moves, as `legal` lists them.")
        .def(
            "legal_actions",
            [](const GameState& state) {
                const MoveList& legal = state.legal();
                py::array_t<int64_t> actions(legal.size());
                int64_t* out = actions.mutable_data();
                for (const Move move : legal) *out++ = actionOf(state.position(), move);
                return actions;
            },
            "The action numbers of the legal moves, in `legal`'s order.")
        .def(
            "play",
            [](GameState& state, const std::variant<PyMove, std::string>& move) {
                state.play(legalMove(state, move));
            },
            py::arg("move"), "Plays a Move or a move text; MoveError when it is not legal.")
        .def(
            "undo",
            [](GameState& state) {
                if (!state.undo()) throw MoveFailure("no move to take back");
            },
            "Takes back the last move played.")
        .def("result", &gameResult, "Where the game stands, as `result` says.")
        .def("perft", &countPerft, py::arg("depth"), py::arg("threads") = 1,
             "Leaves `depth` plies down, as `perft` counts them (the GIL released).")
        .def("pieces", &pieceHoles, py::arg("player"),
             "The holes of the player's pieces (player from 1), in hole order.")
        .def(
            "spares",
            [](const GameState& state) {
                std::vector<std::string> holes;
                Bitboard spares = state.position().spares();
                while (spares.any()) holes.push_back(Geometry::get().name(spares.popFirst()));
                return holes;
            },
            "The holes of the spare pieces that fill unused arms (unused=filled).")
        .def("piece_counts", &pieceCounts, "The number of pieces of each player, player 1 first.")
        .def("evaluate", &evaluationTerms, "`eval`'s terms for each player and the mover's score.")
        .def("observation", &observation, py::arg("player") = std::nullopt,
             "The planes from a player's seat (default the mover's; seat_frame.h).")
        .def("action_mask", &actionMask, "1 for each legal action of the mover, else 0.")
        .def(
            "action",
            [](const GameState& state, const PyMove& move) {
                return actionOf(state.position(), move.move);
            },
            py::arg("move"), "The action number of a move from the mover's seat.")
        .def(
            "move",
            [](const GameState& state, int64_t action) {
                return describeMove(state, moveOfActionChecked(state, action));
            },
            py::arg("action"), "The legal move an action number names.")
        .def(
            "play_action",
            [](GameState& state, int64_t action) {
                state.play(moveOfActionChecked(state, action));
            },
            py::arg("action"), "Plays the legal move an action number names.")
        .def("rewards", &placeRewards,
             "Each player's reward for its place: 1 first to -1 last; 0 while the game goes on.");
}

}  // namespace cc::python
