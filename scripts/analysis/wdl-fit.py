#!/usr/bin/env python3
"""Fits and checks the win-chance model of src/search/eval/wdl.h on ccmatch games.

The model: each active player's chance of first place is a softmax of its race cost,
    chance_i = exp(-cost_i / T) / sum_j exp(-cost_j / T),   T = exp(base + slope * progress)
with cost_i the `eval` total of player i for the players not to move, and for the mover
the leading opponent's cost less the mover's lead
    lead = search * score + static * static_score - shift
a blend of the score the search reported (read from the records' comments, as ccmatch
writes the `info` lines of engines with ShowWDL) and `eval`'s static score of the
position. progress is the players' steps still to go over those at the start (1 at the
start, 0 at the end). At two players it is a logistic of the lead: win = 1 / (1 +
exp(-lead / T)). With search 1, static 0 and shift 0 the mover's cost is the leader's
less the reported score.

Every position of every game that finished with one first place, and whose first place
is still open, is scored by the engine's `eval`. --fit records fit the five parameters
by maximum likelihood (positions with a proven score are left out of the fit);
--check records check them: for the mover's chance, the others' and all pooled, a table
of 10 bins (predicted vs observed chance of first), the expected calibration error and
the Brier score, for the chances the records hold (what the engine reported) and for
the fitted model. Without --fit, the model's row of src/search/eval/wdl.h (given by --row)
is checked. --free fits some of the parameters only, the rest kept as --row gives.

    python3 scripts/analysis/wdl-fit.py --players 2 --fit fit.pgn [...] --check check.pgn [...]
        [--row BASE,SLOPE,SEARCH,STATIC,SHIFT] [--free base,slope,...]
        [--engine build/ccengine]
        [--ccmatch build/ccmatch] [--every 1] [--dump FILE]
"""

import argparse
import math
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PARAMETERS = ("base", "slope", "search", "static", "shift")
COMMENT = re.compile(r"\{([+-])(M?)([0-9.]+)/[0-9]+ (wdl|first)=([0-9,]+)\}")


def comment_reports(text):
    """Per move of a game's movetext: (mate, value in centi-steps, per-mille chances)."""
    reports = []
    for comment in re.finditer(r"\{[^}]*\}", text):
        found = COMMENT.match(comment.group(0))
        if not found:
            reports.append(None)
            continue
        sign, mate, number, kind, chances = found.groups()
        value = int(number) if mate else round(float(number) * 100)
        reports.append((bool(mate), -value if sign == "-" else value, kind,
                        [int(c) for c in chances.split(",")]))
    return reports


def read_games(ccmatch, paths):
    """Games as (positions, reports, winner): reports[k] is what the mover at ply k said."""
    games = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        blocks = re.split(r"(?=\[Event )", text)
        records = [block for block in blocks if block.strip()]
        replay = subprocess.run([ccmatch, "-replay", path], capture_output=True, text=True,
                                check=True).stdout
        positions = {}
        for line in replay.splitlines():
            _, game, _, _, position = line.split(None, 4)
            positions.setdefault(int(game), []).append(position)
        for number, record in enumerate(records, start=1):
            places = [int(p) for p in re.search(r'\[Places "([0-9,]+)"\]', record).group(1)
                      .split(",")]
            firsts = [player for player, place in enumerate(places) if place == 1]
            movetext = record[record.rfind("]") + 1:]
            games.append((positions.get(number, []), comment_reports(movetext),
                          firsts[0] if len(firsts) == 1 else None))
    return games


class Engine:
    def __init__(self, path, players):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.process.stdin.write(f"setrules players={players}\n")

    def evaluate(self, position):
        """Per player (total, steps, active), the mover, tempo and static score; None when
        over."""
        self.process.stdin.write(f"position {position}\neval\n")
        self.process.stdin.flush()
        players = []
        while True:
            words = self.process.stdout.readline().split()
            if words[:2] == ["info", "string"]:
                if "race table" in " ".join(words):
                    continue
                return None
            if words[:2] == ["eval", "player"]:
                value = {words[i]: words[i + 1] for i in range(1, len(words) - 1, 2)}
                players.append((int(value["total"]), int(value["steps"]),
                                words[-1] != "finished"))
            elif words[:3] == ["eval", "score", "cp"]:
                mover = int(words[words.index("mover") + 1]) - 1
                tempo = int(words[words.index("tempo") + 1])
                return players, mover, tempo, int(words[3])

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait()


class Sample:
    """One position: static costs, the mover, its scores, progress, winner, reported."""

    def __init__(self, game, costs, mover, static, report, progress, winner):
        self.game = game
        self.costs = costs
        self.mover = mover
        self.static = static
        self.mate, self.score, kind, chances = report
        if kind == "wdl":  # the mover's win, draw, loss
            chances = [chances[2]] * len(costs)
            chances[mover] = report[3][0]
        self.reported = [chance / 1000 for chance in chances]
        self.progress = progress
        self.winner = winner


