// One alpha-beta node: the table probe, the moves in order, each child searched (late
// moves reduced, then re-searched), the cut-off and the store.

#include "core/game.h"
#include "core/movegen.h"
#include "search/alphabeta/alphabeta_worker.h"
#include "search/repetition.h"

namespace cc::alphabeta {
namespace {

// Late move reductions: a late move is searched two plies shallower first. Two, not
// one: the race evaluation favours whoever moved last, so a search one ply shorter ends
// on the other side's move and misjudges it.
constexpr int kReduction = 2;
constexpr int kReduceFrom = 4;   // the least depth whose late moves are reduced
constexpr size_t kLateMove = 3;  // moves ordered before this are never reduced

}  // namespace

void Worker::flushNodes() {
    const uint64_t total = s_.nodes.fetch_add(unflushed_, std::memory_order_relaxed) + unflushed_;
    unflushed_ = 0;
    if (s_.context.stop.load(std::memory_order_relaxed)) s_.abort = true;
    if (index_ != 0) return;
    const SearchLimits& limits = s_.context.limits;
    if (limits.nodes && total >= *limits.nodes) s_.abort = true;
    if (s_.plan.budget.hard && s_.elapsed() >= *s_.plan.budget.hard) s_.abort = true;
}

void Worker::rewardCutoff(const Position& position, const ScoredMove& move, int depth, int ply) {
    if (move.player != position.mover()) return;
    killers_.remember(ply, move.move);
    rewardHistory(history_[move.player][move.move.from][move.move.to], depth);
}

std::optional<int> Worker::terminal(const Position& position, int ply) const {
    const int root = s_.root;
    const int players = s_.layout.players();
    if (!position.over() && s_.layout.rules().fairFinishApplies()) {
        // The last round: a root player that has finished may still have to share first
        // place with those who finish after it; one that has not finished has lost once
        // its turns in the round are over (unless adjacent entry finishes it on another's
        // move).
        if (lastRound(position) && position.active(root) && !rootMovesInRound(position) &&
            !s_.layout.rules().adjacentEntry) {
            return -(kMate - ply);
        }
        return std::nullopt;
    }
    if (!position.over() && position.active(root)) {
        // Someone else took the place the root player races for: lost.
        for (int player = 0; player < players; ++player) {
            if (player != root && position.place(player) == s_.target &&
                !position.resigned(player)) {
                return -(kMate - ply);
            }
        }
        return std::nullopt;
    }
    const int place = position.place(root);
    if (place > s_.target) return -(kMate - ply);
    int sharing = 0;
    for (int player = 0; player < players; ++player) {
        if (player != root && position.place(player) == place) ++sharing;
    }
    if (sharing == 0) return kMate - ply;
    return sharing == players - 1 ? 0 : kSharedWin;
}

void Worker::enterChild(Position& next, const Position& parent, bool mayRepeat) {
    if (!s_.repetition) return;
    if (mayRepeat && !next.over() && repeats(next, s_.context.game, path_)) {
        endByRepetition(next, parent);
    }
    path_.push_back(next.repetitionKey());
}

Position Worker::play(const Position& position, const ScoredMove& move) const {
    Position next = position;
    if (move.player != position.mover()) next.setMover(move.player, false);
    playMove(next, move.move);
    if (s_.bestReply && move.player != s_.root && !next.over() && next.active(s_.root)) {
        next.setMover(s_.root, false);
    }
    return next;
}

int Worker::gain(const Position& position, int player, Move move) const {
    if (!move.isPieceMove()) return 0;
    for (Seat seat : s_.layout.armies(player)) {
        if (position.army(seat).test(move.from)) {
            return s_.layout.distanceToGoal(seat, move.from) -
                   s_.layout.distanceToGoal(seat, move.to);
        }
    }
    return 0;
}

void Worker::generate(const Position& position, int ply, std::optional<Move> tableMove) {
    std::vector<ScoredMove>& list = movesAt_[ply];
    list.clear();
    MoveList moves;
    auto add = [&](const Position& from, int player) {
        generateLegal(from, moves);
        const auto& history = history_[player];
        const bool toMove = player == position.mover();
        for (const Move move : moves) {
            int score = plainOrderScore(gain(from, player, move), history[move.from][move.to]);
            if (toMove) {
                score = tableMove && move == *tableMove ? kTableMoveScore
                                                        : score + killers_.bonus(ply, move);
            }
            list.push_back(ScoredMove{move, int8_t(player), score});
        }
    };
    const int mover = position.mover();
    if (!s_.bestReply || mover == s_.root) {
        add(position, mover);
        return;
    }
    for (int player = 0; player < s_.layout.players(); ++player) {
        if (player == s_.root || !position.active(player)) continue;
        if (player == mover) {
            add(position, player);
        } else {
            Position asPlayer = position;
            asPlayer.setMover(player, false);
            add(asPlayer, player);
        }
    }
}

void Worker::updatePv(int ply, const ScoredMove& move) {
    pvTable_[ply][0] = PlayedMove{move.move, move.player};
    const int childLength = ply + 1 < kMaxPly ? pvLength_[ply + 1] : 0;
    for (int index = 0; index < childLength && index + 1 < kMaxPly; ++index) {
        pvTable_[ply][index + 1] = pvTable_[ply + 1][index];
    }
    pvLength_[ply] = std::min(childLength + 1, kMaxPly);
}

std::optional<int> Worker::probe(uint64_t key, int depth, int ply, bool pvNode,
                                 const NodeBest& node, std::optional<Move>& tableMove) const {
    const std::optional<TableEntry> entry = s_.context.table.probe(key);
    if (!entry) return std::nullopt;
    tableMove = entry->move;
    const int stored = scoreFromTable(entry->score, ply);
    if (pvNode || entry->depth < depth) return std::nullopt;
    const bool settles = entry->bound == Bound::Exact ||
                         (entry->bound == Bound::Lower && stored >= node.beta) ||
                         (entry->bound == Bound::Upper && stored <= node.alpha);
    return settles ? std::optional<int>(stored) : std::nullopt;
}

bool Worker::improve(const Position& position, const ScoredMove& current, int value, int depth,
                     int ply, bool pvNode, NodeBest& node) {
    if (value <= node.best) return false;
    node.best = value;
    if (current.player == position.mover()) node.move = current.move;
    if (value <= node.alpha) return false;
    node.alpha = value;
    if (pvNode) updatePv(ply, current);
    if (value < node.beta) return false;
    rewardCutoff(position, current, depth, ply);
    return true;
}

int Worker::searchLater(const Position& position, const Position& next, const ScoredMove& current,
                        size_t index, int depth, int ply, bool pvNode, const NodeBest& node) {
    const int alpha = node.alpha;
    // A late move (not the table's, not a killer) is searched again at full depth only if
    // the shallower search says it beats alpha.
    const bool reduce = s_.reduceLateMoves && depth >= kReduceFrom && index >= kLateMove &&
                        current.score < kUnreducedScore;
    int value = 0;
    if (reduce) value = child(position, next, alpha, alpha + 1, depth - 1 - kReduction, ply, false);
    if (!reduce || value > alpha)
        value = child(position, next, alpha, alpha + 1, depth - 1, ply, false);
    if (value > alpha && value < node.beta && pvNode) {
        value = child(position, next, alpha, node.beta, depth - 1, ply, true);
    }
    return value;
}

Visit Worker::visitChild(const Position& position, const ScoredMove& current, bool mayPutOff,
                         int depth, int ply, bool pvNode, NodeBest& node, size_t& searched) {
    BusyChildren* const busy = s_.busyAt(depth);
    Position next = play(position, current);
    const uint64_t childKey = next.key() ^ s_.salt;
    if (busy != nullptr && mayPutOff && busy->has(childKey)) return Visit::PutOff;
    const BusyMark mark(busy, childKey);
    const size_t index = searched++;
    enterChild(next, position, current.move.kind != MoveKind::Resign);
    const int value = index == 0
                          ? child(position, next, node.alpha, node.beta, depth - 1, ply, pvNode)
                          : searchLater(position, next, current, index, depth, ply, pvNode, node);
    leaveChild();
    if (s_.aborted()) {
        node.aborted = true;
        return Visit::Stop;
    }
    return improve(position, current, value, depth, ply, pvNode, node) ? Visit::Stop
                                                                       : Visit::Searched;
}

int Worker::search(const Position& position, int alpha, int beta, int depth, int ply, bool pvNode) {
    pvLength_[ply] = 0;
    const bool rootSide = position.mover() == s_.root;
    if (std::optional<int> outcome = terminal(position, ply))
        return rootSide ? *outcome : -*outcome;
    countNode();
    if (s_.aborted()) return 0;
    seldepth_ = std::max(seldepth_, ply);
    // The root player's last turn of the game is searched, not guessed: it either
    // finishes the root player (first place, perhaps shared) or loses.
    if (depth <= 0 && ply < kMaxPly - 2 && lastRound(position) && position.mover() == s_.root) {
        depth = 1;
    }
    if (depth <= 0 || ply >= kMaxPly - 1) {
        const int value =
            std::clamp(s_.evaluator.evaluate(position, s_.root), -kEvalLimit, kEvalLimit);
        return rootSide ? value : -value;
    }

    const uint64_t key = position.key() ^ s_.salt;
    NodeBest node(alpha, beta);
    std::optional<Move> tableMove;
    if (const std::optional<int> settled = probe(key, depth, ply, pvNode, node, tableMove))
        return *settled;

    generate(position, ply, tableMove);
    if (depth == 1) return frontier(position, alpha, beta, ply, pvNode, key);
    MovePicker picker(movesAt_[ply]);
    size_t searched = 0;
    visitPuttingOffBusy(
        putOffAt_[ply], [&] { return picker.next(); },
        [&](const ScoredMove& current, bool mayPutOff) {
            return visitChild(position, current, mayPutOff, depth, ply, pvNode, node, searched);
        });
    if (node.aborted) return 0;
    store(key, node, depth, ply);
    return node.best;
}

}  // namespace cc::alphabeta
