#!/usr/bin/env python3
"""How ccengine reads the other players from the game record at three to six players: at
positions from ccmatch records where the named player is to move, the engine's
`info string mcts field greedy G of M moves` (of the others' last moves, how many the
greedy rule would have made) and whether it took them for greedy racers (the playouts'
cut it chose). Prints the share of positions read as a greedy field and the share of the
others' moves that were greedy.

    python3 scripts/analysis/field-reading.py records.pgn [more.pgn ...] --name new
        [--engine build/ccengine] [--every 3] [--from-ply 12]
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402

READING = re.compile(r"mcts field greedy (\d+) of (\d+) moves, playouts cut after (\d+) rounds")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--name", required=True, help="the player whose turns are read")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--every", type=int, default=3, help="every how many plies")
    parser.add_argument("--from-ply", type=int, default=12)
    args = parser.parse_args()
    engine = EnginePipe(args.engine)
    positions = greedy_moves = moves_read = 0
    cuts = {}
    for path in args.records:
        for headers, moves in read_games(path):
            opening = headers.get("Opening", "startpos")
            for ply in range(args.from_ply, len(moves), args.every):
                engine.send("newgame")
                engine.send(f"setrules {headers['Rules']}")
                engine.send(f"{'position ' + opening if not opening.startswith('position') else opening}"
                            f"{'' if ' moves' in opening else ' moves'} {' '.join(moves[:ply])}".rstrip())
                engine.send("d")
                mover = next(line for line in engine.read_until("position ") if line.startswith("to move"))
                player = int(mover.split()[3])
                if headers.get(f"Player{player}") != args.name:
                    continue
                engine.send("go nodes 1")
                reading = next((READING.search(line) for line in engine.read_until("bestmove")
                                if READING.search(line)), None)
                if reading is None:
                    continue
                greedy, read, cut = (int(group) for group in reading.groups())
                positions += 1
                greedy_moves += greedy
                moves_read += read
                cuts[cut] = cuts.get(cut, 0) + 1
    engine.quit()
    if positions == 0:
        sys.exit(f"no position of {args.name} to move in the records")
    print(f"{positions} positions of {args.name} to move: the others' moves greedy in "
          f"{greedy_moves} of {moves_read} ({100 * greedy_moves / max(1, moves_read):.1f}%); "
          "playouts cut after " + ", ".join(f"{cut} rounds in {count}" for cut, count in sorted(cuts.items())))


if __name__ == "__main__":
    main()