def samples(engine, games, every):
    result = []
    start_steps = None
    for game, (positions, reports, winner) in enumerate(games):
        if winner is None:
            continue
        for ply, position in enumerate(positions):
            if ply % every or ply >= len(reports) or reports[ply] is None:
                continue
            if not position.endswith("playing"):
                continue
            evaluated = engine.evaluate(position)
            if evaluated is None:
                continue
            players, mover, tempo, static = evaluated
            if start_steps is None:
                start_steps = sum(steps for _, steps, _ in players)
            # A first place already taken is no longer a chance.
            if not all(active for _, _, active in players):
                continue
            costs = [total for total, _, _ in players]
            progress = sum(steps for _, steps, _ in players) / start_steps
            result.append(Sample(game, costs, mover, static, reports[ply], progress, winner))
    return result


def chances(sample, row):
    base, slope, search, static, shift = row
    costs = list(sample.costs)
    mover = sample.mover
    others = [player for player in range(len(costs)) if player != mover]
    racing = list(range(len(costs)))
    if sample.mate and sample.score > 0:
        return [1.0 if player == mover else 0.0 for player in range(len(costs))]
    if sample.mate:
        racing = others
    else:
        lead = search * sample.score + static * sample.static - shift
        costs[mover] = min(costs[player] for player in others) - lead
    temperature = math.exp(base + slope * sample.progress)
    least = min(costs[player] for player in racing)
    weights = [math.exp(-(costs[player] - least) / temperature) if player in racing else 0.0
               for player in range(len(costs))]
    total = sum(weights)
    return [weight / total for weight in weights]


def log_likelihood(data, row):
    return sum(math.log(max(1e-12, chances(s, row)[s.winner])) for s in data)


def nelder_mead(function, start, steps, rounds=400):
    """Minimises function from start (a plain simplex search, no dependencies)."""
    simplex = [list(start)]
    for index, step in enumerate(steps):
        point = list(start)
        point[index] += step
        simplex.append(point)
    values = [function(point) for point in simplex]
    for _ in range(rounds):
        order = sorted(range(len(simplex)), key=lambda i: values[i])
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        centre = [sum(p[i] for p in simplex[:-1]) / (len(simplex) - 1) for i in range(len(start))]
        worst = simplex[-1]

        def towards(factor):
            return [c + factor * (w - c) for c, w in zip(centre, worst)]

        reflected = towards(-1.0)
        value = function(reflected)
        if value < values[0]:
            expanded = towards(-2.0)
            expanded_value = function(expanded)
            simplex[-1], values[-1] = ((expanded, expanded_value) if expanded_value < value
                                       else (reflected, value))
        elif value < values[-2]:
            simplex[-1], values[-1] = reflected, value
        else:
            contracted = towards(0.5)
            contracted_value = function(contracted)
            if contracted_value < values[-1]:
                simplex[-1], values[-1] = contracted, contracted_value
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (p - b) for b, p in zip(best, point)]
                                    for point in simplex[1:]]
                values = [values[0]] + [function(point) for point in simplex[1:]]
    best = min(range(len(simplex)), key=lambda i: values[i])
    return simplex[best]


def fit(data, start, free):
    """The row of most likelihood, the parameters not free kept as in start."""
    proven = [s for s in data if not s.mate]
    # The shift is searched in steps (100 centi-steps) to keep the simplex's scales alike.
    scales = (1, 1, 1, 1, 100)
    steps = (0.5, 0.5, 0.2, 0.2, 1.0)

    def row(point):
        values = list(start)
        for index, value in zip(free, point):
            values[index] = value * scales[index]
        return tuple(values)

    best = nelder_mead(lambda p: -log_likelihood(proven, row(p)),
                       [start[i] / scales[i] for i in free], [steps[i] for i in free])
    return row(best)


def calibration(pairs):
    """(ECE, Brier, bins) of (predicted, outcome) pairs."""
    bins = [[0, 0.0, 0] for _ in range(10)]
    brier = 0.0
    for predicted, outcome in pairs:
        row = bins[min(9, int(predicted * 10))]
        row[0] += 1
        row[1] += predicted
        row[2] += outcome
        brier += (predicted - outcome) ** 2
    count = max(1, len(pairs))
    ece = sum(abs(predicted - observed) for _, predicted, observed in bins) / count
    return ece, brier / count, bins


