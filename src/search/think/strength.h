#pragma once
// Strength on a rating scale (protocol-spec/protocol.md, options UCI_LimitStrength and
// UCI_Elo): a ladder of settings, each measured in Elo on CCERL's two-player scale
// (random play 0, its greedy bot 481; measurements.md, "Strength on a scale"). An Elo
// between two rungs plays each move with the upper rung's setting with the probability
// of its place between them, so that the strength moves smoothly with the number.

#include <array>
#include <cstdint>

namespace cc {

enum class StrengthKind {
    // Moves like a beginner who is trying: the greedy move (the furthest step forward)
    // `value` percent of the time, else any move that brings a piece forward.
    Beginner,
    // The alpha-beta search with the Skill Level `value` (depth and noise).
    Skill,
    // The full search, cut after `value` nodes (with any other limit `go` gave).
    Nodes,
};

struct StrengthSetting {
    StrengthKind kind;
    int value;
};

struct StrengthRung {
    int elo;
    StrengthSetting setting;
};

// Weakest first; the Elo of each rung is what the ladder measured (scripts/match/match-ladder.py).
inline constexpr std::array<StrengthRung, 14> kStrengthLadder = {{
    {27, {StrengthKind::Beginner, 48}},
    {144, {StrengthKind::Beginner, 56}},
    {210, {StrengthKind::Beginner, 64}},
    {259, {StrengthKind::Beginner, 73}},
    {386, {StrengthKind::Beginner, 86}},
    {483, {StrengthKind::Beginner, 100}},
    {750, {StrengthKind::Nodes, 1024}},
    {795, {StrengthKind::Nodes, 2048}},
    {821, {StrengthKind::Nodes, 4096}},
    {956, {StrengthKind::Nodes, 8192}},
    {1184, {StrengthKind::Nodes, 16384}},
    {1290, {StrengthKind::Nodes, 32768}},
    {1446, {StrengthKind::Nodes, 131072}},
    {1637, {StrengthKind::Nodes, 262144}},
}};

// UCI_Elo's range: from CCERL's zero (asking below the lowest rung plays that rung).
inline constexpr int kMinStrengthElo = 0;
inline constexpr int kMaxStrengthElo = kStrengthLadder.back().elo;

// The setting of this move at `elo` (clamped to the ladder); `draw` is a random number
// for the move (the seed and the position), which picks one of the two rungs around it.
StrengthSetting strengthSetting(int elo, uint64_t draw);

}  // namespace cc
