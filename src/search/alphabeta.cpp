#include "search/alphabeta.h"

#include <algorithm>
#include <array>
#include <memory>
#include <thread>

#include "core/movegen.h"
#include "search/busy_children.h"
#include "search/eval.h"
#include "search/players.h"
#include "search/score.h"

namespace cc {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kAspirationDelta = 60;
constexpr uint64_t kNodesPerCheck = 1024;
// Late move reductions: a late move is searched two plies shallower first. Two, not
// one: the race evaluation favours whoever moved last, so a search one ply shorter ends
// on the other side's move and misjudges (one ply lost -66 +- 57 Elo over 106 games
// where two plies won, 2 players, st=0.1).
constexpr int kReduction = 2;
constexpr int kReduceFrom = 4;         // the least depth whose late moves are reduced
constexpr size_t kLateMove = 3;        // moves ordered before this are never reduced
constexpr int kKillerScore = 1 << 23;  // a killer's bonus: far above any gain or history

struct ScoredMove {
    Move move;
    int8_t player;
    int score;
};

// The best place the player to move can still take. Under fair finish everyone who
// finishes in the round of the first finish shares first place (protocol-spec/rules.md
// §8.3), so it stays first while the game goes on.
int bestReachablePlace(const Position& position) {
    if (position.layout().rules().fairFinishApplies()) return 1;
    return position.finishedCount() + 1;
}

// Nodes this deep and deeper share their children between threads; below, a child is
// too cheap to be worth the bookkeeping.
constexpr int kSharedDepth = 3;

// What every search thread shares.
struct Shared {
    const SearchContext& context;
    const AlphaBetaPlan& plan;
    const Layout& layout;
    Evaluator evaluator;
    int root;
    int target;  // the best place the root player can still take
    bool bestReply;
    bool repetition;
    // Late moves may be reduced: two players take turns ply by ply, so two plies less
    // keep whose move ends the search. (Best reply alternates too, but no match has
    // measured it there.)
    bool reduceLateMoves;
    uint64_t salt;  // keeps table entries of differently rooted N-player trees apart
    Clock::time_point start;
    int threads;
    std::atomic<bool> abort{false};
    std::atomic<uint64_t> nodes{0};
    BusyChildren busy;

    Shared(const SearchContext& searchContext, const AlphaBetaPlan& searchPlan)
        : context(searchContext),
          plan(searchPlan),
          layout(searchContext.game.layout()),
          evaluator(layout),
          root(searchContext.game.position().mover()),
          target(bestReachablePlace(searchContext.game.position())),
          bestReply(layout.players() > 2 &&
                    searchContext.options.method == MultiPlayerMethod::BestReply),
          repetition(layout.rules().repetition > 0),
          reduceLateMoves(layout.players() == 2),
          salt(layout.players() > 2 ? (0x9e3779b97f4a7c15ULL * uint64_t(root + 1)) ^
                                          (bestReply ? 0x5bd1e995ULL : 0) ^ uint64_t(target) << 40
                                    : 0),
          start(searchContext.limits.received),
          threads(std::max(1, searchContext.options.threads)) {}

    [[nodiscard]] Millis elapsed() const {
        return std::chrono::duration_cast<Millis>(Clock::now() - start);
    }
};

struct RootMove {
    Move move;
    int score = -kInfinity;
    int previousScore = -kInfinity;
    int seldepth = 0;
    std::vector<PlayedMove> pv;
};

class Worker {
  public:
    Worker(Shared& shared, int index, ThreadMemory& memory)
        : s_(shared), index_(index), history_(memory.history) {
        for (auto& list : movesAt_) list.reserve(256);
        for (auto& list : deferredAt_) list.reserve(256);
        for (const Move move : s_.plan.rootMoves) {
            RootMove rootMove;
            rootMove.move = move;
            rootMoves_.push_back(rootMove);
        }
        orderRootByGain();
    }

    // Iterative deepening; the main worker (index 0) reports, plans time and stops the
    // others.
    void iterate();

