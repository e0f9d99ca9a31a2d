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

}  // namespace cc::race
