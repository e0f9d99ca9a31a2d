#!/usr/bin/env python3
"""A count of the own turns an army still needs, fitted to the turns armies really took:
for every position of ccmatch's six-player records where the named engine's player is to
move, `eval`'s terms for that player beside the own turns it then took to finish (games
where it finished by the rules, not by adjudication), and a least-squares fit of those
turns on the terms taken apart from their weights. Prints the fit's error (k-fold) and
the weights it gives, scaled to 100 a step, for kEvalWeights's six-player row
(src/search/eval/eval.h).

    /usr/bin/python3 scripts/analysis/turns-left-fit.py records.pgn [more.pgn ...]
        --engine baselines/19e0d07098/build/ccengine [--name new] [--folds 10]

The engine that prints the terms must weigh them as WEIGHTS says (19e0d07's six-player
row, which has every term the fit uses; `scripts/match/build-baseline.sh 19e0d07` builds
it): a term is divided by its weight to give the raw quantity.
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py, records.py
from engine_pipe import EnginePipe  # noqa: E402
from records import read_games  # noqa: E402


# The terms fitted and the weights of 19e0d07's six-player row, with which `eval` prints
# them: each term divided by its weight is the raw quantity (steps, squared steps, ...).
WEIGHTS = {"steps": 100, "straggler": 2, "offaxis": 40, "lagging": 160, "parked": 128,
           "hops": -23}
FIELDS = {"steps": "step", "straggler": "straggler", "offaxis": "offAxis",
          "lagging": "lagging", "parked": "parked", "hops": "hopGain (a credit)"}


def game_rows(engine, headers, moves, name):
    """(own turns left, terms) at every position where `name`'s player is to move."""
    seats = {int(key[6:]): value for key, value in headers.items()
             if key.startswith("Player") and key[6:].isdigit()}
    engine.send(f"setrules {headers['Rules']}")
    start = headers.get("Start", "startpos")
    made = {player: 0 for player in seats}
    finished, rows, last_mover = {}, [], None
    for ply in range(len(moves)):
        engine.send(f"position {start} moves {' '.join(moves[:ply])}".rstrip())
        engine.send("eval")
        lines = engine.read_until("eval score")
        engine.send("result")
        result = engine.read_until("result ")[-1].split()
        places = [int(place) for place in result[result.index("places") + 1].split(",")]
        for player in seats:
            # A finish by the rules: the place came with the player's own last move.
            if places[player - 1] and player not in finished:
                finished[player] = made[player] if last_mover == player else None
        score = lines[-1].split()
        mover = int(score[score.index("mover") + 1])
        for line in lines:
            words = line.split()
            if words[:2] == ["eval", "player"] and int(words[2]) == mover:
                if seats.get(mover) == name and places[mover - 1] == 0:
                    terms = dict(zip(words[3::2], words[4::2]))
                    rows.append((mover, made[mover], {k: int(terms[k]) for k in WEIGHTS}))
        made[mover] += 1
        last_mover = mover
    return [(finished[player] - done, terms) for player, done, terms in rows
            if finished.get(player) is not None]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--name", default="new")
    parser.add_argument("--engine", required=True, help="a build with WEIGHTS's six-player row")
    parser.add_argument("--folds", type=int, default=10)
    args = parser.parse_args()
    engine = EnginePipe(args.engine)
    rows = []
    for path in args.records:
        for headers, moves in read_games(path):
            if headers.get("Players") == "6":
                rows.extend(game_rows(engine, headers, moves, args.name))
    engine.quit()
    turns = np.array([left for left, _ in rows], dtype=float)
    x = np.array([[1.0] + [terms[k] / WEIGHTS[k] for k in WEIGHTS] for _, terms in rows])
    order = np.random.default_rng(1).permutation(len(turns))
    predicted = np.zeros(len(turns))
    for fold in range(args.folds):
        test = order[fold::args.folds]
        train = np.setdiff1d(order, test)
        coefficients, *_ = np.linalg.lstsq(x[train], turns[train], rcond=None)
        predicted[test] = x[test] @ coefficients
    steps_only = np.array([[1.0, terms["steps"] / 100] for _, terms in rows])
    fitted_steps, *_ = np.linalg.lstsq(steps_only, turns, rcond=None)
    print(f"{len(turns)} positions; own turns left {turns.min():.0f} to {turns.max():.0f}")
    print(f"fit on the terms, {args.folds}-fold: mean |error| {np.abs(predicted - turns).mean():.2f} "
          f"turns; on the steps alone {np.abs(steps_only @ fitted_steps - turns).mean():.2f}")
    coefficients, *_ = np.linalg.lstsq(x, turns, rcond=None)
    per_step = coefficients[1]
    print(f"turns = {coefficients[0]:+.2f} + {per_step:.4f} a step + ...; as weights, 100 a step:")
    for index, key in enumerate(WEIGHTS):
        weight = coefficients[index + 1] / per_step * 100 * (1 if key != "hops" else -1)
        print(f"  {FIELDS[key]}: {weight:+.1f}")


if __name__ == "__main__":
    main()
