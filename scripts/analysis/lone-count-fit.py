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
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from army_geometry import distances  # noqa: E402
from error_summary import describe  # noqa: E402


TERMS = ["steps", "straggler", "lagging", "offaxis", "parked", "athome", "hops"]


def board_features(row):
    d = distances(row["board"], row["seat"])
    outside = [x for x in d if x > 3]
    return [sum(d), d[0], d[1], d[2], len(outside), sum(x * x for x in d) / 10.0,
            sum(max(0, x - 8) for x in d)]


BOARD = ["distance sum", "farthest", "second", "third", "outside goal", "squares/10",
         "beyond 8"]


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
