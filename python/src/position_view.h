#pragma once
// What a position shows Python: its moves as objects with the protocol's move text,
// its result, its pieces, `eval`'s terms and the places' rewards.

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "game_state.h"

namespace cc::python {

// The position a list of legal moves came from, shared by the moves, which need it
// for their text.
struct MoveOrigin {
    std::shared_ptr<const Layout> layout;  // what the position's layout pointer names
    Position position;
};

// A legal move; its text (the fewest-hop path, as `legal` prints it) is found when first
// asked for: a random player or a search over the moves never asks.
struct PyMove {
    Move move;
    std::shared_ptr<const MoveOrigin> origin;
    mutable std::string text;
    [[nodiscard]] const std::string& textOf() const;
};

PyMove describeMove(const GameState& state, Move move);
std::vector<PyMove> legalMoves(const GameState& state);

// Where a game stands, as `result` prints it.
struct PyResult {
    bool over = false;
    std::string reason;
    std::vector<int> places;
    std::vector<int> scores;
};
PyResult gameResult(const GameState& state);

std::vector<std::string> pieceHoles(const GameState& state, int player);
std::vector<int> pieceCounts(const GameState& state);
pybind11::dict evaluationTerms(const GameState& state);
std::vector<float> placeRewards(const GameState& state);

void bindMove(pybind11::module_& module);
void bindResult(pybind11::module_& module);

}  // namespace cc::python
