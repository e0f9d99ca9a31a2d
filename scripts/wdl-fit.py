#!/usr/bin/env python3
"""Fits and checks the win-chance model of src/search/wdl.h on ccmatch games.

The model: each active player's chance of first place is a softmax of its race cost,
    chance_i = exp(-cost_i / T) / sum_j exp(-cost_j / T),   T = exp(base + slope * progress)
with cost_i the `eval` total of player i (the mover's less the tempo, so that the
mover's cost is the leader's less the reported score), and progress the players' steps
still to go over those at the start (1 at the start, 0 at the end). At two players it
is a logistic of the score: win = 1 / (1 + exp(-score / T)).

Every position of every game that finished without a first place yet is scored by the
engine's `eval`; games with an even number fit (base, slope) by maximum likelihood,
games with an odd number check it: a table of 10 bins (predicted vs observed chance of
first), the expected calibration error, and the Brier score (sum over players of
(chance - outcome)^2) against the constant 1/N.

    python3 scripts/wdl-fit.py --players 2 games2p.pgn [more.pgn ...]
        [--engine build/ccengine] [--ccmatch build/ccmatch] [--every 1]
"""

import argparse
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def read_games(ccmatch, paths):
    """(positions by game, winner by game): winner is the player (0-based) placed 1st."""
    places = []
    games = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        first = len(places)  # each file's games are numbered from 1
        for match in re.finditer(r'\[Places "([0-9,]+)"\]', text):
            places.append([int(p) for p in match.group(1).split(",")])
        replay = subprocess.run([ccmatch, "-replay", path], capture_output=True, text=True,
                                check=True).stdout
        for line in replay.splitlines():
            _, game, _, _, position = line.split(None, 4)
            games.setdefault(first + int(game), []).append(position)
    winners = {}
    for game in games:
        firsts = [player for player, place in enumerate(places[game - 1]) if place == 1]
        if len(firsts) == 1:
            winners[game] = firsts[0]
    return games, winners


class Engine:
    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def evaluate(self, position):
        """Per player (total, steps, active), the mover and the tempo; None when over."""
        self.process.stdin.write(f"position {position}\neval\n")
        self.process.stdin.flush()
        players = []
        while True:
            words = self.process.stdout.readline().split()
            if words[:2] == ["info", "string"]:
                return None
            if words[:2] == ["eval", "player"]:
                value = {words[i]: words[i + 1] for i in range(1, len(words) - 1, 2)}
                players.append((int(value["total"]), int(value["steps"]),
                                words[-1] != "finished"))
            elif words[:3] == ["eval", "score", "cp"]:
                mover = int(words[words.index("mover") + 1]) - 1
                tempo = int(words[words.index("tempo") + 1])
                return players, mover, tempo

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait()


def samples(engine, games, winners, every):
    """(game, costs of the active players, their player numbers, progress, winner)."""
    result = []
    start_steps = None
    for game, positions in sorted(games.items()):
        if game not in winners:
            continue
        for ply, position in enumerate(positions):
            if ply % every or not position.endswith("playing"):
                continue
            evaluated = engine.evaluate(position)
            if evaluated is None:
                continue
            players, mover, tempo = evaluated
            if start_steps is None:
                start_steps = sum(steps for _, steps, _ in players)
            # A first place already taken is no longer a chance.
            if not all(active for _, _, active in players):
                continue
            costs = [total - (tempo if player == mover else 0)
                     for player, (total, _, _) in enumerate(players)]
            progress = sum(steps for _, steps, _ in players) / start_steps
            result.append((game, costs, progress, winners[game]))
    return result


def chances(costs, progress, base, slope):
    temperature = math.exp(base + slope * progress)
    least = min(costs)
    weights = [math.exp(-(cost - least) / temperature) for cost in costs]
    total = sum(weights)
    return [weight / total for weight in weights]


def log_likelihood(data, base, slope):
    return sum(math.log(max(1e-12, chances(c, p, base, slope)[w])) for _, c, p, w in data)


def golden(function, low, high, rounds=40):
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    for _ in range(rounds):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if function(c) > function(d):
            b = d
        else:
            a = c
    return (a + b) / 2


def fit(data):
    base, slope = 6.0, 0.0
    for _ in range(8):
        base = golden(lambda x: log_likelihood(data, x, slope), 2.0, 10.0)
        slope = golden(lambda x: log_likelihood(data, base, x), -5.0, 5.0)
    return base, slope


def check(data, base, slope, players):
    bins = [[0, 0.0, 0] for _ in range(10)]
    brier = 0.0
    for _, costs, progress, winner in data:
        predicted = chances(costs, progress, base, slope)
        for player, chance in enumerate(predicted):
            outcome = 1 if player == winner else 0
            brier += (chance - outcome) ** 2
            row = bins[min(9, int(chance * 10))]
            row[0] += 1
            row[1] += chance
            row[2] += outcome
    count = sum(row[0] for row in bins)
    print("bin        predictions  predicted  observed")
    ece = 0.0
    for index, (n, predicted_sum, observed) in enumerate(bins):
        if n == 0:
            continue
        ece += abs(predicted_sum - observed) / count
        print(f"{index / 10:.1f}-{(index + 1) / 10:.1f}  {n:11d}  {predicted_sum / n:9.3f}  "
              f"{observed / n:8.3f}")
    constant = 1 - 1 / players
    print(f"ECE {ece:.4f}  Brier {brier / len(data):.4f} (constant 1/{players}: {constant:.4f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "ccengine"))
    parser.add_argument("--ccmatch", default=os.path.join(ROOT, "build", "ccmatch"))
    parser.add_argument("--every", type=int, default=1, help="every Nth ply of a game")
    args = parser.parse_args()
    games, winners = read_games(args.ccmatch, args.records)
    engine = Engine(args.engine)
    engine.process.stdin.write(f"setrules players={args.players}\n")
    data = samples(engine, games, winners, args.every)
    engine.close()
    train = [row for row in data if row[0] % 2 == 0]
    held = [row for row in data if row[0] % 2 == 1]
    if not train or not held:
        print("too few games", file=sys.stderr)
        return 1
    base, slope = fit(train)
    print(f"players {args.players}: {len(games)} games ({len(winners)} with one winner), "
          f"fit on {len(train)} positions, checked on {len(held)}")
    print(f"base {base:.3f} slope {slope:.3f}  (T = exp(base + slope * progress) centi-steps)")
    check(held, base, slope, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
