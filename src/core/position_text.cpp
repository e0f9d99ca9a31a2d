#include "core/position_text.h"

#include <fmt/format.h>

#include <array>

#include "core/finish.h"
#include "core/game.h"
#include "util/text.h"

namespace cc {
namespace {

constexpr std::array<std::string_view, 7> kStatusNames = {
    "playing", "finish", "resign", "movelimit", "stall", "repetition", "passround"};

// Holes of one row (1..17), left to right.
std::vector<Hole> rowHoles(int row) {
    const Geometry& geometry = Geometry::get();
    std::vector<Hole> holes;
    for (int q = -8; q <= 8; ++q) {
        const Hole hole = geometry.holeAt(q, row - 9);
        if (hole != kNoHole) holes.push_back(hole);
    }
    return holes;
}

Expected<void> parseBoard(Position& position, std::string_view board) {
    const std::vector<std::string_view> rows = split(board, '/');
    if (rows.size() != 17) {
        return Error{fmt::format("board needs 17 rows separated by '/', got {}", rows.size())};
    }
    for (int index = 0; index < 17; ++index) {
        const int row = 17 - index;
        const std::vector<Hole> holes = rowHoles(row);
        const std::string_view text = rows[index];
        size_t at = 0;
        for (Hole hole : holes) {
            if (at >= text.size()) {
                return Error{fmt::format("row {} needs {} holes", row, holes.size())};
            }
            const char symbol = text[at++];
            if (symbol == '.') continue;
            if (symbol == 'x') {
                position.putSpare(hole);
                continue;
            }
            if (symbol < '1' || symbol > '6') {
                return Error{
                    fmt::format("row {}: unexpected '{}' (use . x 1-6, k, ')", row, symbol)};
            }
            const bool king = at < text.size() && text[at] == 'k';
            if (king) ++at;
            const bool earned = at < text.size() && text[at] == '\'';
            if (earned) ++at;
            position.putPiece(hole, symbol - '1', king, earned);
        }
        if (at != text.size())
            return Error{fmt::format("row {} has more than {} holes", row, holes.size())};
    }
    return {};
}

Expected<void> checkPieces(const Position& position) {
    const Layout& layout = position.layout();
    const Rules& rules = layout.rules();
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        const int count = position.army(seat).count();
        const int kings = (position.army(seat) & position.kings()).count();
        if (!layout.seatUsed(seat)) {
            if (count != 0)
                return Error{fmt::format("seat {} has no army under these rules", seat + 1)};
            continue;
        }
        if (count != rules.pieces) {
            return Error{fmt::format("army of seat {} has {} pieces, the rules need {}", seat + 1,
                                     count, rules.pieces)};
        }
        if (kings != (rules.king ? 1 : 0)) {
            return Error{fmt::format("army of seat {} has {} kings, the rules need {}", seat + 1,
                                     kings, rules.king ? 1 : 0)};
        }
    }
    if (position.spares() != layout.spareHoles()) {
        return Error{"spare pieces (x) must fill exactly the unused arms when unused=filled"};
    }
    if (!rules.bonus && position.bonusEarned().any()) {
        return Error{"bonus marks (') need bonus=on"};
    }
    return {};
}

Expected<void> parsePlaces(Position& position, std::string_view text) {
    const int players = position.layout().players();
    if (text == "-") return {};
    const std::vector<std::string_view> entries = split(text, ',');
    if (int(entries.size()) != players) {
        return Error{fmt::format("places needs {} comma-separated entries or '-'", players)};
    }
    for (int player = 0; player < players; ++player) {
        std::string_view entry = entries[player];
        const bool resigned = !entry.empty() && entry[0] == 'r';
        if (resigned) entry.remove_prefix(1);
        const std::optional<int> place = parseInt(entry);
        if (!place || *place < (resigned ? 1 : 0) || *place > players) {
            return Error{
                fmt::format("bad place '{}' for player {}", excerpt(entries[player]), player + 1)};
        }
        position.setPlace(player, *place, resigned);
    }
    return {};
}

Expected<void> checkConsistency(const Position& position) {
    const Layout& layout = position.layout();
    for (int player = 0; player < layout.players(); ++player) {
        bool allDone = true;
        for (Seat seat : layout.armies(player)) allDone = allDone && position.armyDone(seat);
        const bool finishedPlace = position.place(player) != 0 && !position.resigned(player);
        if (finishedPlace && !allDone && !position.over()) {
            return Error{fmt::format("player {} has a place but unfinished armies", player + 1)};
        }
        if (allDone && position.place(player) == 0) {
            return Error{
                fmt::format("player {} has finished every army but has no place", player + 1)};
        }
    }
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        // Finishing is checked after every move, so a playing army never stands
        // finished without being marked done (a resigned player's armies are no longer
        // checked).
        if (layout.seatUsed(seat) && !position.armyDone(seat) && !position.over() &&
            position.active(layout.owner(seat)) && armyMeetsFinish(position, seat)) {
            return Error{
                fmt::format("army of seat {} has finished: list it in the done field", seat + 1)};
        }
    }
    if (position.over()) {
        if (position.bonusMove()) return Error{"a finished game has no bonus move (+)"};
        if (position.activeCount() != 0) return Error{"a finished game gives every player a place"};
    } else if (!position.active(position.mover())) {
        return Error{
            fmt::format("player {} is to move but already has a place", position.mover() + 1)};
    } else if (const std::optional<GameStatus> due = overdueEnd(position)) {
        return Error{fmt::format("the game is already over ({}): its status cannot be playing",
                                 statusName(*due))};
    }
    return {};
}

}  // namespace

