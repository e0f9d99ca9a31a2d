#!/usr/bin/env python3
"""How well a moves-to-finish count matches the solo planner on lone armies, and a
linear model fitted to the planner's answers (lone-army-counts.py's output).

    /usr/bin/python3 scripts/analysis/lone-count-fit.py lone-armies.jsonl [--folds 5]

Prints the race table's count against the planner's transfer (exact placements and
estimates apart, by the planner's length), then for two models, one with the table's
count among its inputs and one from `eval`'s terms alone (no table), the error of a
k-fold cross-validated fit and the coefficients fitted on all rows.
"""

import argparse
import json

import numpy as np

TERMS = ["steps", "straggler", "lagging", "offaxis", "parked", "athome", "hops"]

# The board text's rows run from row 17 (the top tip) down to row 1; a row's holes are
# lettered from its first letter on (protocol-spec/notation.md). Holes (letter, row) are
# axial hexagon coordinates: the six neighbours differ by (+-1, 0), (0, +-1), (+1, -1)
# and (-1, +1).
FIRST_LETTER = {17: 4, 16: 4, 15: 4, 14: 4, 13: 0, 12: 1, 11: 2, 10: 3, 9: 4, 8: 4, 7: 4, 6: 4,
                5: 4, 4: 9, 3: 10, 2: 11, 1: 12}
# Each seat's goal tip (the home tip of the seat opposite).
GOAL_TIP = {1: (4, 17), 4: (12, 1), 2: (12, 13), 5: (4, 5), 3: (16, 5), 6: (0, 13)}


def distances(board, seat):
    """Each piece's steps to its goal's tip."""
    tip = GOAL_TIP[seat]
    result = []
    for index, row in enumerate(board.split("/")):
        number = 17 - index
        for offset, cell in enumerate(row):
            if cell == str(seat):
                dq, dr = FIRST_LETTER[number] + offset - tip[0], number - tip[1]
                result.append(max(abs(dq), abs(dr), abs(dq + dr)))
    return sorted(result, reverse=True)


def board_features(row):
    d = distances(row["board"], row["seat"])
    outside = [x for x in d if x > 3]
    return [sum(d), d[0], d[1], d[2], len(outside), sum(x * x for x in d) / 10.0,
            sum(max(0, x - 8) for x in d)]


BOARD = ["distance sum", "farthest", "second", "third", "outside goal", "squares/10",
         "beyond 8"]


def describe(name, error):
    error = np.asarray(error, dtype=float)
    if error.size == 0:
        print(f"{name}: no rows")
        return
    print(f"{name}: {error.size} rows, mean error {error.mean():+.2f}, mean |error| "
          f"{np.abs(error).mean():.2f}, largest |error| {np.abs(error).max():.0f}, within one move "
          f"{(np.abs(error) <= 1).mean() * 100:.0f}%")


def features(rows, with_table):
    columns = [[1.0] * len(rows)]
    for term in TERMS:
        columns.append([row["terms"].get(term, 0) / 100.0 for row in rows])
    per_row = [board_features(row) for row in rows]
    for index in range(len(BOARD)):
        columns.append([values[index] for values in per_row])
    if with_table:
        columns.append([float(row["terms"]["moves"]) for row in rows])
    return np.array(columns).T


def cross_validated(x, y, folds, seed=1):
    order = np.random.default_rng(seed).permutation(len(y))
    predicted = np.zeros(len(y))
    for fold in range(folds):
        test = order[fold::folds]
        train = np.setdiff1d(order, test)
        coefficients, *_ = np.linalg.lstsq(x[train], y[train], rcond=None)
        predicted[test] = x[test] @ coefficients
    return predicted


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.counts, encoding="utf-8") if line.strip()]
    with_count = [row for row in rows if row["terms"].get("moves") is not None]
    exact = [row for row in with_count if row["terms"].get("exact")]
    estimated = [row for row in with_count if not row["terms"].get("exact")]
    print(f"{len(rows)} lone armies; the planner's transfer {min(r['planner'] for r in rows)} to "
          f"{max(r['planner'] for r in rows)} moves")
    describe("table's count - planner, all", [r["terms"]["moves"] - r["planner"] for r in with_count])
    describe("  exact placements", [r["terms"]["moves"] - r["planner"] for r in exact])
    describe("  estimated", [r["terms"]["moves"] - r["planner"] for r in estimated])
    for low, high in ((1, 8), (9, 16), (17, 24), (25, 40)):
        band = [r for r in estimated if low <= r["planner"] <= high]
        describe(f"  estimated, planner {low}-{high}", [r["terms"]["moves"] - r["planner"] for r in band])
    y = np.array([float(r["planner"]) for r in estimated])
    for name, with_table in (("model with the table's count", True), ("model from eval's terms", False)):
        if len(estimated) < 2 * args.folds:
            break
        x = features(estimated, with_table)
        predicted = cross_validated(x, y, args.folds)
        describe(f"{name} ({args.folds}-fold), estimated placements", predicted - y)
        coefficients, *_ = np.linalg.lstsq(x, y, rcond=None)
        names = ["constant"] + TERMS + BOARD + (["table count"] if with_table else [])
        print("  coefficients (per 100 cp of a term): " +
              ", ".join(f"{n} {c:+.3f}" for n, c in zip(names, coefficients)))


if __name__ == "__main__":
    main()
