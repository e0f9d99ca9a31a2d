#pragma once
// What a position shows Python: its moves as objects with the protocol's move text,
// its result, its pieces, `eval`'s terms and the places' rewards.

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "game_state.h"

namespace cc::python {

// A legal move with its text (the fewest-hop path, as `legal` prints it).
struct PyMove {
    Move move;
    std::string text;
};

PyMove describeMove(const Position& position, Move move);
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
