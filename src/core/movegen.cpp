#include "core/movegen.h"

#include <algorithm>

#include "core/game.h"

namespace cc {
namespace {

enum class HopStyle { Short, Long, KingRow };

// Short hops from each hole: (bridge, landing) pairs that lie on the board.
struct ShortHops {
    struct Hop {
        uint8_t over;
        uint8_t land;
    };
    std::array<std::array<Hop, kDirectionCount>, kHoleCount> hops{};
    std::array<uint8_t, kHoleCount> count{};

    ShortHops() {
        const Geometry& geometry = Geometry::get();
        for (Hole hole = 0; hole < kHoleCount; ++hole) {
            for (int d = 0; d < kDirectionCount; ++d) {
                const auto& ray = geometry.ray(hole, d);
                if (ray[0] != kNoHole && ray[1] != kNoHole) {
                    hops[hole][count[hole]++] = {uint8_t(ray[0]), uint8_t(ray[1])};
                }
            }
        }
    }
};

const ShortHops& shortHops() {
    static const ShortHops table;
    return table;
}

// Everything the moves of one piece depend on.
struct PieceContext {
    Hole from = 0;
    Seat seat = 0;
    HopStyle style = HopStyle::Short;
    Bitboard occupied;    // without the moving piece: its start counts as empty
    Bitboard bridges;     // pieces that may be hopped over (no kings)
    Bitboard kings;
    Bitboard landMask;    // where a hop chain may land
    Bitboard endMask;     // where a move may end
    Bitboard swapTargets; // opponents' pieces in the mover's goal, when swaps are on
};

PieceContext makeContext(const Position& position, Hole from) {
    const Layout& layout = position.layout();
    const Rules& rules = layout.rules();
    PieceContext context;
    context.from = from;
    context.seat = position.seatAt(from);
    const bool king = position.kings().test(from);
    context.style = king                           ? HopStyle::KingRow
                    : rules.hops == HopRange::Long ? HopStyle::Long
                                                   : HopStyle::Short;
    context.occupied = position.occupied() & ~Bitboard::fromHole(from);
    context.kings = position.kings();
    context.bridges = context.occupied & ~context.kings;
    const Bitboard goal = layout.goal(context.seat);
    if (rules.goalLock && goal.test(from)) {
        context.landMask = goal;
        context.endMask = goal;
    } else {
        context.landMask = layout.landMask(position.mover());
        context.endMask = layout.endMask(position.mover());
    }
    if (rules.swap != SwapRule::Off) {
        context.swapTargets = goal & context.occupied & ~position.piecesOf(position.mover()) &
                              ~position.spares();
    }
    return context;
}

// Calls onLand(hole) for every empty hole one hop from `at` may land on (landing mask
// not applied) and onSwap(hole) for every swap target one hop reaches.
template <typename OnLand, typename OnSwap>
inline void forEachHop(const PieceContext& context, Hole at, OnLand&& onLand, OnSwap&& onSwap) {
    const Geometry& geometry = Geometry::get();
    switch (context.style) {
        case HopStyle::Short: {
            const ShortHops& table = shortHops();
            const int count = table.count[at];
            for (int i = 0; i < count; ++i) {
                const auto hop = table.hops[at][i];
                if (!context.bridges.test(hop.over)) continue;
                if (!context.occupied.test(hop.land)) {
                    onLand(Hole(hop.land));
                } else if (context.swapTargets.test(hop.land)) {
                    onSwap(Hole(hop.land));
                }
            }
            break;
        }
        case HopStyle::Long: {
            for (int d = 0; d < kDirectionCount; ++d) {
                const auto& ray = geometry.ray(at, d);
                int bridge = 0;
                while (ray[bridge] != kNoHole && !context.occupied.test(ray[bridge])) ++bridge;
                const int landing = 2 * bridge + 1;
                if (ray[bridge] == kNoHole || context.kings.test(ray[bridge]) ||
                    landing > kMaxRayLength) {
                    continue;
                }
                bool clear = true;
                for (int i = bridge + 1; i <= landing && clear; ++i) {
                    clear = ray[i] != kNoHole && (i == landing || !context.occupied.test(ray[i]));
                }
                if (!clear) continue;
                if (!context.occupied.test(ray[landing])) {
                    onLand(ray[landing]);
                } else if (context.swapTargets.test(ray[landing])) {
                    onSwap(ray[landing]);
                }
            }
            break;
        }
        case HopStyle::KingRow: {
            // The landing is the first empty hole after the row, so a king never swaps
            // by hopping.
            for (int d = 0; d < kDirectionCount; ++d) {
                const auto& ray = geometry.ray(at, d);
                int length = 0;
                bool overKing = false;
                while (ray[length] != kNoHole && context.occupied.test(ray[length])) {
                    overKing = overKing || context.kings.test(ray[length]);
                    ++length;
                }
                if (length == 0 || overKing || ray[length] == kNoHole) continue;
                onLand(ray[length]);
            }
            break;
        }
    }
}

struct FloodResult {
    Bitboard landings;  // every hole a chain may stop on or pass (landing mask applied)
    Bitboard swaps;     // swap targets a hop reaches
};

// Breadth-first over hop landings, so the first parent recorded for a hole lies on a
// path with the fewest hops.
template <bool kRecordParents>
FloodResult flood(const PieceContext& context, std::array<uint8_t, kHoleCount>* parents) {
    FloodResult result;
    std::array<uint8_t, kHoleCount> queue;
    int head = 0;
    int tail = 0;
    queue[tail++] = uint8_t(context.from);
    Bitboard visited = Bitboard::fromHole(context.from);
    while (head < tail) {
        const Hole at = queue[head++];
        forEachHop(
            context, at,
            [&](Hole land) {
                if (visited.test(land) || !context.landMask.test(land)) return;
                visited.set(land);
                result.landings.set(land);
                queue[tail++] = uint8_t(land);
                if constexpr (kRecordParents) (*parents)[land] = uint8_t(at);
            },
            [&](Hole target) {
                if (result.swaps.test(target)) return;
                result.swaps.set(target);
                if constexpr (kRecordParents) (*parents)[target] = uint8_t(at);
            });
    }
    return result;
}

struct PieceMoves {
    Bitboard normal;
    Bitboard swaps;
};

PieceMoves pieceMoves(const Position& position, const PieceContext& context) {
    const Geometry& geometry = Geometry::get();
    const FloodResult reached = flood<false>(context, nullptr);
    const Bitboard around = geometry.neighbours(context.from);
    PieceMoves moves;
    moves.normal = ((around & ~context.occupied) | reached.landings) & context.endMask;
    moves.swaps = (around & context.swapTargets) | reached.swaps;
    if (moves.swaps.any() && position.layout().rules().swap == SwapRule::Final) {
        Bitboard completing;
        for (Hole target : moves.swaps) {
            if (swapCompletesArmy(position, context.seat, context.from, target)) {
                completing.set(target);
            }
        }
        moves.swaps = completing;
    }
    return moves;
}

// Pieces that may move this turn: the mover's armies that have not finished.
Bitboard movablePieces(const Position& position) {
    Bitboard pieces;
    for (Seat seat : position.layout().armies(position.mover())) {
        if (!position.armyDone(seat)) pieces |= position.army(seat);
    }
    return pieces;
}

// Goals of other players' unfinished armies that are full but not all their owner's.
Bitboard blockedGoals(const Position& position, std::vector<Bitboard>* each) {
    const Layout& layout = position.layout();
    Bitboard blocked;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (!layout.seatUsed(seat) || layout.owner(seat) == position.mover() ||
            position.armyDone(seat)) {
            continue;
        }
        const Bitboard goal = layout.goal(seat);
        if (position.occupied().contains(goal) && !position.army(seat).contains(goal)) {
            blocked |= goal;
            if (each != nullptr) each->push_back(goal);
        }
    }
    return blocked;
}

// Must-leave: when some move takes one of the mover's pieces out of a blocked goal,
// only such moves remain.
void applyMustLeave(const Position& position, MoveList& moves) {
    std::vector<Bitboard> goals;
    if (!blockedGoals(position, &goals).intersects(movablePieces(position))) return;
    auto leaves = [&goals](Move move) {
        return std::any_of(goals.begin(), goals.end(), [&](Bitboard goal) {
            return goal.test(move.from) && !goal.test(move.to);
        });
    };
    int kept = 0;
    for (const Move move : moves) {
        if (leaves(move)) moves[kept++] = move;
    }
    if (kept > 0) moves.truncate(kept);
}

bool mustLeaveMayApply(const Position& position) {
    return position.layout().rules().mustLeave &&
           blockedGoals(position, nullptr).intersects(movablePieces(position));
}

}  // namespace

