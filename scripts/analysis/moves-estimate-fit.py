#!/usr/bin/env python3
"""Fits ccengine's moves-to-finish estimate beyond the race table to the solo planner's
transfers on lone armies (lone-army-counts.py's output), reports its error, and writes
the fitted networks as C++ data.

    /usr/bin/python3 scripts/analysis/moves-estimate-fit.py lone-armies.jsonl
        [--check held-out.jsonl] [--folds 10]
        [--emit src/search/race/estimate_network.h --cases tests/data/moves-estimates.txt]

Two estimates, each the mean of a few small networks (one hidden layer of rectified
units, fitted to the absolute error) over the placement's features (army_geometry.py):
one with the race table's count among its inputs, fitted on the placements beyond the
table's family (inside it the table is exact), and one without a table, fitted on every
placement. The error is reported cross-validated on the fitting rows and, with --check,
on rows no fit saw; an estimate is rounded and never below the pieces outside the goal.
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from army_geometry import FEATURES, estimate_features  # noqa: E402
from error_summary import describe  # noqa: E402


def inputs(rows, with_table):
    x = [estimate_features(row["board"], row["seat"]) for row in rows]
    if with_table:
        x = [features + [float(row["terms"]["moves"])] for features, row in zip(x, rows)]
    return np.array(x, dtype=float)


class Network:
    """One hidden layer of rectified units over standardized inputs."""

    def __init__(self, x, y, hidden, decay, epochs, seed, rate=0.01):
        self.mean, self.scale = x.mean(0), x.std(0) + 1e-9
        a = (x - self.mean) / self.scale
        rng = np.random.default_rng(seed)
        self.w1 = rng.normal(0, 1 / np.sqrt(a.shape[1]), (a.shape[1], hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 1 / np.sqrt(hidden), hidden)
        self.b2 = float(np.median(y))
        params = [self.w1, self.b1, self.w2]
        first = [np.zeros_like(p) for p in params]
        second = [np.zeros_like(p) for p in params]
        for step in range(1, epochs + 1):  # Adam on the mean absolute error
            hidden_out = np.maximum(0, a @ self.w1 + self.b1)
            grad = np.sign(hidden_out @ self.w2 + self.b2 - y) / len(y)
            grad_hidden = np.outer(grad, self.w2) * (hidden_out > 0)
            grads = [a.T @ grad_hidden + decay * self.w1, grad_hidden.sum(0),
                     hidden_out.T @ grad + decay * self.w2]
            for index, (param, g) in enumerate(zip(params, grads)):
                first[index] = 0.9 * first[index] + 0.1 * g
                second[index] = 0.999 * second[index] + 0.001 * g * g
                param -= rate * (first[index] / (1 - 0.9 ** step)) / (
                    np.sqrt(second[index] / (1 - 0.999 ** step)) + 1e-8)
            self.b2 -= rate * grad.sum()

    def __call__(self, x):
        return np.maximum(0, ((x - self.mean) / self.scale) @ self.w1 + self.b1) @ self.w2 + self.b2


class Estimate:
    def __init__(self, x, y, args):
        self.networks = [Network(x, y, args.hidden, args.decay, args.epochs, seed)
                         for seed in range(args.networks)]

    def raw(self, x):
        return np.mean([network(x) for network in self.networks], axis=0)


def outside_goal(row):
    return sum(1 for d in estimate_features(row["board"], row["seat"])[:10] if d > 3)


def rounded(raw, rows):
    return np.array([max(outside_goal(row), int(np.floor(value + 0.5)))
                     for value, row in zip(raw, rows)])


def counts(estimate_with, estimate_alone, rows):
    """The engine's count with the table (exact in the family) and without one."""
    exact = np.array([bool(row["terms"]["exact"]) for row in rows])
    with_table = rounded(estimate_with.raw(inputs(rows, True)), rows)
    with_table[exact] = [row["terms"]["moves"] for row, e in zip(rows, exact) if e]
    alone = rounded(estimate_alone.raw(inputs(rows, False)), rows)
    return with_table, alone, exact


def report(title, rows, with_table, alone, exact):
    y = np.array([row["planner"] for row in rows])
    print(title)
    describe("  with the table, every placement", with_table - y)
    describe("  with the table, beyond its family", (with_table - y)[~exact])
    describe("  without a table", alone - y)
    table = np.array([row["terms"]["moves"] for row in rows])
    describe("  the table's count as before", table - y)
    for low, high in ((1, 8), (9, 16), (17, 24), (25, 40)):
        band = (y >= low) & (y <= high)
        if band.any():
            describe(f"  with the table, planner {low}-{high}", (with_table - y)[band])