    [[nodiscard]] const std::vector<RootMove>& rootMoves() const { return rootMoves_; }
    [[nodiscard]] const std::optional<SearchReport>& lastReport() const { return lastReport_; }
    [[nodiscard]] int completedDepth() const { return completedDepth_; }

  private:
    int searchRoot(int depth, int alpha, int beta, int pvIndex);
    int search(const Position& position, int alpha, int beta, int depth, int ply, bool pvNode);
    // The child's value from the parent's side, whether or not the side changes.
    int child(const Position& parent, const Position& next, int alpha, int beta, int depth, int ply,
              bool pvNode) {
        const bool sameSide = (next.mover() == s_.root) == (parent.mover() == s_.root);
        return sameSide ? search(next, alpha, beta, depth, ply + 1, pvNode)
                        : -search(next, -beta, -alpha, depth, ply + 1, pvNode);
    }
    // The position after `move` of `player`, as this search sees it: best-reply search
    // hands the turn straight back to the root player.
    Position play(const Position& position, const ScoredMove& move) const;
    [[nodiscard]] std::optional<int> terminal(const Position& position, int ply) const;
    // Fair finish: someone has finished, so the game ends with this round.
    [[nodiscard]] bool lastRound(const Position& position) const {
        return s_.layout.rules().fairFinishApplies() && position.finishedCount() > 0;
    }
    // Whether the root player still moves in this round (the round starts with the
    // first player in turn order).
    [[nodiscard]] bool rootMovesInRound(const Position& position) const {
        return s_.layout.turnIndex(s_.root) >= s_.layout.turnIndex(position.mover());
    }
    // The last ply: children whose move can end nothing are evaluated from the
    // parent's costs without being played.
    int frontier(const Position& position, int alpha, int beta, int ply, bool pvNode, uint64_t key);
    [[nodiscard]] bool quietLeaf(const Position& position, const ScoredMove& move) const;
    [[nodiscard]] int nextMover(const Position& position, int player) const;
    void generate(const Position& position, int ply, std::optional<Move> tableMove);
    [[nodiscard]] int gain(const Position& position, int player, Move move) const;
    void orderRootByGain();
    [[nodiscard]] bool repeats(const Position& next) const;
    void countNode();
    void countNodes(uint64_t count);
    // Killers and history: the move that refuted this node is tried early elsewhere.
    void rewardCutoff(const Position& position, const ScoredMove& move, int depth, int ply);
    void report(int depth, int pvIndex, Bound bound);
    void updatePv(int ply, const ScoredMove& move);

    Shared& s_;
    int index_;
    uint64_t nodes_ = 0;
    uint64_t unflushed_ = 0;
    int seldepth_ = 0;
    int completedDepth_ = 0;
    MoveHistory& history_;  // kept between the searches of a game
    std::array<std::array<Move, 2>, kMaxPly> killers_{};
    std::array<std::vector<ScoredMove>, kMaxPly> movesAt_;
    std::array<std::vector<ScoredMove>, kMaxPly> deferredAt_;  // busy elsewhere: later
    std::array<std::array<PlayedMove, kMaxPly>, kMaxPly> pvTable_{};
    std::array<int, kMaxPly> pvLength_{};
    std::vector<uint64_t> path_;  // repetition keys below the root
    std::vector<RootMove> rootMoves_;
    std::optional<SearchReport> lastReport_;
    // Each reported line's value at the last completed depth (score.h, shownValue).
    std::vector<int> valuesAtDepthBefore_;
};

void Worker::countNode() {
    countNodes(1);
}

void Worker::rewardCutoff(const Position& position, const ScoredMove& move, int depth, int ply) {
    if (move.player != position.mover()) return;
    if (killers_[ply][0] != move.move) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = move.move;
    }
    int16_t& entry = history_[move.player][move.move.from][move.move.to];
    const int bonus = std::min(depth * depth * 8, 4000);
    entry = int16_t(entry + bonus - entry * bonus / 16384);
}

