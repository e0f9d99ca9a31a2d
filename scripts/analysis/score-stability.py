#!/usr/bin/env python3
"""How much the reported score moves from one search depth to the next.

Runs `go movetime MS` on every position of a fixed file of two-player positions taken
from ccmatch games and prints the median, 95th percentile and worst change of
`score cp` between consecutive completed depths, both at least --min-depth (mate
scores and bound-only lines are left out).

    python3 scripts/analysis/score-stability.py [--engine build/ccengine] [--movetime 500]
        [--nodes N] [--quick] [--positions tests/data/stability-2p.txt]

--quick takes every fifth position (67 of 333) for a run of about half a minute.

--filters also prints what other ways of showing the score would give: each depth's
own value is recovered from the shown means (v_d = 2 shown_d - v_(d-1), v_1 = shown_1;
integer halving makes it exact to a centi-step or two), then combined over the last two
to four depths with weights that give odd and even depths the same total weight, so
that none of them swings with the parity; and the drift |v_d - v_(d-2)|, which no such
mean removes.
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def read_positions(path):
    positions = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            game, ply, text = line.split(None, 2)
            positions.append((int(game), int(ply), text.strip()))
    return positions


def scores_by_depth(engine, text, limit):
    """Each completed depth's exact cp score (the last line of the depth wins)."""
    engine.stdin.write(f"newgame\nposition {text}\ngo {limit}\n")
    engine.stdin.flush()
    scores = {}
    for line in engine.stdout:
        words = line.split()
        if not words:
            continue
        if words[0] == "bestmove":
            return scores
        if words[0] != "info" or "depth" not in words or "score" not in words:
            continue
        depth = int(words[words.index("depth") + 1])
        at = words.index("score")
        if words[at + 1] != "cp" or words[at + 3] in ("lowerbound", "upperbound"):
            scores.pop(depth, None)
            continue
        if "multipv" in words and words[words.index("multipv") + 1] != "1":
            continue
        scores[depth] = int(words[at + 2])
    raise RuntimeError("engine ended without bestmove")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# Parity-balanced means of the last depths' values, newest first (see --filters).
FILTERS = {
    "single depth": (1,),
    "mean of 2 (shown)": (1, 1),
    "1-2-1": (1, 2, 1),
    "mean of 4": (1, 1, 1, 1),
    "3-3-1-1": (3, 3, 1, 1),
    "1-3-3-1": (1, 3, 3, 1),
}


def own_values(shown):
    """Each depth's own value, recovered from the shown means."""
    values = {}
    for depth in sorted(shown):
        before = values.get(depth - 1)
        values[depth] = shown[depth] if before is None else 2 * shown[depth] - before
    return values


def print_filters(all_shown, min_depth):
    for name, weights in FILTERS.items():
        changes = []
        for shown in all_shown:
            values = own_values(shown)
            filtered = {}
            for depth in values:
                window = [values.get(depth - back) for back in range(len(weights))]
                if None not in window:
                    filtered[depth] = sum(w * v for w, v in zip(weights, window)) / sum(weights)
            usable = sorted(d for d in filtered if d >= min_depth)
            changes += [abs(filtered[b] - filtered[a]) for a, b in zip(usable, usable[1:])
                        if b == a + 1]
        print(f"{name:18} pairs {len(changes)} median {percentile(changes, 0.5):.0f} "
              f"p95 {percentile(changes, 0.95):.0f} worst {max(changes):.0f}")
    drift = []
    for shown in all_shown:
        values = own_values(shown)
        drift += [values[d] - values[d - 2] for d in values if d - 2 >= min_depth and d - 2 in values]
    print(f"drift |v_d - v_(d-2)| median {percentile([abs(x) for x in drift], 0.5)}, "
          f"mean signed {sum(drift) / len(drift):.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "ccengine"))
    parser.add_argument("--positions", default=os.path.join(ROOT, "tests", "data", "stability-2p.txt"))
    parser.add_argument("--movetime", type=int, default=500)
    parser.add_argument("--nodes", type=int, help="go nodes N in place of movetime "
                        "(the same depths whatever the machine's load)")
    parser.add_argument("--min-depth", type=int, default=4)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--setoption", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--filters", action="store_true",
                        help="also the changes other parity-balanced means would show")
    args = parser.parse_args()

    positions = read_positions(args.positions)
    if args.quick:
        positions = positions[::5]
    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    engine.stdin.write("cci\n")
    for setting in args.setoption:
        name, value = setting.split("=", 1)
        engine.stdin.write(f"setoption name {name} value {value}\n")
    engine.stdin.write("isready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.strip() == "readyok":
            break
    changes = []
    depths = []
    all_shown = []
    for _game, _ply, text in positions:
        limit = f"nodes {args.nodes}" if args.nodes else f"movetime {args.movetime}"
        scores = scores_by_depth(engine, text, limit)
        all_shown.append(scores)
        usable = sorted(d for d in scores if d >= args.min_depth)
        depths.append(max(scores) if scores else 0)
        for low, high in zip(usable, usable[1:]):
            if high == low + 1:
                changes.append(abs(scores[high] - scores[low]))
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    if not changes:
        print("no pairs of completed depths", file=sys.stderr)
        return 1
    print(f"positions {len(positions)} pairs {len(changes)} "
          f"median-depth {percentile(depths, 0.5)}")
    print(f"change median {percentile(changes, 0.5)} p95 {percentile(changes, 0.95)} "
          f"worst {max(changes)}")
    if args.filters:
        print_filters(all_shown, args.min_depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