def groups(data, predict):
    """The mover's chance, the others' chances, and all pooled: (predicted, outcome)."""
    mover, others = [], []
    for sample in data:
        predicted = predict(sample)
        for player, chance in enumerate(predicted):
            pair = (chance, 1 if player == sample.winner else 0)
            (mover if player == sample.mover else others).append(pair)
    return {"mover": mover, "others": others, "all": mover + others}


def bootstrap(data, predict, rounds=200):
    """Per group, the 2.5% and 97.5% points of the ECE over games drawn with replacement:
    a game's positions share its one outcome, so the games are the samples."""
    by_game = {}
    for sample in data:
        by_game.setdefault(sample.game, []).append(sample)
    games = sorted(by_game)
    draws = random.Random(1)
    eces = {"mover": [], "others": [], "all": []}
    for _ in range(rounds):
        drawn = [s for _ in games for s in by_game[draws.choice(games)]]
        for name, pairs in groups(drawn, predict).items():
            eces[name].append(calibration(pairs)[0])
    return {name: (sorted(values)[rounds // 40], sorted(values)[rounds - 1 - rounds // 40])
            for name, values in eces.items()}


def report(title, data, predict):
    print(f"{title}:")
    print("  group   positions   ECE   (95%, games resampled)  Brier   mean predicted  "
          "mean observed")
    tables = {}
    interval = bootstrap(data, predict)
    for name, pairs in groups(data, predict).items():
        ece, brier, bins = calibration(pairs)
        tables[name] = bins
        mean = sum(p for p, _ in pairs) / max(1, len(pairs))
        observed = sum(o for _, o in pairs) / max(1, len(pairs))
        low, high = interval[name]
        print(f"  {name:7s} {len(pairs):9d}  {ece:.4f} ({low:.3f} to {high:.3f})        "
              f"{brier:.4f}  {mean:14.3f}  {observed:13.3f}")
    print("  bin      mover: n, predicted, observed      others: n, predicted, observed")
    for index in range(10):
        cells = []
        for name in ("mover", "others"):
            n, predicted, observed = tables[name][index]
            cells.append(f"{n:6d} {predicted / n:.3f} {observed / n:.3f}" if n else
                         f"{0:6d}   -     -  ")
        print(f"  {index / 10:.1f}-{(index + 1) / 10:.1f}  {cells[0]:>28s}  {cells[1]:>28s}")


def load(args, paths):
    games = read_games(args.ccmatch, paths)
    engine = Engine(args.engine, args.players)
    data = samples(engine, games, args.every)
    engine.close()
    return games, data


def dump(path, games, players):
    """The first checked game as `score position` lines (a test's fixture)."""
    positions, reports, _ = games[0]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"# players={players}: the score ccengine reported (centi-steps, M for a "
                     "proven finish) on each position of one ccmatch game\n")
        for position, said in zip(positions, reports):
            if said is not None:
                handle.write(f"{'M' if said[0] else ''}{said[1]} {position}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--fit", nargs="*", default=[], help="records to fit on")
    parser.add_argument("--check", nargs="+", required=True, help="records to check on")
    parser.add_argument("--row", help="BASE,SLOPE,SEARCH,STATIC,SHIFT (start or model)")
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "ccengine"))
    parser.add_argument("--ccmatch", default=os.path.join(ROOT, "build", "ccmatch"))
    parser.add_argument("--every", type=int, default=1, help="every Nth ply of a game")
    parser.add_argument("--free", default=",".join(PARAMETERS),
                        help="the parameters to fit, the others kept as --row gives them "
                        "(at two players search, static and shift would only scale or shift "
                        "the lead, as base does: fit base,slope there)")
    parser.add_argument("--dump", help="write the first checked game's scores to this file")
    args = parser.parse_args()
    row = tuple(float(x) for x in args.row.split(",")) if args.row else (6.0, 1.5, 1.0, 0.0, 0.0)
    checked_games, held = load(args, args.check)
    if args.dump:
        dump(args.dump, checked_games, args.players)
    if not held:
        print("no positions to check", file=sys.stderr)
        return 1
    print(f"players {args.players}: checked on {len(checked_games)} games, {len(held)} "
          "positions")
    report("reported by the engine (the records' chances)", held, lambda s: s.reported)
    if args.fit:
        fit_games, train = load(args, args.fit)
        free = tuple(PARAMETERS.index(name) for name in args.free.split(","))
        row = fit(train, row, free)
        print(f"fit on {len(fit_games)} games, {len(train)} positions: base {row[0]:.3f} "
              f"slope {row[1]:.3f} search {row[2]:.3f} static {row[3]:.3f} shift {row[4]:.0f}")
    report(f"model base {row[0]:.3f} slope {row[1]:.3f} search {row[2]:.3f} static "
           f"{row[3]:.3f} shift {row[4]:.0f}", held, lambda s: chances(s, row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