void Worker::countNodes(uint64_t count) {
    nodes_ += count;
    unflushed_ += count;
    if (unflushed_ < kNodesPerCheck) return;
    const uint64_t total = s_.nodes.fetch_add(unflushed_, std::memory_order_relaxed) + unflushed_;
    unflushed_ = 0;
    if (s_.context.stop.load(std::memory_order_relaxed)) s_.abort = true;
    if (index_ != 0) return;
    const SearchLimits& limits = s_.context.limits;
    if (limits.nodes && total >= *limits.nodes) s_.abort = true;
    if (s_.plan.budget.hard && s_.elapsed() >= *s_.plan.budget.hard) s_.abort = true;
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

bool Worker::repeats(const Position& next) const {
    const uint64_t key = next.repetitionKey();
    int seen = s_.context.game.seen().count(key) + 1;
    for (const uint64_t earlier : path_) seen += earlier == key ? 1 : 0;
    return seen >= s_.layout.rules().repetition;
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
        for (const Move move : moves) {
            int score = gain(from, player, move) * 4096 + history[move.from][move.to] / 2;
            if (player == position.mover()) {
                if (tableMove && move == *tableMove) {
                    score = 1 << 30;
                } else if (move == killers_[ply][0]) {
                    score += 1 << 24;
                } else if (move == killers_[ply][1]) {
                    score += kKillerScore;
                }
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

int Worker::search(const Position& position, int alpha, int beta, int depth, int ply, bool pvNode) {
    pvLength_[ply] = 0;
    const bool rootSide = position.mover() == s_.root;
    if (std::optional<int> outcome = terminal(position, ply))
        return rootSide ? *outcome : -*outcome;
    countNode();
    if (s_.abort.load(std::memory_order_relaxed)) return 0;
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
    std::optional<Move> tableMove;
    if (const std::optional<TableEntry> entry = s_.context.table.probe(key)) {
        tableMove = entry->move;
        const int stored = scoreFromTable(entry->score, ply);
        if (!pvNode && entry->depth >= depth &&
            (entry->bound == Bound::Exact || (entry->bound == Bound::Lower && stored >= beta) ||
             (entry->bound == Bound::Upper && stored <= alpha))) {
            return stored;
        }
    }

    generate(position, ply, tableMove);
    if (depth == 1) return frontier(position, alpha, beta, ply, pvNode, key);
    std::vector<ScoredMove>& moves = movesAt_[ply];
    const int originalAlpha = alpha;
    int best = -kInfinity;
    std::optional<Move> bestMove;
    std::vector<ScoredMove>& deferred = deferredAt_[ply];
    deferred.clear();
    BusyChildren* const busy = s_.threads > 1 && depth >= kSharedDepth ? &s_.busy : nullptr;
    size_t searched = 0;
    for (size_t nextIndex = 0, deferredIndex = 0;;) {
        ScoredMove current{};
        bool later = false;
        if (nextIndex < moves.size()) {
            // Selection sort step: the best remaining move first.
            const auto pick = std::max_element(
                moves.begin() + long(nextIndex), moves.end(),
                [](const ScoredMove& a, const ScoredMove& b) { return a.score < b.score; });
            std::iter_swap(moves.begin() + long(nextIndex), pick);
            current = moves[nextIndex++];
        } else if (deferredIndex < deferred.size()) {
            current = deferred[deferredIndex++];
            later = true;
        } else {
            break;
        }
        Position next = play(position, current);
        const uint64_t childKey = next.key() ^ s_.salt;
        if (busy != nullptr && searched > 0 && !later && busy->has(childKey)) {
            deferred.push_back(current);
            continue;
        }
        const BusyMark mark(busy, childKey);
        const size_t index = searched++;
        if (s_.repetition && !next.over() && current.move.kind != MoveKind::Resign &&
            repeats(next)) {
            endByRepetition(next, position);
        }
        if (s_.repetition) path_.push_back(next.repetitionKey());
        int value = 0;
        if (index == 0) {
            value = child(position, next, alpha, beta, depth - 1, ply, pvNode);
        } else {
            // A late move (not the table's, not a killer) is searched again at full depth
            // only if the shallower search says it beats alpha.
            const int reduction = s_.reduceLateMoves && depth >= kReduceFrom &&
                                          index >= kLateMove && current.score < kKillerScore / 2
                                      ? kReduction
                                      : 0;
            if (reduction > 0) {
                value = child(position, next, alpha, alpha + 1, depth - 1 - reduction, ply, false);
            }
            if (reduction == 0 || value > alpha)
                value = child(position, next, alpha, alpha + 1, depth - 1, ply, false);
            if (value > alpha && value < beta && pvNode) {
                value = child(position, next, alpha, beta, depth - 1, ply, true);
            }
        }
        if (s_.repetition) path_.pop_back();
        if (s_.abort.load(std::memory_order_relaxed)) return 0;
        if (value > best) {
            best = value;
            if (current.player == position.mover()) bestMove = current.move;
            if (value > alpha) {
                alpha = value;
                if (pvNode) updatePv(ply, current);
                if (value >= beta) {
                    rewardCutoff(position, current, depth, ply);
                    break;
                }
            }
        }
    }
    const Bound bound = best >= beta           ? Bound::Lower
                        : best > originalAlpha ? Bound::Exact
                                               : Bound::Upper;
    s_.context.table.store(key, scoreToTable(best, ply), depth, bound, bestMove);
    return best;
}

bool Worker::quietLeaf(const Position& position, const ScoredMove& move) const {
    // A move into any goal may finish someone or earn a bonus (leaving a goal cannot
    // complete one); near the stall count or the move limit any move may end the game;
    // repetition and adjacent entry need the child itself.
    const Rules& rules = s_.layout.rules();
    if (move.move.kind != MoveKind::Normal || s_.repetition || rules.adjacentEntry) return false;
    // In the last round of fair finish any move may close the round and end the game.
    if (lastRound(position)) return false;
    if (s_.layout.goalSeatsAt(move.move.to) != 0) return false;
    if (rules.stall > 0 && position.quietMoves() + 2 >= rules.stall * position.activeCount())
        return false;
    return rules.moveLimit == 0 || position.round() < rules.moveLimit;
}

int Worker::nextMover(const Position& position, int player) const {
    if (s_.bestReply && player != s_.root) return s_.root;
    const auto& order = s_.layout.turnOrder();
    const int players = s_.layout.players();
    for (int offset = 1; offset <= players; ++offset) {
        const int candidate = order[size_t((s_.layout.turnIndex(player) + offset) % players)];
        if (position.active(candidate)) return candidate;
    }
    return player;
}

int Worker::frontier(const Position& position, int alpha, int beta, int ply, bool pvNode,
                     uint64_t key) {
    const int players = s_.layout.players();
    std::array<int, kMaxPlayers> costs{};
    for (int player = 0; player < players; ++player) {
        if (player == s_.root || position.active(player))
            costs[player] = s_.evaluator.remainingCost(position, player);
    }
    // A quiet leaf's value depends only on its player's new cost: for each player only
    // its cheapest quiet move can be the best (every quiet leaf still counts as a node).
    std::array<int, kMaxPlayers> cheapest;
    cheapest.fill(INT32_MAX);
    std::array<const ScoredMove*, kMaxPlayers> cheapestMove{};
    std::vector<const ScoredMove*> loud;
    uint64_t quiet = 0;
    Hole lastFrom = kNoHole;
    Seat lastSeat = 0;
    bool lastKing = false;
    for (const ScoredMove& current : movesAt_[ply]) {
        if (!quietLeaf(position, current)) {
            loud.push_back(&current);
            continue;
        }
        ++quiet;
        const Move move = current.move;
        if (move.from != lastFrom) {
            lastFrom = move.from;
            lastSeat = position.seatAt(move.from);
            lastKing = position.kings().test(move.from);
        }
        const int change = s_.evaluator.costChange(lastSeat, lastKing, move.from, move.to);
        const auto player = size_t(uint8_t(current.player));
        if (change < cheapest[player]) {
            cheapest[player] = change;
            cheapestMove[player] = &current;
        }
    }
    countNodes(quiet);
    const bool rootSide = position.mover() == s_.root;
    const int originalAlpha = alpha;
    int best = -kInfinity;
    std::optional<Move> bestMove;
    auto consider = [&](const ScoredMove& current, int value) {
        if (value <= best) return false;
        best = value;
        if (current.player == position.mover()) bestMove = current.move;
        if (value <= alpha) return false;
        alpha = value;
        if (pvNode) {
            pvLength_[ply + 1] = 0;
            updatePv(ply, current);
        }
        if (value < beta) return false;
        rewardCutoff(position, current, 1, ply);
        return true;
    };
    bool cut = false;
    for (int player = 0; player < players && !cut; ++player) {
        if (cheapestMove[size_t(player)] == nullptr) continue;
        std::array<int, kMaxPlayers> after = costs;
        after[size_t(player)] += cheapest[size_t(player)];
        const int forRoot =
            std::clamp(s_.evaluator.evaluate(position, after, s_.root, nextMover(position, player)),
                       -kEvalLimit, kEvalLimit);
        cut = consider(*cheapestMove[size_t(player)], rootSide ? forRoot : -forRoot);
    }
    std::stable_sort(loud.begin(), loud.end(),
                     [](const ScoredMove* a, const ScoredMove* b) { return a->score > b->score; });
    for (size_t index = 0; index < loud.size() && !cut; ++index) {
        const Position next = play(position, *loud[index]);
        const int value = child(position, next, alpha, beta, 0, ply, false);
        if (s_.abort.load(std::memory_order_relaxed)) return 0;
        cut = consider(*loud[index], value);
    }
    const Bound bound = best >= beta           ? Bound::Lower
                        : best > originalAlpha ? Bound::Exact
                                               : Bound::Upper;
    s_.context.table.store(key, scoreToTable(best, ply), 1, bound, bestMove);
    return best;
}

int Worker::searchRoot(int depth, int alpha, int beta, int pvIndex) {
    const Position& root = s_.context.game.position();
    pvLength_[0] = 0;
    int best = -kInfinity;
    BusyChildren* const busy = s_.threads > 1 && depth >= kSharedDepth ? &s_.busy : nullptr;
    std::vector<size_t> deferred;
    const size_t first = size_t(pvIndex);
    for (size_t nextIndex = first, deferredIndex = 0;;) {
        size_t index = 0;
        bool later = false;
        if (nextIndex < rootMoves_.size()) {
            index = nextIndex++;
        } else if (deferredIndex < deferred.size()) {
            index = deferred[deferredIndex++];
            later = true;
        } else {
            break;
        }
        RootMove& rootMove = rootMoves_[index];
        const ScoredMove current{rootMove.move, int8_t(s_.root), 0};
        Position next = play(root, current);
        const uint64_t childKey = next.key() ^ s_.salt;
        if (busy != nullptr && index != first && !later && busy->has(childKey)) {
            deferred.push_back(index);
            continue;
        }
        const BusyMark mark(busy, childKey);
        if (s_.repetition && !next.over() && repeats(next)) endByRepetition(next, root);
        if (s_.repetition) path_.push_back(next.repetitionKey());
        seldepth_ = 0;
        int value = 0;
        if (index == size_t(pvIndex)) {
            value = child(root, next, alpha, beta, depth - 1, 0, true);
        } else {
            value = child(root, next, alpha, alpha + 1, depth - 1, 0, false);
            if (value > alpha && value < beta)
                value = child(root, next, alpha, beta, depth - 1, 0, true);
        }
        if (s_.repetition) path_.pop_back();
        if (s_.abort.load(std::memory_order_relaxed)) return best;
        if (index == size_t(pvIndex) || value > alpha) {
            rootMove.score = value;
            rootMove.seldepth = seldepth_;
            rootMove.pv.assign(1, PlayedMove{rootMove.move, s_.root});
            for (int ply = 0; ply < pvLength_[1]; ++ply) rootMove.pv.push_back(pvTable_[1][ply]);
        } else {
            rootMove.score = -kInfinity;
        }
        best = std::max(best, value);
        if (value > alpha) {
            alpha = value;
            if (value >= beta) break;
        }
    }
    return best;
}

void Worker::orderRootByGain() {
    const Position& root = s_.context.game.position();
    std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                     [&](const RootMove& a, const RootMove& b) {
                         return gain(root, s_.root, a.move) > gain(root, s_.root, b.move);
                     });
}

void Worker::report(int depth, int pvIndex, Bound bound) {
    const RootMove& line = rootMoves_[size_t(pvIndex)];
    const int value = line.score == -kInfinity ? line.previousScore : line.score;
    const int score = size_t(pvIndex) < valuesAtDepthBefore_.size()
                          ? shownValue(value, valuesAtDepthBefore_[size_t(pvIndex)])
                          : value;
    SearchReport report{
        .depth = depth,
        .seldepth = std::max(line.seldepth, depth),
        .multiPv = pvIndex + 1,
        .score = reportedScore(score, line.pv, s_.root),
        .bound = bound,
        .nodes = s_.nodes.load(std::memory_order_relaxed) + unflushed_,
        .time = s_.elapsed(),
        .hashfull = s_.context.table.hashfull(),
        .pv = line.pv,
    };
    if (pvIndex == 0) lastReport_ = report;
    if (index_ == 0 && s_.context.callbacks.onReport) s_.context.callbacks.onReport(report);
}

void Worker::iterate() {
    const int lines = std::min<int>(s_.plan.multiPv, int(rootMoves_.size()));
    // Every thread searches every depth: an iteration costs several times the one
    // before, so a helper a depth ahead works on an iteration the main thread may never
    // reach, while at the same depth the threads split the nodes' moves (BusyChildren).
    for (int depth = 1; depth <= s_.plan.maxDepth; ++depth) {
        for (RootMove& rootMove : rootMoves_) rootMove.previousScore = rootMove.score;
        for (int pvIndex = 0; pvIndex < lines && !s_.abort; ++pvIndex) {
            int delta = kAspirationDelta;
            const int previous = rootMoves_[size_t(pvIndex)].previousScore;
            const bool aspire = depth >= 4 && std::abs(previous) < kEvalLimit;
            int alpha = aspire ? previous - delta : -kInfinity;
            int beta = aspire ? previous + delta : kInfinity;
            while (true) {
                const int score = searchRoot(depth, alpha, beta, pvIndex);
                std::stable_sort(
                    rootMoves_.begin() + pvIndex, rootMoves_.end(),
                    [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (s_.abort) break;
                if (score <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -kInfinity);
                } else if (score >= beta) {
                    beta = std::min(score + delta, kInfinity);
                } else {
                    break;
                }
                delta *= 2;
            }
            std::stable_sort(
                rootMoves_.begin(), rootMoves_.begin() + pvIndex + 1,
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        }
        if (s_.abort) {
            // An iteration cut short keeps its best move only if that move was searched
            // to the end (it then beat everything searched before the cut).
            if (rootMoves_[0].score == -kInfinity) {
                std::stable_sort(rootMoves_.begin(), rootMoves_.end(),
                                 [](const RootMove& a, const RootMove& b) {
                                     return a.previousScore > b.previousScore;
                                 });
                for (RootMove& rootMove : rootMoves_) rootMove.score = rootMove.previousScore;
            }
            break;
        }
        completedDepth_ = depth;
        const int reported = std::min(lines, s_.plan.reportedLines);
        for (int pvIndex = 0; pvIndex < reported; ++pvIndex) report(depth, pvIndex, Bound::Exact);
        valuesAtDepthBefore_.clear();
        for (int pvIndex = 0; pvIndex < reported; ++pvIndex)
            valuesAtDepthBefore_.push_back(rootMoves_[size_t(pvIndex)].score);
        if (index_ != 0) continue;
        const int best = rootMoves_[0].score;
        // A proven result needs no deeper look unless the user asked for a fixed depth.
        if (std::abs(best) >= kMateBound && kMate - std::abs(best) < depth &&
            !s_.context.limits.infinite && !s_.context.limits.depth) {
            break;
        }
        // The next iteration takes several times this one: do not start what cannot end.
        if (s_.plan.budget.soft && s_.elapsed() * 2 >= *s_.plan.budget.soft) break;
    }
    if (index_ == 0) s_.abort = true;
    s_.nodes.fetch_add(unflushed_, std::memory_order_relaxed);
    unflushed_ = 0;
}

// Lazy SMP's vote: each thread's best move gains its score above the worst (plus a
// floor, so every finished iteration counts) times the depth it completed; the thread
// whose move has the most votes gives the answer. A deeper helper that agrees with the
// main thread strengthens it, one that found a better move at a greater depth wins.
// Only depths of the main thread's parity vote: the race evaluation favours whoever
// moved last, so scores of odd and even depths are not comparable.
const Worker& chooseWorker(const std::vector<std::unique_ptr<Worker>>& workers) {
    constexpr int64_t kVoteFloor = 20;
    const auto scoreOf = [](const Worker& worker) { return worker.rootMoves().front().score; };
    const int mainDepth = workers.front()->completedDepth();
    std::vector<const Worker*> voters;
    for (const auto& worker : workers) {
        if (worker->completedDepth() > 0 && scoreOf(*worker) != -kInfinity &&
            (worker->completedDepth() - mainDepth) % 2 == 0)
            voters.push_back(worker.get());
    }
    const Worker* chosen = workers.front().get();
    if (voters.size() < 2) return *chosen;
    int lowest = kInfinity;
    for (const Worker* voter : voters) lowest = std::min(lowest, scoreOf(*voter));
    const auto votesFor = [&](Move move) {
        int64_t votes = 0;
        for (const Worker* voter : voters) {
            if (voter->rootMoves().front().move == move)
                votes += (scoreOf(*voter) - lowest + kVoteFloor) * voter->completedDepth();
        }
        return votes;
    };
    for (const Worker* voter : voters) {
        const int score = scoreOf(*voter);
        const bool provenWin = score >= kMateBound && score > scoreOf(*chosen);
        if (provenWin ||
            (scoreOf(*chosen) < kMateBound && votesFor(voter->rootMoves().front().move) >
                                                  votesFor(chosen->rootMoves().front().move))) {
            chosen = voter;
        }
    }
    return *chosen;
}

}  // namespace

SearchResult searchAlphaBeta(const SearchContext& context, const AlphaBetaPlan& plan) {
    Shared shared(context, plan);
    context.table.newSearch();
    std::vector<std::unique_ptr<Worker>> workers(size_t(shared.threads));
    context.threads.run(
        shared.threads,
        [&](int index, ThreadMemory& memory) {
            workers[size_t(index)] = std::make_unique<Worker>(shared, index, memory);
            workers[size_t(index)]->iterate();
        },
        [&] { shared.abort = true; });

    const Worker& main = plan.multiPv == 1 ? chooseWorker(workers) : *workers[0];
    SearchResult result;
    result.best = main.rootMoves().front().move;
    if (plan.noise > 0) {
        // A strength limit: the best of the lines after random noise on their scores.
        Random random(context.options.seed ^ context.game.position().key());
        const size_t lines = std::min<size_t>(size_t(plan.multiPv), main.rootMoves().size());
        int64_t bestNoisy = INT64_MIN;
        for (size_t index = 0; index < lines; ++index) {
            const RootMove& line = main.rootMoves()[index];
            if (line.score == -kInfinity) continue;
            const int64_t noisy = int64_t(line.score) + int64_t(random.below(uint64_t(plan.noise)));
            if (noisy > bestNoisy) {
                bestNoisy = noisy;
                result.best = line.move;
            }
        }
    }
    result.nodes = shared.nodes.load();
    result.last = main.lastReport();
    if (result.last) {
        result.last->nodes = result.nodes;
        result.last->time = shared.elapsed();
        result.last->hashfull = context.table.hashfull();
        if (result.last->pv.empty() || result.last->pv.front().move != *result.best) {
            result.last->pv.assign(1, PlayedMove{*result.best, shared.root});
        }
    }
    return result;
}

}  // namespace cc
