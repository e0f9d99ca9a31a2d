#!/usr/bin/env python3
"""How many moves ccengine wastes in a two-player race where the armies no longer meet.

Player 1's army is put at random in its race-table family (its goal and the four
hexagon rows before it), player 2's near its own goal, far enough behind (the table's
count at least 4 more) that player 1 finishes first. ccengine (go nodes N) plays both
sides until player 1 finishes; the moves it took are set beside the table's exact count
at the start (the fewest possible).

usage: race-endgame.py ENGINE TABLE [--positions N] [--nodes N] [--seed N]
"""
import argparse
import random
import subprocess

ROWS = {17: "e", 16: "ef", 15: "efg", 14: "efgh", 13: "abcdefghijklm", 12: "bcdefghijklm",
        11: "cdefghijklm", 10: "defghijklm", 9: "efghijklm", 8: "efghijklmn", 7: "efghijklmno",
        6: "efghijklmnop", 5: "efghijklmnopq", 4: "jklm", 3: "klm", 2: "lm", 1: "m"}


def cube(hole):
    return ord(hole[0]) - ord("a") - 8, int(hole[1:]) - 9


def in_hexagon(hole):
    q, r = cube(hole)
    return max(abs(q), abs(r), abs(q + r)) <= 4


HOLES = [f"{c}{row}" for row, cols in ROWS.items() for c in cols]
NORTH_REGION = [h for h in HOLES if cube(h)[1] > 4 or (in_hexagon(h) and cube(h)[1] >= 1)]
SOUTH_NEAR = [h for h in HOLES if cube(h)[1] < -4 or (in_hexagon(h) and cube(h)[1] <= -3)]


def text(pieces1, pieces2):
    rows = []
    for row in range(17, 0, -1):
        line = ""
        for c in ROWS[row]:
            hole = f"{c}{row}"
            line += "1" if hole in pieces1 else "4" if hole in pieces2 else "."
        rows.append(line)
    return "/".join(rows) + " 1 1 0 0 - - playing"


class Engine:
    def __init__(self, path, table, nodes):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)
        self.nodes = nodes
        self.ask([f"setoption name RacePath value {table}", "isready"], "readyok")

    def ask(self, lines, until):
        self.p.stdin.write("".join(l + "\n" for l in lines))
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("engine ended")
            out.append(line.rstrip("\n"))
            if line.startswith(until):
                return out

    def moves(self, position):
        out = self.ask([f"position {position}", "eval"], "eval score")
        counts = []
        for line in out:
            if line.startswith("eval player"):
                w = line.split()
                at = w.index("moves")
                counts.append((int(w[at + 1]), w[at + 2]))
        return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("table")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-wasted", action="store_true",
                        help="print the start position of each race with a wasted move")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine, args.table, args.nodes)
    waste = []
    while len(waste) < args.positions:
        # Some pieces home already, the rest on the rows before: the last moves of a race.
        home = [h for h in NORTH_REGION if cube(h)[1] > 4]
        at_home = rng.randint(3, 8)
        pieces1 = set(rng.sample(home, at_home)) | set(
            rng.sample([h for h in NORTH_REGION if h not in home], 10 - at_home))
        pieces2 = set(rng.sample(SOUTH_NEAR, 10))
        start = text(pieces1, pieces2)
        counts = engine.moves(start)
        (d1, k1), (d2, k2) = counts
        if k1 != "exact" or k2 != "exact" or d1 < 4 or d2 < d1 + 4:
            continue
        played = []
        taken = 0
        while True:
            out = engine.ask([f"position {start} moves {' '.join(played)}".rstrip(),
                              f"go nodes {args.nodes}"], "bestmove")
            move = out[-1].split()[1]
            if move == "none":
                break
            mover_is_1 = len(played) % 2 == 0
            played.append(move)
            if mover_is_1:
                taken += 1
            result = engine.ask([f"position {start} moves {' '.join(played)}", "result"],
                                "result")[-1]
            if "ongoing" not in result:
                break
        waste.append(taken - d1)
        print(f"table {d1:2d} played {taken:2d} waste {taken - d1} ({result})"
              + (f" from {start} table2 {d2}" if args.show_wasted and taken > d1 else ""),
              flush=True)
    n = len(waste)
    print(f"positions {n}; moves wasted: total {sum(waste)}, mean {sum(waste) / n:.2f}, "
          f"optimal in {sum(1 for w in waste if w == 0)} of {n}")


if __name__ == "__main__":
    main()
