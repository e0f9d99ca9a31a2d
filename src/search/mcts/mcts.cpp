#include "search/mcts/mcts.h"

#include <fmt/format.h>

#include <memory>

#include "search/mcts/mcts_reuse.h"
#include "search/mcts/mcts_search.h"
#include "util/random.h"

namespace cc {
namespace mcts {

MonteCarlo::MonteCarlo(const SearchContext& context, const MctsPlan& plan, MctsTree& tree,
                       size_t thread, SharedSearch& shared)
    : context_(context),
      plan_(plan),
      settings_(plan.settings),
      layout_(context.game.layout()),
      root_(context.game.position()),
      rootPlayer_(root_.mover()),
      playout_(layout_, plan.settings.playout, root_),
      random_((context.options.seed + thread) * kSplitMixGamma ^ root_.key() ^
              0x6a09e667f3bcc909ULL),
      nodes_(*tree.nodes),
      history_(*tree.history),
      thread_(thread),
      shared_(shared),
      start_(context.limits.received) {
    if (nodes_.empty() && nodes_.add(1, settings_.maxNodes)) {
        nodes_[0].setShape(NodeState::expanding, 0);
        orderChildren(true, root_);
        addChildren(0, root_);
    }
}

void MonteCarlo::runMain() {
    do {
        iterate();
    } while (!stopAfterPlayout());
}

void MonteCarlo::runHelper() {
    // `go nodes` counts every thread's playouts: a helper checks it too, so that the
    // total stays within a playout a thread of the limit however the threads are run.
    const std::optional<uint64_t> nodes = context_.limits.nodes;
    while (!shared_.done.load(std::memory_order_relaxed) &&
           !context_.stop.load(std::memory_order_relaxed) &&
           !(nodes && shared_.total() >= *nodes)) {
        iterate();
    }
}

SearchResult MonteCarlo::finish() {
    const std::vector<RootLine> lines = rootLines();
    report(lines);
    SearchResult result;
    result.best = nodes_[lines.front().child].move;
    result.nodes = shared_.total();
    result.last = lastReportMade_;
    return result;
}

}  // namespace mcts

SearchResult searchMcts(const SearchContext& context, const MctsPlan& plan) {
    const auto threads = size_t(std::max(1, context.options.threads));
    MctsKeptTree scratch;
    MctsTree& tree = (context.mctsTree != nullptr ? *context.mctsTree : scratch).tree();
    // The moves played since the last search: usually one round, more with bonus moves.
    const Position& root = context.game.position();
    const int reach = 2 * root.layout().players();
    const uint64_t kept = reuseTree(tree, root, plan.rootMoves, reach, plan.settings.maxNodes / 2);
    if (context.mctsTree != nullptr && context.callbacks.onMessage)
        context.callbacks.onMessage(fmt::format("mcts playouts kept {}", kept));

    mcts::SharedSearch shared(threads);
    std::vector<std::unique_ptr<mcts::MonteCarlo>> searches;
    for (size_t thread = 0; thread < threads; ++thread)
        searches.push_back(std::make_unique<mcts::MonteCarlo>(context, plan, tree, thread, shared));
    mcts::MonteCarlo& main = *searches.front();
    if (!main.hasMoves()) return {};
    context.threads.run(int(threads), [&](int index, ThreadMemory&) {
        if (index != 0) {
            searches[size_t(index)]->runHelper();
            return;
        }
        // The helpers end with the main search, however it ends.
        try {
            main.runMain();
        } catch (...) {
            shared.done = true;
            throw;
        }
        shared.done = true;
    });
    return main.finish();
}

}  // namespace cc
