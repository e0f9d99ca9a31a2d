#pragma once
// `ccengine tune` (CONTRIBUTING.md, "Tuning the evaluation"): fits the evaluation's weights
// (search/eval/eval.h) to the results of ccmatch records by the Texel method. Quiet positions
// of the games are scored by the evaluation, each player against its leading opponent,
// and the weights are moved until a sigmoid of that score best predicts whether the
// player finished ahead of that opponent (least squares, Texel's local search).

#include <array>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/layout.h"
#include "core/position.h"
#include "search/eval/eval.h"
#include "util/expected.h"

namespace cc {

struct TuneSettings {
    int skipPlies = 8;       // the opening's first plies of each game are not sampled
    int quietMargin = 300;   // sampled when a 1-ply search gains at most this over the static score
    int maxPasses = 100;     // passes of the local search over the weights
    bool fitLagging = true;  // the crowded-board terms are fitted too
    // When not empty, only the weights named here (comma-separated) are fitted.
    std::string only;
};

// A position of a game and the game's final places (1 = first; equal places share).
struct TuneSample {
    Position position;
    std::array<int, kMaxPlayers> places{};
};

struct TuneData {
    std::vector<std::shared_ptr<const Layout>> layouts;  // the positions point to these
    std::vector<TuneSample> samples;
    int games = 0;
    int positions = 0;  // replayed, sampled or not
};

// Whether every name of the comma-separated list is a weight the fit may move (as
// TuneSettings::only wants); the error names the first that is not.
Expected<void> checkWeightNames(std::string_view names);

// The quiet positions of every game in the record text (ccmatch -pgnout) whose rules
// have `players` players; an error names the game and the failing move.
Expected<TuneData> readTuneData(const std::string& recordText, int players,
                                const TuneSettings& settings);

struct TuneResult {
    EvalWeights weights;
    double scale = 0;
    double errorBefore = 0;
    double errorAfter = 0;
};
// Texel's local search from `start`, `step` (the unit of the scale) held fixed.
TuneResult fitWeights(const TuneData& data, const EvalWeights& start, const TuneSettings& settings);

// The command line `ccengine tune [options] FILE...` (tools/tune_command_line.cpp):
// prints the fitted table row(s) as C++ to `out`; returns the exit status.
int runTune(const std::vector<std::string>& args, std::ostream& out, std::ostream& errors);

}  // namespace cc
