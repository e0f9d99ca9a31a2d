#include "core/geometry.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace cc {
namespace {

constexpr int kRadius = 8;
constexpr std::array<Cube, kDirectionCount> kDirections = {Cube{+1, -1}, Cube{-1, +1}, Cube{+1, 0},
                                                           Cube{-1, 0},  Cube{0, +1},  Cube{0, -1}};

bool onBoard(int q, int r) {
    const int s = -q - r;
    if (q < -kRadius || q > kRadius || r < -kRadius || r > kRadius || s < -kRadius || s > kRadius) {
        return false;
    }
    return (q >= -4 && r >= -4 && s >= -4) || (q <= 4 && r <= 4 && s <= 4);
}

// Seat 1 is south (r < -4), then clockwise: south-west (s > 4), north-west (q < -4),
// north (r > 4), north-east (s < -4), south-east (q > 4).
bool inArm(Seat seat, Cube c) {
    switch (seat) {
        case 0:
            return c.r < -4;
        case 1:
            return c.s() > 4;
        case 2:
            return c.q < -4;
        case 3:
            return c.r > 4;
        case 4:
            return c.s() < -4;
        default:
            return c.q > 4;
    }
}

bool inCamp15(Seat seat, Cube c) {
    const bool lowTriangle = c.q <= 4 && c.r <= 4 && c.s() <= 4;
    const bool highTriangle = c.q >= -4 && c.r >= -4 && c.s() >= -4;
    switch (seat) {
        case 0:
            return c.r <= -4 && lowTriangle;
        case 1:
            return c.s() >= 4 && highTriangle;
        case 2:
            return c.q <= -4 && lowTriangle;
        case 3:
            return c.r >= 4 && highTriangle;
        case 4:
            return c.s() <= -4 && lowTriangle;
        default:
            return c.q >= 4 && highTriangle;
    }
}

constexpr std::array<Cube, kSeatCount> kTips = {Cube{4, -8}, Cube{-4, -4}, Cube{-8, 4},
                                                Cube{-4, 8}, Cube{4, 4},   Cube{8, -4}};

}  // namespace

const Geometry& Geometry::get() {
    static const Geometry geometry;
    return geometry;
}

Geometry::Geometry() {
    // Numeric index: row by row from row 1 (r = -8), each row from right to left.
    for (auto& column : holeAt_) column.fill(kNoHole);
    Hole next = 0;
    for (int r = -kRadius; r <= kRadius; ++r) {
        for (int q = kRadius; q >= -kRadius; --q) {
            if (!onBoard(q, r)) continue;
            holeAt_[q + kRadius][r + kRadius] = next;
            cube_[next++] = Cube{q, r};
        }
    }
    for (Hole hole = 0; hole < kHoleCount; ++hole) {
        const Cube c = cube_[hole];
        for (int d = 0; d < kDirectionCount; ++d) {
            int length = 0;
            for (int step = 1; step <= kMaxRayLength; ++step) {
                const Hole along =
                    holeAt(c.q + step * kDirections[d].q, c.r + step * kDirections[d].r);
                if (along == kNoHole) break;
                ray_[hole][d][length++] = along;
                rayMask_[hole][d].set(along);
            }
            for (int rest = length; rest <= kMaxRayLength; ++rest) ray_[hole][d][rest] = kNoHole;
            if (ray_[hole][d][0] != kNoHole) neighbours_[hole].set(ray_[hole][d][0]);
        }
        bool inSomeArm = false;
        for (Seat seat = 0; seat < kSeatCount; ++seat) {
            if (inArm(seat, c)) {
                arm_[seat].set(hole);
                inSomeArm = true;
            }
            if (inCamp15(seat, c)) camp15_[seat].set(hole);
        }
        if (!inSomeArm) hexagon_.set(hole);
    }
    for (Seat seat = 0; seat < kSeatCount; ++seat)
        tip_[seat] = holeAt(kTips[seat].q, kTips[seat].r);
}

Hole Geometry::holeAt(int q, int r) const {
    if (q < -kRadius || q > kRadius || r < -kRadius || r > kRadius) return kNoHole;
    return holeAt_[q + kRadius][r + kRadius];
}

std::string Geometry::name(Hole hole) const {
    const Cube c = cube_[hole];
    return fmt::format("{}{}", static_cast<char>('a' + c.q + kRadius), c.r + 9);
}

std::optional<Hole> Geometry::parseHole(std::string_view text) const {
    if (text.empty() || text.size() > 3) return std::nullopt;
    const char* const end = text.data() + text.size();
    if (text[0] >= 'a' && text[0] <= 'q') {
        int row = 0;
        const auto [ptr, ec] = std::from_chars(text.data() + 1, end, row);
        if (ec != std::errc() || ptr != end || text.size() < 2 || text[1] == '0') {
            return std::nullopt;
        }
        const Hole hole = holeAt(text[0] - 'a' - kRadius, row - 9);
        if (hole == kNoHole) return std::nullopt;
        return hole;
    }
    int index = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), end, index);
    if (ec != std::errc() || ptr != end || index < 0 || index >= kHoleCount) return std::nullopt;
    if (text.size() > 1 && text[0] == '0') return std::nullopt;
    return index;
}

int Geometry::distance(Cube a, Cube b) {
    const int dq = std::abs(a.q - b.q);
    const int dr = std::abs(a.r - b.r);
    const int ds = std::abs(a.s() - b.s());
    return std::max({dq, dr, ds});
}

}  // namespace cc
