// `eval`: the static race evaluation of the current position, term by term for each
// player, and the score it gives the player to move (protocol-spec/protocol.md, eval).

#include <fmt/format.h>

#include <climits>

#include "protocol/protocol.h"
#include "search/eval.h"

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
    const int mover = position.mover();
    int leader = -1;
    int leaderCost = INT_MAX;
    for (int player = 0; player < layout.players(); ++player) {
        const EvalTerms terms = evaluator.terms(position, player);
        out_.line(fmt::format(
            "eval player {} steps {} straggler {} king {} athome {} parked {} offaxis {} "
            "lagging {} hops {} fillheld {} outside {} guard {} total {}{}",
            player + 1, terms.steps, terms.straggler, terms.king, terms.atHome, terms.parked,
            terms.offAxis, terms.lagging, terms.hops, terms.fillHeld, terms.outside, terms.guard,
            terms.total(), position.active(player) ? "" : " finished"));
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
