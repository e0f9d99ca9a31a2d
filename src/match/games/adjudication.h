#pragma once
// Adjudication (protocol-spec/match.md, "Adjudication"): a list of adjudicators, each
// told every move (and the score the mover's engine reported) and asked before every
// move whether the game ends here. A new adjudication is one class and one line in
// makeAdjudicators.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "match/records/game_record.h"
#include "match/records/move_eval.h"
#include "match/settings/match_config.h"

namespace cc::match {

struct Verdict {
    std::vector<int> places;  // per player
    EndReason reason = EndReason::Cap;
    std::string termination;
};

class Adjudicator {
  public:
    Adjudicator() = default;
    Adjudicator(const Adjudicator&) = delete;
    Adjudicator& operator=(const Adjudicator&) = delete;
    Adjudicator(Adjudicator&&) = delete;
    Adjudicator& operator=(Adjudicator&&) = delete;
    virtual ~Adjudicator() = default;
    // After a move by `mover`, with what its engine's last `info` line with a score said
    // (empty when it sent none).
    virtual void observe(int mover, const MoveEval& eval) = 0;
    // Before each move of a game still running.
    virtual std::optional<Verdict> verdict(const Position& now) = 0;
};

std::vector<std::unique_ptr<Adjudicator>> makeAdjudicators(const MatchConfig& config);

}  // namespace cc::match
