#!/usr/bin/env python3
"""What a second search thread buys per move, independent of match noise.

Takes positions from a 2-player ccmatch record file (plies 10, 30 and 50 of every
fourth game), searches each with a fresh engine under `go movetime MS` with Threads 1,
Threads 2, and Threads 1 at twice the time, and prints each search's completed depth,
nodes and move, then the means: completed depth, nodes against Threads 1, and how often
the move is Threads 1's, and the time-to-depth speedup: over the searches where
Threads 1 and Threads 2 both completed a depth of at least 5, Threads 1's total time to
the deepest such depth over Threads 2's (the usual measure of parallel search; at
short times the game is decided by whether an iteration ends, not by nodes). Run it on an otherwise idle machine (Threads 2 needs both cores).

    python3 scripts/analysis/threads-depth.py build/ccengine 100 games.pgn [GAMES]
"""

import re
import subprocess
import sys


def positions_from(pgn_text, games):
    found = []
    for record in pgn_text.split("[Event ")[1:][: games * 4 : 4]:
        header, _, body = record.partition("\n\n")
        opening = re.search(r'\[Opening "startpos(?: moves)?([^"]*)"', header)
        if not opening:
            continue
        # Move comments ({+0.52/12 wdl=...}, match.md) hold signed numbers, not moves.
        moves = [word for word in re.sub(r"\{[^}]*\}", " ", body).split() if "-" in word]
        for cut in (10, 30, 50):
            if cut < len(moves):
                found.append(opening.group(1).split() + moves[:cut])
    return found


def search(engine, threads, movetime, moves):
    """Returns (completed depth, nodes, bestmove, {depth: time it completed})."""
    process = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    process.stdin.write(f"setoption name Threads value {threads}\n"
                        f"position startpos moves {' '.join(moves)}\nisready\n")
    process.stdin.flush()
    for line in process.stdout:
        if line.startswith("readyok"):
            break
        if line.startswith("error"):
            sys.exit(f"threads-depth: the engine refused the position: {line.strip()}")
    process.stdin.write(f"go movetime {movetime}\n")
    process.stdin.flush()
    last, best, times = None, None, {}
    for line in process.stdout:
        if line.startswith("info depth"):
            last = line
            times[int(re.search(r"depth (\d+)", line).group(1))] = int(
                re.search(r" time (\d+)", line).group(1))
        elif line.startswith("bestmove"):
            best = line.split()[1]
            break
    process.stdin.write("quit\n")
    process.stdin.close()
    process.wait()
    if last is None or best is None:
        sys.exit("threads-depth: the engine gave no info line or no bestmove")
    depth = int(re.search(r"depth (\d+)", last).group(1))
    nodes = int(re.search(r"nodes (\d+)", last).group(1))
    return depth, nodes, best, times


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    engine, movetime, pgn = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    games = int(sys.argv[4]) if len(sys.argv) == 5 else 10
    with open(pgn, encoding="utf-8") as records:
        positions = positions_from(records.read(), games)
    if not positions:
        sys.exit("threads-depth: no 2-player positions in the records")
    setups = [("Threads 1", 1, movetime), ("Threads 2", 2, movetime),
              (f"Threads 1, {2 * movetime} ms", 1, 2 * movetime)]
    depth = [0] * len(setups)
    nodes = [0] * len(setups)
    same = [0] * len(setups)
    time_one, time_two = 0, 0
    for moves in positions:
        results = [search(engine, threads, time, moves) for _, threads, time in setups]
        cells = []
        common = min(results[0][0], results[1][0])
        if common >= 5:
            time_one += results[0][3][common]
            time_two += results[1][3][common]
        for index, (got_depth, got_nodes, best, _) in enumerate(results):
            depth[index] += got_depth
            nodes[index] += got_nodes
            same[index] += best == results[0][2]
            cells.append(f"d{got_depth} {got_nodes:9d} {best:16s}")
        print(f"ply {len(moves):3d}  " + "  ".join(cells), flush=True)
    count = len(positions)
    for index, (name, _, _) in enumerate(setups):
        print(f"{name}: mean depth {depth[index] / count:.2f}, nodes "
              f"{nodes[index] / nodes[0]:.2f}x, same move as Threads 1 {same[index]}/{count}")
    if time_two:
        print(f"time to depth, Threads 1 over Threads 2: {time_one / time_two:.2f}")


if __name__ == "__main__":
    main()
