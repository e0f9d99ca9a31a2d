"""One army's placement read from a board text (protocol-spec/notation.md), and the
features of it that ccengine's moves-to-finish estimate reads (src/search/race/
estimate.cpp computes the same ones, in the same order)."""

# The board text's rows run from row 17 (the top tip) down to row 1; a row's holes are
# lettered from its first letter on (protocol-spec/notation.md). Holes (letter, row) are
# axial hexagon coordinates: the six neighbours differ by (+-1, 0), (0, +-1), (+1, -1)
# and (-1, +1).
FIRST_LETTER = {17: 4, 16: 4, 15: 4, 14: 4, 13: 0, 12: 1, 11: 2, 10: 3, 9: 4, 8: 4, 7: 4, 6: 4,
                5: 4, 4: 9, 3: 10, 2: 11, 1: 12}
# Each seat's goal tip (the home tip of the seat opposite), and the board's centre.
GOAL_TIP = {1: (4, 17), 4: (12, 1), 2: (12, 13), 5: (4, 5), 3: (16, 5), 6: (0, 13)}
CENTRE = (8, 9)
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
FEATURES = ["distance 1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th",
            "distance sum", "squares/10", "farthest behind mean", "at home", "in goal",
            "neighbouring pairs", "alone", "off axis sum", "off axis most", "widest gap",
            "off axis over 2", "parked"]


def cube_distance(q, r):
    return max(abs(q), abs(r), abs(q + r))


def army(board, seat):
    """The army's holes as (letter, row) relative to its goal tip."""
    tip = GOAL_TIP[seat]
    holes = []
    for index, row in enumerate(board.split("/")):
        number = 17 - index
        for offset, cell in enumerate(row):
            if cell == str(seat):
                holes.append((FIRST_LETTER[number] + offset - tip[0], number - tip[1]))
    return holes, tip


def distances(board, seat):
    """Each piece's steps to its goal's tip, farthest first."""
    holes, _ = army(board, seat)
    return sorted((cube_distance(q, r) for q, r in holes), reverse=True)


def off_axis(q, r):
    """Steps from the line through the goal tip and the board's centre, in half steps of
    the hexagon's rows: of the hole's three cube coordinates (tip-relative), the two
    smallest in size are equal on the line."""
    small, middle, _ = sorted((q, r, -q - r), key=abs)
    return abs(small - middle) if small * middle >= 0 else abs(small) + abs(middle)


def estimate_features(board, seat):
    """The features of a ten-piece army, in estimate.cpp's order."""
    holes, tip = army(board, seat)
    occupied = set(holes)
    away = sorted((cube_distance(q, r) for q, r in holes), reverse=True)
    lateral = [off_axis(q, r) for q, r in holes]
    pairs = sum(1 for q, r in holes for dq, dr in NEIGHBOURS if (q + dq, r + dr) in occupied) // 2
    alone = sum(1 for q, r in holes
                if not any((q + dq, r + dr) in occupied for dq, dr in NEIGHBOURS))
    parked = 0
    for q, r in holes:
        from_centre = cube_distance(q + tip[0] - CENTRE[0], r + tip[1] - CENTRE[1])
        if from_centre > 4 and 3 < cube_distance(q, r) < 13:
            parked += 1
    total = sum(away)
    return away + [total, sum(d * d for d in away) / 10.0, away[0] - total / 10.0,
                   sum(1 for d in away if d >= 13), sum(1 for d in away if d <= 3), pairs, alone,
                   sum(lateral), max(lateral),
                   max(away[i] - away[i + 1] for i in range(len(away) - 1)),
                   sum(1 for x in lateral if x > 2), parked]
