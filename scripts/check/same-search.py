#!/usr/bin/env python3
"""Checks that two builds search alike: the same info lines (less time and speed) and the
same bestmove at `go nodes` over fixed positions of every preset at 2, 3, 4 and 6 players.
A refactor that claims "no behaviour change" runs this against the build before it.
At 3-6 players the Monte-Carlo search also reports on a wall-clock timer, so there only
its last info line and the bestmove are compared (the timer's lines vary run to run).

    python3 scripts/check/same-search.py BASE_ENGINE NEW_ENGINE [--nodes N] [--plies K]

The positions are made by BASE itself: from each preset's start it plays K plies of
`go nodes N` and every position on the way is searched by both builds (in threads 1, so
the searches are deterministic). Prints one line per differing position and a total;
exits 1 when any position differs."""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py
from engine_pipe import EnginePipe  # noqa: E402

PRESETS = ["standard", "masters", "card", "super", "diamond", "sec5", "ccerl"]
PLAYER_COUNTS = [2, 3, 4, 6]
VOLATILE = re.compile(r" (time|nps|hashfull|tbhits) \d+")


class Engine(EnginePipe):
    def __init__(self, command):
        super().__init__(command)
        self.send("cci")
        self.read_until("cciok")

    def setrules(self, words):
        self.send(f"setrules {words}")
        self.send("isready")
        lines = self.read_until("readyok")
        return not any(line.startswith("error") for line in lines)

    def search(self, moves, nodes, players):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {nodes}")
        lines = [VOLATILE.sub("", line) for line in self.read_until("bestmove")]
        if players > 2:
            lines = [line for line in lines if line.startswith("info depth")][-1:] + lines[-1:]
        return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--plies", type=int, default=3)
    args = parser.parse_args()

    base, new = Engine(args.base), Engine(args.new)
    for engine in (base, new):
        engine.send("setoption name Threads value 1")
    positions = differing = 0
    for preset in PRESETS:
        for players in PLAYER_COUNTS:
            words = f"preset={preset} players={players}"
            if not base.setrules(words):
                continue  # a player count the preset is not for
            if not new.setrules(words):
                print(f"{words}: refused by the new build only")
                differing += 1
                continue
            moves = []
            for _ in range(args.plies + 1):
                for engine in (base, new):
                    engine.send("isready")
                    engine.read_until("readyok")
                base_lines = base.search(moves, args.nodes, players)
                new_lines = new.search(moves, args.nodes, players)
                positions += 1
                if base_lines != new_lines:
                    differing += 1
                    print(f"{words} moves [{' '.join(moves)}]: differs")
                    for a, b in zip(base_lines, new_lines):
                        if a != b:
                            print(f"  base: {a}\n  new:  {b}")
                            break
                best = base_lines[-1].split()[1]
                if best in ("none", "0000", "(none)"):
                    break
                moves.append(best)
    base.quit()
    new.quit()
    print(f"{positions} positions, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
