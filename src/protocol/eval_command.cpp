// `eval`: the static race evaluation of the current position, term by term for each
// player, and the score it gives the player to move (protocol-spec/protocol.md, eval).

#include <fmt/format.h>

#include <climits>

#include "protocol/protocol.h"
#include "search/eval/eval.h"
#include "search/race/estimate.h"

namespace cc {

void Protocol::evaluation(const Words& args) {
    if (!noArguments("eval", args)) return;
    const Position& position = engine_.position();
    if (position.over()) {
        out_.line("info string game over: no evaluation (see result)");
        return;
    }
    const Layout& layout = position.layout();
    const Evaluator evaluator(layout, position);
    const race::RaceTable* raceTable = engine_.raceTable();
    if (raceTable == nullptr)
        out_.line(
            "info string no race table (RacePath, then isready): moves estimated, none exact");
    // The fewest moves the player's armies need to finish alone: `exact` from the race
    // table, `estimate` beyond its family or without a table, `none` for rules it does
    // not count.
    const auto movesText = [&](int player) -> std::string {
        const std::optional<race::RaceCount> count = race::playerRace(raceTable, position, player);
        if (!count) return "none";
        return fmt::format("{} {}", count->moves, count->exact ? "exact" : "estimate");
    };
    const int mover = position.mover();
    int leader = -1;
    int leaderCost = INT_MAX;
    for (int player = 0; player < layout.players(); ++player) {
        const EvalTerms terms = evaluator.terms(position, player);
        out_.line(fmt::format(
            "eval player {} steps {} straggler {} king {} athome {} parked {} offaxis {} "
            "lagging {} hops {} fillheld {} outside {} guard {} total {} moves {}{}",
            player + 1, terms.steps, terms.straggler, terms.king, terms.atHome, terms.parked,
            terms.offAxis, terms.lagging, terms.hops, terms.fillHeld, terms.outside, terms.guard,
            terms.total(), movesText(player), position.active(player) ? "" : " finished"));
        if (player != mover && position.active(player) && terms.total() < leaderCost) {
            leader = player;
            leaderCost = terms.total();
        }
    }
    out_.line(fmt::format(
        "eval score cp {} mover {} leader {} tempo {}", evaluator.evaluate(position, mover),
        mover + 1, leader < 0 ? "none" : fmt::format("{}", leader + 1), evaluator.weights().tempo));
}

}  // namespace cc
