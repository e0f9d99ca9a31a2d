#!/usr/bin/env python3
"""Finishes by the fill rule into a home still mostly held by its owner, in ccmatch's
records: for each engine, the games where an opponent finished by filling that engine's
home while the engine's own pieces held most of it (more than half the holes), and the
finisher's own turn then; beside it, the same finishes the engine made into others'
homes (protocol-spec/rules.md §5: a goal is full once every hole is occupied and one
piece is the army's own, so a home left nearly full is its opposite's shortest race).

    python3 scripts/analysis/fill-finishes.py records.pgn [more.pgn ...] [--engine build/ccengine]
        [--early 15]
"""

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402



def board_state(engine, start, moves):
    """The position text's board field and the places after `moves`."""
    engine.send(f"position {start} moves {' '.join(moves)}".rstrip())
    engine.send("d")
    text = engine.read_until("position ")[-1].split()[1]
    engine.send("result")
    result = engine.read_until("result ")[-1].split()
    places = [int(place) for place in result[result.index("places") + 1].split(",")]
    return text.replace("/", ""), places


def homes(engine, rules):
    """Each seat's home triangle as indices of the position text's holes (the start
    position of six armies marks them)."""
    engine.send(f"setrules {rules} players=6 armies=1,2,3,4,5,6")
    board, _ = board_state(engine, "startpos", [])
    triangles = collections.defaultdict(set)
    for index, hole in enumerate(board):
        if hole.isdigit():
            triangles[int(hole)].add(index)
    return triangles


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--early", type=int, default=15,
                        help="a finish before the finisher's own turn N counts as early")
    args = parser.parse_args()
    engine = EnginePipe(args.engine)
    home = homes(engine, "preset=standard")
    suffered = collections.defaultdict(list)  # engine name -> finishers' own turns
    made = collections.defaultdict(list)
    games = collections.Counter()
    for path in args.records:
        for headers, moves in read_games(path):
            if "Places" not in headers:
                continue
            players = int(headers["Players"])
            names = [headers[f"Player{n}"] for n in range(1, players + 1)]
            seats = [int(headers.get(f"Seat{n}", n)) for n in range(1, players + 1)]
            owner = {seat: player for player, seat in enumerate(seats)}
            for name in set(names):
                games[name] += 1
            engine.send(f"setrules {headers['Rules']}")
            start = headers.get("Start", "startpos")
            turns = [0] * players
            before = [0] * players
            for ply in range(len(moves)):
                engine.send(f"position {start} moves {' '.join(moves[:ply])}".rstrip())
                engine.send("d")
                mover = int(engine.read_until("to move: player")[-1].split()[3]) - 1
                turns[mover] += 1
                board, places = board_state(engine, start, moves[:ply + 1])
                if places[mover] == 0 or before[mover] != 0:
                    before = places
                    continue
                before = places
                goal = home[(seats[mover] + 2) % 6 + 1]
                held = collections.Counter(board[index] for index in goal)
                for holder, count in held.items():
                    if not holder.isdigit() or int(holder) not in owner:
                        continue
                    victim = owner[int(holder)]
                    if victim != mover and 2 * count > len(goal):
                        suffered[names[victim]].append(turns[mover])
                        made[names[mover]].append(turns[mover])
    engine.quit()
    for name in sorted(games):
        early = sum(turn < args.early for turn in suffered[name])
        print(f"{name}: {games[name]} games; its home filled by an opponent while it held most "
              f"of it: {len(suffered[name])} (before the finisher's turn {args.early}: {early}; "
              f"turns {sorted(suffered[name])}); such finishes made: {len(made[name])} "
              f"(turns {sorted(made[name])})")


if __name__ == "__main__":
    main()