std::string_view statusName(GameStatus status) {
    return kStatusNames[static_cast<int>(status)];
}

Expected<Position> parsePosition(const Layout& layout, std::string_view text) {
    const std::vector<std::string_view> fields = splitWords(text);
    if (fields.size() != 8) {
        return Error{fmt::format(
            "position text needs 8 fields (board mover round quiet passes done places status), "
            "got {}",
            fields.size())};
    }
    Position position = Position::empty(layout);
    if (Expected<void> done = parseBoard(position, fields[0]); !done) return Error{done.error()};
    if (Expected<void> done = checkPieces(position); !done) return Error{done.error()};

    std::string_view moverText = fields[1];
    const bool bonusMove = !moverText.empty() && moverText.back() == '+';
    if (bonusMove) moverText.remove_suffix(1);
    const std::optional<int> mover = parseInt(moverText);
    if (!mover || *mover < 1 || *mover > layout.players()) {
        return Error{fmt::format("bad player to move '{}': expected 1..{}", excerpt(fields[1]),
                                 layout.players())};
    }
    if (bonusMove && !layout.rules().bonus) return Error{"a bonus move (+) needs bonus=on"};
    position.setMover(*mover - 1, bonusMove);

    const std::optional<int> round = parseInt(fields[2]);
    const std::optional<int> quiet = parseInt(fields[3]);
    const std::optional<int> passes = parseInt(fields[4]);
    if (!round || *round < 1 || *round > kMaxCounter) {
        return Error{
            fmt::format("bad round '{}': expected 1..{}", excerpt(fields[2]), kMaxCounter)};
    }
    if (!quiet || *quiet > kMaxCounter) {
        return Error{
            fmt::format("bad quiet count '{}': expected 0..{}", excerpt(fields[3]), kMaxCounter)};
    }
    if (!passes || *passes > kMaxCounter) {
        return Error{
            fmt::format("bad pass count '{}': expected 0..{}", excerpt(fields[4]), kMaxCounter)};
    }
    position.setCounters(*round, *quiet, *passes);

    if (fields[5] != "-") {
        Seat previous = -1;
        for (const char symbol : fields[5]) {
            const Seat seat = symbol - '1';
            if (seat <= previous || seat >= kSeatCount || !layout.seatUsed(seat)) {
                return Error{
                    fmt::format("bad finished armies '{}': ascending seats of armies in play, or -",
                                excerpt(fields[5]))};
            }
            position.setArmyDone(seat);
            previous = seat;
        }
    }
    if (Expected<void> done = parsePlaces(position, fields[6]); !done) return Error{done.error()};

    bool knownStatus = false;
    for (size_t index = 0; index < kStatusNames.size(); ++index) {
        if (kStatusNames[index] == fields[7]) {
            position.setStatus(static_cast<GameStatus>(index));
            knownStatus = true;
        }
    }
    if (!knownStatus) return Error{fmt::format("bad status '{}'", excerpt(fields[7]))};
    if (Expected<void> done = checkConsistency(position); !done) return Error{done.error()};
    return position;
}

std::string formatPosition(const Position& position) {
    const Layout& layout = position.layout();
    std::string text;
    for (int row = 17; row >= 1; --row) {
        if (row != 17) text += '/';
        for (Hole hole : rowHoles(row)) {
            const Seat seat = position.seatAt(hole);
            if (position.spares().test(hole)) {
                text += 'x';
            } else if (seat < 0) {
                text += '.';
            } else {
                text += char('1' + seat);
                if (position.kings().test(hole)) text += 'k';
                if (position.bonusEarned().test(hole)) text += '\'';
            }
        }
    }
    text += fmt::format(" {}{} {} {} {} ", position.mover() + 1, position.bonusMove() ? "+" : "",
                        position.round(), position.quietMoves(), position.passes());
    std::string done;
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
        if (position.armyDone(seat)) done += char('1' + seat);
    }
    text += done.empty() ? "-" : done;
    std::vector<std::string> places;
    bool anyPlace = false;
    for (int player = 0; player < layout.players(); ++player) {
        anyPlace = anyPlace || position.place(player) != 0;
        places.push_back(
            fmt::format("{}{}", position.resigned(player) ? "r" : "", position.place(player)));
    }
    text += ' ';
    text += anyPlace ? join(places, ",") : "-";
    text += ' ';
    text += statusName(position.status());
    return text;
}

}  // namespace cc