void generateLegal(const Position& position, MoveList& moves) {
    moves.clear();
    if (position.over()) return;
    for (Hole from : movablePieces(position)) {
        const PieceMoves reached = pieceMoves(position, makeContext(position, from));
        for (Hole to : reached.normal) moves.push(Move::normal(from, to));
        for (Hole to : reached.swaps) moves.push(Move::swap(from, to));
    }
    if (position.layout().rules().mustLeave) applyMustLeave(position, moves);
    if (moves.empty()) moves.push(Move::pass());
}

uint64_t countLegal(const Position& position) {
    if (position.over()) return 0;
    if (mustLeaveMayApply(position)) {
        MoveList moves;
        generateLegal(position, moves);
        return uint64_t(moves.size());
    }
    uint64_t count = 0;
    for (Hole from : movablePieces(position)) {
        const PieceMoves reached = pieceMoves(position, makeContext(position, from));
        count += uint64_t(reached.normal.count() + reached.swaps.count());
    }
    return count == 0 ? 1 : count;
}

std::vector<Hole> shortestPath(const Position& position, Move move) {
    if (!move.isPieceMove()) return {};
    const PieceContext context = makeContext(position, move.from);
    if (Geometry::get().neighbours(move.from).test(move.to)) return {move.from, move.to};
    std::array<uint8_t, kHoleCount> parents{};
    flood<true>(context, &parents);
    std::vector<Hole> path{move.to};
    for (Hole at = move.to; at != move.from;) {
        at = parents[at];
        path.push_back(at);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

bool isHopChain(const Position& position, const std::vector<Hole>& path, bool swapEnd) {
    if (path.size() < 2 || position.seatAt(path.front()) < 0) return false;
    const PieceContext context = makeContext(position, path.front());
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        const bool last = i + 2 == path.size();
        bool found = false;
        forEachHop(
            context, path[i],
            [&](Hole land) {
                if (land != path[i + 1] || (last && swapEnd)) return;
                found = last ? context.endMask.test(land) : context.landMask.test(land);
            },
            [&](Hole target) { found = found || (last && swapEnd && target == path[i + 1]); });
        if (!found) return false;
    }
    return true;
}

}  // namespace cc
