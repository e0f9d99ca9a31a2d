"""Perft figures for tests/perft_test.cpp, computed by the independent reference.

For every preset at every player count it allows (plus multi-army layouts), the start
position; and for a few rule sets, positions reached by seeded random play (random
moves biased towards the goal, so swaps, bonuses, locks and finishes occur). Prints
C++ table rows: rules, position text, perft 1..depth.

    python3 scripts/reference/make_perft_table.py > /tmp/rows.txt
"""

import random
import sys

from ccref import Game, distance

STARTS = [(preset, players) for preset in ("standard", "masters", "super", "sec5")
          for players in range(1, 7)] + [("card", 2), ("diamond", 2), ("diamond", 3)]
MULTI = ["preset=standard armies=1+4,2+5,3+6", "preset=masters armies=1+3+5,2+4+6",
         "preset=super armies=1+4,2+5,3+6", "preset=sec5 armies=1+3+5,2+4+6"]
MIDGAMES = [  # rules, plies of random play, seed
    ("preset=standard players=2", 40, 1), ("preset=masters players=2", 60, 2),
    ("preset=card players=2", 64, 3), ("preset=super players=2", 24, 4),
    ("preset=super players=3", 40, 5), ("preset=diamond players=2", 60, 6),
    ("preset=diamond players=3", 70, 7), ("preset=sec5 players=2", 64, 8),
    ("preset=masters players=4", 100, 9), ("preset=standard players=6", 90, 10),
    ("preset=standard players=2 unused=filled hops=long", 20, 11),
    ("preset=masters armies=1+4,2+5,3+6", 90, 12),
    ("preset=masters players=2 swap=final", 66, 13),
    ("preset=sec5 players=3 bonus=on goallock=on", 90, 14),
]


def goal_biased_move(game, position, moves, rng):
    """Mostly a move that brings its piece nearest its goal tip, sometimes any move."""
    if rng.random() < 0.3:
        return rng.choice(moves)
    def gain(move):
        if move.frm < 0:
            return -99
        seat = position.board[move.frm].seat
        tip = game.goal_tip[seat]
        return distance(move.frm, tip) - distance(move.to, tip)
    best = max(gain(m) for m in moves)
    return rng.choice([m for m in moves if gain(m) == best])


def row(rules, game, position, depth):
    counts = [game.perft(position, d) for d in range(1, depth + 1)]
    text = game.format(position)
    print(f'    {{"{rules}", "{text}", {{{", ".join(map(str, counts))}}}}},')
    sys.stdout.flush()


def main():
    for preset, players in STARTS:
        rules = f"preset={preset} players={players}"
        game = Game.from_settings(rules)
        row(rules, game, game.start(), 3)
    for rules in MULTI:
        game = Game.from_settings(rules)
        row(rules, game, game.start(), 3)
    for rules, plies, seed in MIDGAMES:
        rng = random.Random(seed)
        game = Game.from_settings(rules)
        position = game.start()
        for _ in range(plies):
            moves = game.legal(position)
            if not moves:
                break
            position = game.play(position, goal_biased_move(game, position, moves, rng))
        row(rules, game, position, 3)


if __name__ == "__main__":
    main()
