#!/usr/bin/env python3
"""The error of ccengine's moves-to-finish count (`eval`'s `moves`) against the solo
planner's transfers on lone armies (lone-army-counts.py's output), with the race table
and without one.

    python3 scripts/analysis/moves-estimate-error.py lone-armies.jsonl [more.jsonl ...]
        [--engine build/ccengine] [--table race.bin]

Each army is set alone on the board (players=1 with its seat) and `eval` read; the
error is the count minus the planner's transfer (an upper bound on the fewest moves,
exact where the table is).
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from engine_pipe import EnginePipe  # noqa: E402
from error_summary import describe  # noqa: E402


def counts(engine_path, table, rows):
    engine = EnginePipe(engine_path)
    if table:
        engine.send(f"setoption name RacePath value {table}")
    engine.send("isready")
    engine.read_until("readyok")
    result = []
    for row in rows:
        engine.send(f"setrules preset=standard players=1 armies={row['seat']}")
        engine.send(f"position {row['board']} 1 1 0 0 - - playing")
        engine.send("eval")
        for line in engine.read_until("eval score"):
            if line.startswith("eval player"):
                words = line.split()
                at = words.index("moves")
                result.append((int(words[at + 1]), words[at + 2] == "exact"))
    engine.quit()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", nargs="+")
    parser.add_argument("--engine", default="build/ccengine")
    parser.add_argument("--table", help="the race table (RacePath); without it, both runs are alike")
    args = parser.parse_args()
    rows = [json.loads(line) for path in args.counts for line in open(path, encoding="utf-8")
            if line.strip()]
    for name, table in (("with the table", args.table), ("without a table", None)):
        if name == "with the table" and not table:
            continue
        answers = counts(args.engine, table, rows)
        errors = [count - row["planner"] for (count, _), row in zip(answers, rows)]
        exact = [e for (_, is_exact), e in zip(answers, errors) if is_exact]
        beyond = [e for (_, is_exact), e in zip(answers, errors) if not is_exact]
        describe(name, errors)
        describe(f"  {name}, exact", exact)
        describe(f"  {name}, estimated", beyond)
        for low, high in ((1, 8), (9, 16), (17, 24), (25, 40)):
            band = [e for e, row in zip(errors, rows) if low <= row["planner"] <= high]
            describe(f"  {name}, planner {low}-{high}", band)


if __name__ == "__main__":
    main()
