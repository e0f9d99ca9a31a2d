#include "search/race/table.h"

#include <fmt/format.h>

#include <climits>

#include "core/layout.h"
#include "search/race/file.h"
#include "search/race/generate.h"

namespace cc::race {

RaceTable::RaceTable(int rows, std::vector<uint8_t> values)
    : family_(rows), index_(family_.regionSize(), kRacePieces), values_(std::move(values)) {}

Expected<std::shared_ptr<const RaceTable>> RaceTable::load(const std::string& path) {
    Expected<RaceFileContents> contents = readRaceFile(path);
    if (!contents) return Error{contents.error()};
    return std::make_shared<const RaceTable>(contents->rows, std::move(contents->values));
}

std::optional<int> RaceTable::exact(Bitboard fromSouth) const {
    if (fromSouth.count() != kRacePieces) return std::nullopt;
    const std::optional<uint64_t> bits = family_.bitsOf(fromSouth);
    if (!bits) return std::nullopt;
    const uint64_t rank = index_.rank(*bits);
    if (rank >= values_.size() || values_[rank] == kUnreachable) return std::nullopt;
    return int(values_[rank]);
}

std::optional<RaceCount> RaceTable::count(Bitboard fromSouth) const {
    if (fromSouth.count() != kRacePieces) return std::nullopt;
    if (const std::optional<int> moves = exact(fromSouth)) return RaceCount{*moves, true};
    const Geometry& geometry = Geometry::get();
    Bitboard placed = fromSouth & family_.region();
    Bitboard outside = fromSouth & ~family_.region();
    int travel = 0;
    // The piece nearest the region first takes the free hole nearest to it.
    while (outside.any()) {
        int best = INT_MAX;
        Hole bestPiece = kNoHole;
        Hole bestHole = kNoHole;
        for (Hole piece : outside) {
            for (Hole hole : family_.region() & ~placed) {
                const int distance = geometry.distance(piece, hole);
                if (distance < best) {
                    best = distance;
                    bestPiece = piece;
                    bestHole = hole;
                }
            }
        }
        outside.reset(bestPiece);
        placed.set(bestHole);
        travel += best;
    }
    const std::optional<int> inside = exact(placed);
    if (!inside) return std::nullopt;
    return RaceCount{*inside + (travel + kStepsPerMove - 1) / kStepsPerMove, false};
}

bool raceCovers(const Rules& rules) {
    const auto openArms = [](ArmAccess access) {
        return access == ArmAccess::Free || access == ArmAccess::Pass;
    };
    return rules.hops == HopRange::Short && rules.pieces == kRacePieces && !rules.king &&
           rules.goalLock == GoalLock::Off && !rules.bonus && openArms(rules.otherArms) &&
           openArms(rules.unusedArms);
}

std::optional<RaceCount> armyRace(const RaceTable& table, const Position& position, Seat seat) {
    if (!raceCovers(position.layout().rules())) return std::nullopt;
    Bitboard fromSouth;
    for (Hole hole : position.army(seat)) fromSouth.set(holeSeenFromSouth(seat, hole));
    return table.count(fromSouth);
}

std::optional<RaceCount> playerRace(const RaceTable& table, const Position& position, int player) {
    const std::vector<Seat>& armies = position.layout().armies(player);
    RaceCount total{0, armies.size() == 1};
    for (const Seat seat : armies) {
        const std::optional<RaceCount> army = armyRace(table, position, seat);
        if (!army) return std::nullopt;
        total.moves += army->moves;
        total.exact = total.exact && army->exact;
    }
    return total;
}

}  // namespace cc::race
