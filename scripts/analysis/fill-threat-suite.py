#!/usr/bin/env python3
"""Positions from ccmatch's records where the player to move can open its home to a fill
finish (protocol-spec/rules.md §5): some of its moves leave an army whose goal is that home
able to fill it within three of its own turns, the other pieces standing still, and some
do not. The engine says so in an `info string` before it searches (protocol-spec/play.md,
A home left open); this script replays every position of the records with `go nodes 1`
and keeps those where it did, a few a game at least some plies apart, for
tests/fill_threat_test.cpp's suite.

    python3 scripts/analysis/fill-threat-suite.py records.pgn [more.pgn ...]
        [--engine build/ccengine] [--every 4] [--per-game 2] [--limit 40]
        > tests/data/fill-threats.txt
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402


MARK = "info string home open to a fill finish"


def threatened_plies(engine, headers, moves, every):
    """The plies (moves played before them) where the engine left moves out."""
    engine.send(f"setrules {headers['Rules']}")
    engine.send("newgame")
    start = headers.get("Start", "startpos")
    found, last = [], -every
    for ply in range(len(moves)):
        if ply - last < every:
            continue
        engine.send(f"position {start} moves {' '.join(moves[:ply])}".rstrip())
        engine.send("go nodes 1")
        lines = engine.read_until("bestmove")
        if any(line.startswith(MARK) for line in lines):
            found.append(ply)
            last = ply
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--every", type=int, default=4, help="plies between two positions of a game")
    parser.add_argument("--per-game", type=int, default=2, help="positions a game at most")
    parser.add_argument("--limit", type=int, default=40, help="positions at most")
    args = parser.parse_args()
    engine = EnginePipe(args.engine)
    kept, seen = 0, set()
    print("# Positions where the mover can open its home to a fill finish within three of the")
    print("# filler's own turns, and can keep it closed. One a line, tab-separated: the rules")
    print("# (setrules), the start (startpos or a position text), the moves played. Made by")
    print("# scripts/analysis/fill-threat-suite.py from " + ", ".join(os.path.basename(r) for r in args.records))
    for path in args.records:
        for headers, moves in read_games(path):
            for ply in threatened_plies(engine, headers, moves, args.every)[:args.per_game]:
                if kept >= args.limit:
                    break
                start = headers.get("Start", "startpos")
                if (start, tuple(moves[:ply])) in seen:
                    continue  # the same opening with the seats turned
                seen.add((start, tuple(moves[:ply])))
                print(f"{headers['Rules']}\t{start}\t{' '.join(moves[:ply])}")
                kept += 1
    engine.quit()
    print(f"{kept} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
