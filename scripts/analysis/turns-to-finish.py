#!/usr/bin/env python3
"""How one engine did in ccmatch's multi-player records: first places, mean place, and
the own turns its army took to finish (median and mean), beside the other engines'.

Each game is replayed with the engine's `position` and `d` to know who moved at every
ply; a player's own turns to finish are the moves it made, counted for the players
that finished (a finished player moves no more).

    python3 scripts/analysis/turns-to-finish.py --name new records.pgn [more.pgn ...]
        [--engine build/ccengine]
"""

import argparse
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402


def movers(engine, headers, moves):
    """The player (1-based) to move before each ply."""
    engine.send(f"setrules {headers['Rules']}")
    start = headers.get("Start", "startpos")
    result = []
    for ply in range(len(moves)):
        engine.send(f"position {start} moves {' '.join(moves[:ply])}".rstrip())
        engine.send("d")
        line = engine.read_until("to move: player")[-1]
        result.append(int(line.split()[3]))
    return result


def interval(successes, count):
    """A 95% Wilson interval of a proportion, in percent."""
    if count == 0:
        return 0.0, 0.0
    z = 1.96
    p = successes / count
    centre = (p + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(p * (1 - p) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return 100 * (centre - half), 100 * (centre + half)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--name", required=True, help="the engine's name in the records")
    parser.add_argument("--engine", default="build/ccengine")
    args = parser.parse_args()
    engine = EnginePipe(args.engine)
    games = firsts = 0
    places = []
    turns = {"named": [], "others": []}
    for path in args.records:
        for headers, moves in read_games(path):
            players = int(headers["Players"])
            names = [headers.get(f"Player{n}") for n in range(1, players + 1)]
            if args.name not in names or "Places" not in headers:
                continue
            final = [int(place) for place in headers["Places"].split(",")]
            by_player = movers(engine, headers, moves)
            finished = headers.get("Reason") == "finish"
            for player in range(1, players + 1):
                group = "named" if names[player - 1] == args.name else "others"
                if finished and final[player - 1] < players:
                    turns[group].append(by_player.count(player))
                if group == "named":
                    games += 1
                    firsts += final[player - 1] == 1
                    places.append(final[player - 1])
    engine.quit()
    if games == 0:
        sys.exit(f"no game of an engine named {args.name!r}")
    low, high = interval(firsts, games)
    print(f"{args.name}: {games} seats, first {firsts} ({100 * firsts / games:.1f}%, "
          f"95% {low:.1f}-{high:.1f}%), mean place {statistics.mean(places):.2f}")
    for group, label in (("named", args.name), ("others", "the others")):
        values = turns[group]
        if values:
            print(f"own turns to finish, {label}: median {statistics.median(values)}, "
                  f"mean {statistics.mean(values):.1f} over {len(values)} finishes")


if __name__ == "__main__":
    main()
