#!/usr/bin/env python3
"""The strength ladder of UCI_Elo at two players (measurements.md, "Strength on a scale"):
ccengine with UCI_LimitStrength at each Elo asked for plays the points up to --span places
above it on the list and the greedy player (`Player greedy`, CCERL's anchor at 481) by ccmatch, node-limited
by the levels themselves; a Bradley-Terry fit over every game (draws half) puts each on
the scale, greedy fixed at 481, with a 95% interval from the fit's curvature. Prints a
table of asked against measured, and the JSON of every pair with --out. The engines are
deterministic (node limits, fixed seeds), so the 50 shipped openings give 100 distinct
games a pair and more games repeat them: for more, a second run with other openings
(--openings "file=... plies=2", a new --seed) and --add of the first run's --out.

    python3 scripts/match/match-ladder.py --points 0,150,300,... [--games 100] [--engine
        build/ccengine] [--ccmatch build/ccmatch] [--concurrency 2] [--out ladder.json]
        [--greedy-within 600] [--openings SPEC] [--add earlier.json ...]
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

GREEDY_ELO = 481.0
OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings", "standard-2p.txt")


def engine_args(engine, name):
    if name == "greedy":
        return ["-engine", f"cmd={engine}", "name=greedy", "option.Player=greedy"]
    elo = int(name[1:])
    return ["-engine", f"cmd={engine}", f"name={name}", "option.UCI_LimitStrength=true",
            f"option.UCI_Elo={elo}"]


def play(args, first, second, seed):
    """(points of first, games) from one ccmatch run of `args.games` games."""
    with tempfile.TemporaryDirectory() as scratch:
        results = os.path.join(scratch, "results.json")
        command = [args.ccmatch, *engine_args(args.engine, first), *engine_args(args.engine, second),
                   "-each", "st=10", "timemargin=5000", "-games", "2", "-rounds",
                   str(args.games // 2), "-openings", *args.openings.split(), "-srand", str(seed),
                   "-concurrency", str(args.concurrency), "-results", results]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        with open(results, encoding="utf-8") as handle:
            report = json.load(handle)
    engines = {engine["name"]: engine for engine in report["engines"]}
    return float(engines[first]["points"]), float(engines[first]["games"])


def fit(pairs, names):
    """Bradley-Terry ratings (Elo) by Newton's method, greedy fixed; 95% half-widths."""
    free = [name for name in names if name != "greedy"]
    index = {name: i for i, name in enumerate(free)}
    rating = {name: GREEDY_ELO for name in names}
    scale = math.log(10) / 400
    for _ in range(100):
        size = len(free)
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for (a, b), (points, games) in pairs.items():
            expected = 1 / (1 + math.exp(-scale * (rating[a] - rating[b])))
            weight = games * expected * (1 - expected) * scale * scale
            residual = (points - games * expected) * scale
            for name, sign in ((a, 1), (b, -1)):
                if name in index:
                    gradient[index[name]] += sign * residual
            for x in (a, b):
                for y in (a, b):
                    if x in index and y in index:
                        hessian[index[x]][index[y]] += weight if x == y else -weight
        step = solve(hessian, gradient)
        for name in free:
            rating[name] += max(-400.0, min(400.0, step[index[name]]))
        if max(abs(value) for value in step) < 1e-6:
            break
    inverse = invert(hessian)
    half = {name: 1.96 * math.sqrt(max(inverse[index[name]][index[name]], 0.0)) for name in free}
    half["greedy"] = 0.0
    return rating, half


def solve(matrix, vector):
    inverse = invert(matrix)
    return [sum(row[j] * vector[j] for j in range(len(vector))) for row in inverse]


def invert(matrix):
    size = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column] or 1e-12
        work[column] = [value / lead for value in work[column]]
        for row in range(size):
            if row != column and work[row][column] != 0.0:
                factor = work[row][column]
                work[row] = [v - factor * p for v, p in zip(work[row], work[column])]
    return [row[size:] for row in work]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", required=True, help="the UCI_Elo values, comma-separated")
    parser.add_argument("--games", type=int, default=100, help="games a pair (even)")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--ccmatch", default="build/ccmatch")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--greedy-within", type=int, default=600,
                        help="a point plays greedy too when this near 481")
    parser.add_argument("--span", type=int, default=2,
                        help="each point plays the points up to this many places above it")
    parser.add_argument("--seed", type=int, default=71)
    parser.add_argument("--openings", default=f"file={OPENINGS}", help="ccmatch's -openings")
    parser.add_argument("--add", action="append", default=[],
                        help="an earlier run's --out, whose pairs join this run's in the fit")
    parser.add_argument("--out")
    args = parser.parse_args()
    args.engine = os.path.abspath(args.engine)
    points = sorted(int(value) for value in args.points.split(","))
    names = [f"e{point}" for point in points] + ["greedy"]
    schedule = [(f"e{a}", f"e{b}") for span in range(1, args.span + 1)
                for a, b in zip(points, points[span:])]
    schedule += [(f"e{point}", "greedy") for point in points
                 if abs(point - GREEDY_ELO) <= args.greedy_within]
    pairs = {}
    for number, (first, second) in enumerate(schedule):
        pairs[(first, second)] = play(args, first, second, args.seed + number)
        won, games = pairs[(first, second)]
        print(f"{first} - {second}: {won:g} of {games:g}", file=sys.stderr, flush=True)
    for earlier in args.add:
        with open(earlier, encoding="utf-8") as handle:
            for pair in json.load(handle)["pairs"]:
                won, games = pairs.get((pair["a"], pair["b"]), (0.0, 0.0))
                pairs[(pair["a"], pair["b"])] = (won + pair["points"], games + pair["games"])
    rating, half = fit(pairs, names)
    print("| asked | measured | 95% |")
    print("|---|---|---|")
    for point in points:
        name = f"e{point}"
        print(f"| {point} | {rating[name]:.0f} | +-{half[name]:.0f} |")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump({"pairs": [{"a": a, "b": b, "points": p, "games": g}
                                 for (a, b), (p, g) in pairs.items()],
                       "ratings": rating, "half_widths": half}, handle, indent=1)


if __name__ == "__main__":
    main()
