#!/usr/bin/env python3
"""Builds a balanced opening suite for ccmatch (protocol-spec/match.md, "Openings").

Plays random legal plies from the start position with the engine's own `legal`, then
asks the engine to search the result (`go depth D`) and keeps the opening when the
score of the side to move is within +-MAX_CP centipawns: roughly even by the engine's
own judgement. Prints one `startpos moves ...` line per opening (ccmatch's format).

    scripts/match/make-openings.py build/ccengine --count 40 --plies 4 --depth 4 --max-cp 30
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))  # engine_pipe.py
from engine_pipe import EnginePipe  # noqa: E402


class Engine(EnginePipe):
    def __init__(self, command, rules):
        super().__init__(command)
        self.send("setrules " + rules)

    def legal(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("legal")
        return self.read_until("legal")[-1].split()[1:]

    def score(self, moves, depth):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go depth %d" % depth)
        score = None
        for line in self.read_until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                at = words.index("score")
                if words[at + 1] == "cp":
                    score = int(words[at + 2])
        return score


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("--rules", default="preset=standard players=2")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--plies", type=int, default=4)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--max-cp", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine, args.rules)
    seen = set()
    tries = 0
    while len(seen) < args.count and tries < 50 * args.count:
        tries += 1
        moves = []
        for _ in range(args.plies):
            legal = [move for move in engine.legal(moves) if move != "pass"]
            if not legal:
                break
            moves.append(rng.choice(legal))
        key = " ".join(moves)
        if len(moves) < args.plies or key in seen:
            continue
        score = engine.score(moves, args.depth)
        if score is not None and abs(score) <= args.max_cp:
            seen.add(key)
            print("startpos moves %s  # cp %d at depth %d" % (key, score, args.depth))
            sys.stdout.flush()
    engine.quit()


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as failure:
        sys.exit(str(failure))
