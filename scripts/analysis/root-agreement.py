#!/usr/bin/env python3
"""How often a short search chooses the move of a long one: middlegame positions from
ccmatch records, each searched from a fresh game state (`newgame`: no Monte-Carlo tree
kept) with a short and a long `go` limit, and the share of positions where the two
bestmoves agree, with its 95% Wilson interval. At 3 to 6 players this is how settled the
root decision is at match speed. Node limits by default (2,500 playouts are about 0.1 s
at six players, 50,000 about 2 s), so that a loaded machine does not change the figure.

    python3 scripts/analysis/root-agreement.py records.pgn [more.pgn ...] [--engine build/ccengine]
        [--short "nodes 2500"] [--long "nodes 50000"] [--positions 200] [--from-ply 30]
        [--to-ply 150]

Positions: every game's plies from --from-ply to --to-ply, every fifth, until
--positions are taken (records in the order given).
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402


def bestmove(engine, rules, start, moves, limit):
    engine.send("newgame")
    engine.send(f"setrules {rules}")
    engine.send(f"position {start} moves {' '.join(moves)}".rstrip())
    engine.send(f"go {limit}")
    return engine.read_until("bestmove")[-1].split()[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--short", default="nodes 2500", help="the short search's go limit")
    parser.add_argument("--long", default="nodes 50000", help="the long search's go limit")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--from-ply", type=int, default=30)
    parser.add_argument("--to-ply", type=int, default=150)
    args = parser.parse_args()
    engine = EnginePipe(args.engine)
    agree = total = 0
    for path in args.records:
        for headers, moves in read_games(path):
            start = headers.get("Start", "startpos")
            for ply in range(args.from_ply, min(args.to_ply, len(moves)), 5):
                if total == args.positions:
                    break
                short = bestmove(engine, headers["Rules"], start, moves[:ply], args.short)
                long = bestmove(engine, headers["Rules"], start, moves[:ply], args.long)
                total += 1
                agree += short == long
    engine.quit()
    if total == 0:
        sys.exit("no position in the records")
    z = 1.96
    share = agree / total
    centre = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    print(f"{agree} of {total} positions: the move at '{args.short}' is the move at '{args.long}' "
          f"({100 * share:.1f}%, 95% {100 * (centre - half):.1f}-{100 * (centre + half):.1f}%)")


if __name__ == "__main__":
    main()
