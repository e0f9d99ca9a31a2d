#include "core/position.h"

#include "util/random.h"

namespace cc {
namespace {

constexpr int kSpareKind = kSeatCount * 4;
constexpr int kKinds = kSpareKind + 1;

struct ZobristKeys {
    std::array<std::array<uint64_t, kKinds>, kHoleCount> piece{};
    std::array<uint64_t, kMaxPlayers> mover{};
    uint64_t bonusMove = 0;
    std::array<uint64_t, kSeatCount> armyDone{};
    // place[player][place]: place 0 (none yet) has key 0, so a new position needs none.
    std::array<std::array<uint64_t, kMaxPlayers + 1>, kMaxPlayers> place{};
    std::array<uint64_t, kMaxPlayers> resigned{};
    std::array<uint64_t, 8> status{};

    ZobristKeys() {
        Random random(0x243f6a8885a308d3ULL);  // fixed seed: keys are the same every run
        auto next = [&random] { return random.next(); };
        for (auto& hole : piece) {
            for (uint64_t& key : hole) key = next();
        }
        for (uint64_t& key : mover) key = next();
        bonusMove = next();
        for (uint64_t& key : armyDone) key = next();
        for (auto& player : place) {
            for (size_t index = 1; index < player.size(); ++index) player[index] = next();
        }
        for (uint64_t& key : resigned) key = next();
        for (size_t index = 1; index < status.size(); ++index) status[index] = next();
    }
};

const ZobristKeys& zobrist() {
    static const ZobristKeys keys;
    return keys;
}

}  // namespace

Position::Position(const Layout& layout) : layout_(&layout) {
    placementKey_ = layout.rulesKey() ^ zobrist().mover[0];
}

Position Position::empty(const Layout& layout) {
    Position position(layout);
    position.setMover(layout.rules().firstPlayer, false);
    return position;
}

Position Position::start(const Layout& layout) {
    Position position = empty(layout);
    const Geometry& geometry = Geometry::get();
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (!layout.seatUsed(seat)) continue;
        const Hole kingHole = layout.rules().king ? geometry.tip(seat) : kNoHole;
        for (Hole hole : layout.start(seat)) position.putPiece(hole, seat, hole == kingHole, false);
    }
    for (Hole hole : layout.spareHoles()) position.putSpare(hole);
    return position;
}

uint64_t Position::pieceKey(Hole hole, int kind) {
    return zobrist().piece[hole][kind];
}

int Position::kindAt(Hole hole) const {
    if (spares_.test(hole)) return kSpareKind;
    const Seat seat = seatAt(hole);
    return seat * 4 + (kings_.test(hole) ? 2 : 0) + (bonusEarned_.test(hole) ? 1 : 0);
}

Seat Position::seatAt(Hole hole) const {
    if (!occupied_.test(hole)) return -1;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (army_[seat].test(hole)) return seat;
    }
    return -1;
}

Bitboard Position::piecesOf(int player) const {
    Bitboard pieces;
    for (Seat seat : layout_->armies(player)) pieces |= army_[seat];
    return pieces;
}

void Position::putPiece(Hole hole, Seat seat, bool king, bool earned) {
    occupied_.set(hole);
    army_[seat].set(hole);
    if (king) kings_.set(hole);
    if (earned) bonusEarned_.set(hole);
    toggleKey(hole);
}

void Position::putSpare(Hole hole) {
    occupied_.set(hole);
    spares_.set(hole);
    toggleKey(hole);
}

void Position::removePiece(Hole hole) {
    toggleKey(hole);
    const Bitboard clear = ~Bitboard::fromHole(hole);
    occupied_ &= clear;
    for (Bitboard& pieces : army_) pieces &= clear;
    kings_ &= clear;
    bonusEarned_ &= clear;
    spares_ &= clear;
}

void Position::movePiece(Hole from, Hole to) {
    const Seat seat = seatAt(from);
    const int kind = kindAt(from);
    placementKey_ ^= pieceKey(from, kind) ^ pieceKey(to, kind);
    const Bitboard both = Bitboard::fromHole(from) | Bitboard::fromHole(to);
    occupied_ ^= both;
    army_[seat] ^= both;
    if (kings_.test(from)) kings_ ^= both;
    if (bonusEarned_.test(from)) bonusEarned_ ^= both;
}

void Position::markBonusEarned(Hole hole) {
    toggleKey(hole);
    bonusEarned_.set(hole);
    toggleKey(hole);
}

void Position::setMover(int player, bool bonusMove) {
    placementKey_ ^= zobrist().mover[mover_] ^ zobrist().mover[player];
    if (bonusMove_ != bonusMove) placementKey_ ^= zobrist().bonusMove;
    mover_ = static_cast<uint8_t>(player);
    bonusMove_ = bonusMove;
}

void Position::setArmyDone(Seat seat) {
    if (armyDone(seat)) return;
    doneArmies_ |= uint8_t(1U << seat);
    outcomeKey_ ^= zobrist().armyDone[seat];
}

void Position::setStatus(GameStatus status) {
    outcomeKey_ ^= zobrist().status[size_t(status_)] ^ zobrist().status[size_t(status)];
    status_ = status;
}

void Position::setPlace(int player, int place, bool byResigning) {
    const ZobristKeys& keys = zobrist();
    outcomeKey_ ^= keys.place[player][place_[player]] ^ keys.place[player][place];
    if (resigned(player) != byResigning) outcomeKey_ ^= keys.resigned[player];
    place_[player] = static_cast<uint8_t>(place);
    const auto bit = uint8_t(1U << player);
    placed_ = place != 0 ? uint8_t(placed_ | bit) : uint8_t(placed_ & ~bit);
    resigned_ = byResigning ? uint8_t(resigned_ | bit) : uint8_t(resigned_ & ~bit);
}

int Position::remainingDistance(int player) const {
    int total = 0;
    for (Seat seat : layout_->armies(player)) {
        for (Hole hole : army_[seat]) total += layout_->distanceToGoal(seat, hole);
    }
    return total;
}

int Position::piecesInGoal(int player) const {
    int count = 0;
    for (Seat seat : layout_->armies(player)) count += (army_[seat] & layout_->goal(seat)).count();
    return count;
}

}  // namespace cc
