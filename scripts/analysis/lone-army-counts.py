#!/usr/bin/env python3
"""Lone armies from six-player records, each counted three ways: the transfer ccengine's
solo planner finds for it alone on the board (players=1 with that army's seat, `go
movetime`: the planner widens its beam by time, not by nodes), the race table's count
(`eval`'s `moves`, exact in the table's family and an estimate beyond it), and `eval`'s
terms. The planner's transfer is an upper bound on
the fewest moves alone (the table's count where it is exact). One JSON object a line,
for fitting and judging a moves-to-finish estimate (protocol-spec/measurements-race.md).

    python3 scripts/analysis/lone-army-counts.py records.pgn [more.pgn ...]
        --table race.bin [--engine build/ccengine] [--count 1000] [--movetime 4000]
        [--seed 1] > lone-armies.jsonl

Placements are drawn uniformly over the records' (game, ply, seat), every stage of the
game and all six seats, leaving out armies already finished; the same seed draws the
same placements.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402



def board_text(engine, rules, start, moves):
    engine.send(f"setrules {rules}")
    engine.send(f"position {start} moves {' '.join(moves)}".rstrip())
    engine.send("getposition")
    return engine.read_until("position ")[-1].split()[1]


def lone_board(board, seat):
    """The board field with only the army of `seat` (its digit) left."""
    return "".join(c if c == "/" or c == "." or c == str(seat) else "." for c in board)


def count(engine, seat, board, movetime):
    engine.send(f"setrules preset=standard players=1 armies={seat}")
    engine.send("newgame")
    engine.send(f"position {board} 1 1 0 0 - - playing")
    engine.send("eval")
    terms = {}
    for line in engine.read_until("eval score"):
        if line.startswith("eval player"):
            words = line.split()[3:]  # after "eval player <n>"
            if len(words) % 2:
                terms["exact"] = words.pop() == "exact"
            for key, value in zip(words[::2], words[1::2]):
                terms[key] = None if value == "none" else int(value)
    engine.send(f"go movetime {movetime}")
    lines = engine.read_until("bestmove")
    planner = None
    for line in lines:
        words = line.split()
        if "mate" in words:
            planner = int(words[words.index("mate") + 1])
    return terms, planner


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--table", required=True, help="the race table (RacePath)")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--movetime", type=int, default=4000, help="milliseconds a placement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [(h, m) for path in args.records for h, m in read_games(path) if h.get("Players") == "6"]
    draws = random.Random(args.seed)
    engine = EnginePipe(args.engine)
    engine.send(f"setoption name RacePath value {args.table}")
    engine.send("isready")
    engine.read_until("readyok")
    made = 0
    while made < args.count:
        headers, moves = draws.choice(games)
        ply = draws.randrange(len(moves) + 1)
        seat = draws.randrange(1, 7)
        board = board_text(engine, headers["Rules"], headers.get("Start", "startpos"), moves[:ply])
        alone = lone_board(board, seat)
        terms, planner = count(engine, seat, alone, args.movetime)
        if planner is None or planner == 0:
            continue  # finished, or no transfer found in the time
        print(json.dumps({"game": headers.get("Game"), "ply": ply, "seat": seat, "board": alone,
                          "planner": planner, "terms": terms}), flush=True)
        made += 1
    engine.quit()


if __name__ == "__main__":
    main()