def fit(rows, args):
    beyond = [row for row in rows if not row["terms"]["exact"]]
    y_beyond = np.array([float(row["planner"]) for row in beyond])
    y_all = np.array([float(row["planner"]) for row in rows])
    return (Estimate(inputs(beyond, True), y_beyond, args),
            Estimate(inputs(rows, False), y_all, args))


def cross_validate(rows, args):
    order = np.random.default_rng(1).permutation(len(rows))
    with_table = np.zeros(len(rows), dtype=int)
    alone = np.zeros(len(rows), dtype=int)
    exact = np.zeros(len(rows), dtype=bool)
    for fold in range(args.folds):
        test = order[fold::args.folds]
        train = np.setdiff1d(order, test)
        estimate_with, estimate_alone = fit([rows[i] for i in train], args)
        w, a, e = counts(estimate_with, estimate_alone, [rows[i] for i in test])
        with_table[test], alone[test], exact[test] = w, a, e
    return with_table, alone, exact


def literal(value):
    """A C++ float literal; 0 below a float's range."""
    text = f"{value if abs(value) > 1e-30 else 0.0:.9g}"
    return text + ("F" if any(c in text for c in ".e") else ".0F")


def emit_network(name, estimate, features):
    lines = [f"// {name}: {len(estimate.networks)} networks, {len(features)} inputs "
             f"({', '.join(features)}), {estimate.networks[0].w1.shape[1]} hidden units.",
             f"inline constexpr EstimateNetworks<{len(features)}, "
             f"{estimate.networks[0].w1.shape[1]}, {len(estimate.networks)}> {name}{{{{{{"]
    for network in estimate.networks:
        values = lambda array: ", ".join(literal(v) for v in np.ravel(array))  # noqa: E731
        lines.append(f"    {{{{{{{values(network.mean)}}}}}, {{{{{values(network.scale)}}}}},")
        lines.append(f"     {{{{{values(network.w1.T)}}}}},")
        lines.append(f"     {{{{{values(network.b1)}}}}}, {{{{{values(network.w2)}}}}}, "
                     f"{network.b2:.9g}F}},")
    lines.append("}}};")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts")
    parser.add_argument("--check", help="held-out rows: the error of the fit on all counts")
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--networks", type=int, default=3)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--decay", type=float, default=0.01)
    parser.add_argument("--epochs", type=int, default=3000)
    parser.add_argument("--emit", help="write the fitted networks as a C++ header")
    parser.add_argument("--cases", help="write test cases: rows with the raw estimates")
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.counts, encoding="utf-8") if line.strip()]
    rows = [row for row in rows if row["terms"].get("moves") is not None]
    if args.folds > 1:
        report(f"{args.folds}-fold cross-validated, {len(rows)} lone armies", rows,
               *cross_validate(rows, args))
    estimate_with, estimate_alone = fit(rows, args)
    if args.check:
        held = [json.loads(line) for line in open(args.check, encoding="utf-8") if line.strip()]
        held = [row for row in held if row["terms"].get("moves") is not None]
        report(f"held out, {len(held)} lone armies", held, *counts(estimate_with, estimate_alone, held))
    if args.emit:
        with open(args.emit, "w", encoding="utf-8") as out:
            out.write("#pragma once\n// Written by scripts/analysis/moves-estimate-fit.py "
                      f"({len(rows)} lone armies); do not edit.\n\n"
                      "#include \"search/race/estimate_networks.h\"\n\nnamespace cc::race {\n\n"
                      "// clang-format off\n")
            out.write(emit_network("kEstimateWithTable", estimate_with, FEATURES + ["table count"]))
            out.write("\n\n")
            out.write(emit_network("kEstimateAlone", estimate_alone, FEATURES))
            out.write("\n// clang-format on\n\n}  // namespace cc::race\n")
    if args.cases:
        sample = rows[:: max(1, len(rows) // 40)]
        raw_with = estimate_with.raw(inputs(sample, True))
        raw_alone = estimate_alone.raw(inputs(sample, False))
        with open(args.cases, "w", encoding="utf-8") as out:
            out.write("# board seat table-count raw-with-table raw-alone "
                      "(scripts/analysis/moves-estimate-fit.py --cases)\n")
            for row, w, a in zip(sample, raw_with, raw_alone):
                out.write(f"{row['board']} {row['seat']} {row['terms']['moves']} {w:.4f} {a:.4f}\n")


if __name__ == "__main__":
    main()
