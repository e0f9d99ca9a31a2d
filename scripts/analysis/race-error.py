#!/usr/bin/env python3
"""The race table's count along a proven-optimal solo transfer (players=1, standard).

The solo search of ccengine finds a 27-move transfer from the start (27 is the proven
optimum, protocol-spec/rules.md section 2); along an optimal line the position after k
moves needs exactly 27 - k more. This prints, for each k, the `moves` count `eval`
gives with the table (exact or estimate) beside that truth, and the errors.

usage: race-error.py ENGINE TABLE [--think MS]
"""
import argparse
import subprocess


def ask(engine, lines, until):
    engine.stdin.write("".join(line + "\n" for line in lines))
    engine.stdin.flush()
    out = []
    while True:
        line = engine.stdout.readline()
        if not line:
            raise SystemExit("engine ended")
        out.append(line.rstrip("\n"))
        if line.startswith(until):
            return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("table")
    parser.add_argument("--think", type=int, default=3000)
    args = parser.parse_args()
    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    ask(engine, [f"setoption name RacePath value {args.table}", "isready"], "readyok")
    reply = ask(engine, ["setrules players=1", f"go movetime {args.think}"], "bestmove")
    pv = [line for line in reply if " pv " in line][-1].split(" pv ")[1].split()
    total = len(pv)
    print(f"solo line: {total} moves")
    errors = []
    for k in range(total):  # the last position is finished: no eval
        line = ask(engine, ["position startpos moves " + " ".join(pv[:k]), "eval"],
                   "eval score")
        words = [l for l in line if l.startswith("eval player 1")][0].split()
        at = words.index("moves")
        count, kind = words[at + 1], words[at + 2]
        if kind == "none":
            print(f"{k:2d} truth {total - k:2d} none")
            continue
        error = int(count) - (total - k)
        errors.append(error)
        print(f"{k:2d} truth {total - k:2d} {kind:8s} {count:>3s} error {error:+d}")
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    mean_abs = sum(abs(e) for e in errors) / len(errors)
    print(f"start error {errors[0]:+d}; mean |error| {mean_abs:.2f} over {len(errors)} positions;"
          f" max |error| {max(abs(e) for e in errors)}")


if __name__ == "__main__":
    main()
