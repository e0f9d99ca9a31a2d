#include "position_view.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <climits>

#include "bindings.h"
#include "core/geometry.h"
#include "core/move_text.h"
#include "core/position_text.h"
#include "search/eval/eval.h"
#include "seat_frame.h"

namespace py = pybind11;

namespace cc::python {
namespace {

std::string_view kindName(MoveKind kind) {
    switch (kind) {
        case MoveKind::Normal:
            return "normal";
        case MoveKind::Swap:
            return "swap";
        case MoveKind::Pass:
            return "pass";
        case MoveKind::Resign:
            return "resign";
    }
    return "normal";
}

py::object holeName(const PyMove& move, Hole hole) {
    if (!move.move.isPieceMove()) return py::none();
    return py::str(Geometry::get().name(hole));
}

}  // namespace

const std::string& PyMove::textOf() const {
    if (text.empty()) text = formatMove(origin->position, move, HoleNotation::Name);
    return text;
}

PyMove describeMove(const GameState& state, Move move) {
    return {move,
            std::make_shared<const MoveOrigin>(MoveOrigin{state.sharedLayout(), state.position()}),
            {}};
}

std::vector<PyMove> legalMoves(const GameState& state) {
    std::vector<PyMove> moves;
    const MoveList& legal = state.legal();
    moves.reserve(size_t(legal.size()));
    const auto origin =
        std::make_shared<const MoveOrigin>(MoveOrigin{state.sharedLayout(), state.position()});
    for (const Move move : legal) moves.push_back({move, origin, {}});
    return moves;
}

PyResult gameResult(const GameState& state) {
    const Position& now = state.position();
    PyResult result{now.over(), std::string(statusName(now.status())), {}, {}};
    const int players = state.layout().players();
    for (int player = 0; player < players; ++player) {
        result.places.push_back(now.place(player));
        result.scores.push_back(players - now.place(player));
    }
    return result;
}

std::vector<std::string> pieceHoles(const GameState& state, int player) {
    if (player < 1 || player > state.layout().players())
        throw std::out_of_range(
            fmt::format("player {}: expected 1..{}", player, state.layout().players()));
    std::vector<std::string> holes;
    Bitboard pieces = state.position().piecesOf(player - 1);
    while (pieces.any()) holes.push_back(Geometry::get().name(pieces.popFirst()));
    return holes;
}

std::vector<int> pieceCounts(const GameState& state) {
    std::vector<int> counts;
    counts.reserve(size_t(state.layout().players()));
    for (int player = 0; player < state.layout().players(); ++player)
        counts.push_back(state.position().piecesOf(player).count());
    return counts;
}

py::dict evaluationTerms(const GameState& state) {
    const Position& position = state.position();
    if (position.over()) throw GameOverFailure("game over: no evaluation (see result)");
    const Evaluator evaluator(state.layout(), position);
    py::list players;
    int leader = -1;
    int leaderCost = INT_MAX;
    for (int player = 0; player < state.layout().players(); ++player) {
        const EvalTerms terms = evaluator.terms(position, player);
        py::dict entry;
        entry["steps"] = terms.steps;
        entry["straggler"] = terms.straggler;
        entry["king"] = terms.king;
        entry["athome"] = terms.atHome;
        entry["parked"] = terms.parked;
        entry["offaxis"] = terms.offAxis;
        entry["lagging"] = terms.lagging;
        entry["hops"] = terms.hops;
        entry["fillheld"] = terms.fillHeld;
        entry["outside"] = terms.outside;
        entry["guard"] = terms.guard;
        entry["total"] = terms.total();
        entry["finished"] = !position.active(player);
        players.append(entry);
        // The leading opponent, as `eval` names it: the active one with least to go.
        if (player != position.mover() && position.active(player) && terms.total() < leaderCost) {
            leader = player;
            leaderCost = terms.total();
        }
    }
    py::dict evaluation;
    evaluation["players"] = players;
    evaluation["score"] = evaluator.evaluate(position, position.mover());
    evaluation["mover"] = position.mover() + 1;
    evaluation["leader"] = leader < 0 ? py::object(py::none()) : py::object(py::int_(leader + 1));
    evaluation["tempo"] = evaluator.weights().tempo;
    return evaluation;
}

std::vector<float> placeRewards(const GameState& state) {
    std::vector<float> rewards(size_t(state.layout().players()));
    writePlaceRewards(state.position(), rewards);
    return rewards;
}

void bindMove(py::module_& module) {
    py::class_<PyMove>(module, "Move", "A legal move; str() is the protocol's move text")
        .def("__str__", &PyMove::textOf)
        .def("__repr__",
             [](const PyMove& move) { return fmt::format("Move('{}')", move.textOf()); })
        .def("__eq__",
             [](const PyMove& move, const PyMove& other) { return move.move == other.move; })
        .def("__hash__",
             [](const PyMove& move) {
                 return (int(move.move.kind) << 16) | (move.move.from << 8) | move.move.to;
             })
        .def_property_readonly("text", &PyMove::textOf)
        .def_property_readonly("kind", [](const PyMove& move) { return kindName(move.move.kind); })
        .def_property_readonly("from_hole",
                               [](const PyMove& move) { return holeName(move, move.move.from); })
        .def_property_readonly("to_hole",
                               [](const PyMove& move) { return holeName(move, move.move.to); });
}

void bindResult(py::module_& module) {
    py::class_<PyResult>(module, "Result", "Where a game stands, as `result` prints it")
        .def_readonly("over", &PyResult::over)
        .def_readonly("reason", &PyResult::reason, "The position text's status word.")
        .def_readonly("places", &PyResult::places,
                      "Each player's place, player 1 first; 0: none yet.")
        .def_readonly("scores", &PyResult::scores, "Series points (rules.md, Scores).")
        .def("__repr__", [](const PyResult& result) {
            return fmt::format("Result(over={}, reason='{}', places=[{}])",
                               result.over ? "True" : "False", result.reason,
                               fmt::join(result.places, ", "));
        });
}

}  // namespace cc::python
