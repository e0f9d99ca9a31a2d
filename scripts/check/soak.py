#!/usr/bin/env python3
"""A soak: many fast games (node limits, a few milliseconds a move) cycling 2, 3, 4 and 6
players over every preset that seats them and over the options that change how the
engine plays, each engine process playing game after game (ccmatch's restart=off).

Each ccmatch run pits engine `a` with one variant of options against the default engine
(`b`); the runs cycle (players, preset) and variant so that every pair is met once per
220 runs. At the end it prints, per player count, the games and how they ended, and over
the whole soak:
  - crashes, illegal moves, hangs (unresponsive), time losses and stray lines (protocol
    errors: lines an engine should not have written), each of which must be 0;
  - every engine process's peak resident memory (VmHWM) after its first and after its
    last game (records' Process tags). A leak raises the peak game after game; memory
    taken once on first use (the search tree's first block of 1.5 MB, the first time a
    position calls for the tree search, which may be in any game) raises it in one
    game. So the growth from the first to the last game, less the largest rise in any
    one game, must stay within --memory-growth percent; the whole growth and the
    largest rise are printed. (One sample of the resident size moves by what the last
    search left allocated, so it is printed, not judged.)
  - every planned game played.
Exits 1 when a check fails. With --infinite-seconds S it also samples the resident size of
one engine over a `go infinite` of S seconds at six players (the search tree's growth).

    python3 scripts/check/soak.py [--games 10000] [--nodes 60] [--concurrency 2]
        [--engine build/ccengine] [--ccmatch build/ccmatch] [--out DIR]
        [--memory-growth 5] [--infinite-seconds 0] [--shard I/N]
    python3 scripts/check/soak.py --summarize DIR [DIR ...] [--memory-growth 5]

A bigger soak over several machines: each runs its shard of the same plan,
`--games 100000 --shard I/N --out DIR` (runs whose number is I-1 modulo N), and
`--summarize` over the folders brought together gives the whole soak's verdict.
"""

import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The presets of protocol-spec/rules.md by the player counts they seat (of 2, 3, 4, 6).
PRESETS = {
    2: ["standard", "masters", "card", "super", "diamond", "sec5", "ccerl"],
    3: ["standard", "masters", "super", "diamond", "sec5"],
    4: ["standard", "masters", "super", "sec5"],
    6: ["standard", "masters", "super", "sec5"],
}

# Engine a's settings in each variant (ccmatch engine settings).
VARIANTS = {
    "default": [],
    "threads2": ["option.Threads=2"],
    "multipv3": ["option.MultiPV=3"],
    "ponder": ["ponder"],
    "skill3": ["option.Skill Level=3"],
    "greedy": ["option.Player=greedy"],
    "spoiler": ["option.Player=spoiler"],
    "random": ["option.Player=random"],
    "brs": ["option.Method=brs"],
    "paranoid": ["option.Method=paranoid"],
    "mcts": ["option.Method=mcts"],
}

BAD = ("crash", "illegal-move", "unresponsive", "time-loss")

# One engine process: the growth of its peak in percent less its largest one-game rise,
# and in all; the growth of its resident size; the largest rise in KiB; and its (games,
# resident KiB, peak KiB) after its first and its last game.
Memory = collections.namedtuple(
    "Memory", "creep peak_growth resident_growth rise pid run first last")


def plan_runs(total_games):
    """(index, players, preset, variant, rounds) per run: every (table, variant) pair once per
    cycle, as many cycles (or the part of one) as the games allow."""
    tables = [(players, preset) for players, presets in PRESETS.items() for preset in presets]
    variants = list(VARIANTS)
    pairs = len(tables) * len(variants)  # coprime counts: i covers every pair once
    assert len(tables) % len(variants) != 0 and len(variants) % len(tables) != 0
    order = [(tables[i % len(tables)], variants[i % len(variants)]) for i in range(pairs)]
    share = total_games / pairs
    runs, planned = [], 0
    for index, ((players, preset), variant) in enumerate(order):
        if planned >= total_games:
            break
        rounds = max(1, round(share / players))
        runs.append((index, players, preset, variant, rounds))
        planned += rounds * players
    return runs


def processes_of(pgn_path):
    """{pid: [(games, resident KiB, peak KiB), ...]} from the records' Process tags."""
    seen = collections.defaultdict(list)
    with open(pgn_path) as records:
        for match in re.finditer(r'\[Process\d+ "(\d+) (\d+) (\d+) (\d+)"\]', records.read()):
            pid, games, kib, peak = (int(value) for value in match.groups())
            seen[pid].append((games, kib, peak))
    return seen


def infinite_memory(engine, seconds, log_path):
    """Resident KiB of one engine, every tenth of a `go infinite` at six players."""
    with open(log_path, "w") as log:
        process = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=log, text=True)
        process.stdin.write("setrules players=6\nposition startpos\ngo infinite\n")
        process.stdin.flush()
        samples = []
        for _ in range(10):
            time.sleep(seconds / 10)
            with open(f"/proc/{process.pid}/status") as status:
                samples += [int(line.split()[1]) for line in status if line.startswith("VmRSS")]
        process.stdin.write("stop\nquit\n")
        process.stdin.close()
        process.wait(timeout=30)
    return samples


def play(runs, args, out):
    """Plays the runs, each a ccmatch run into OUT; a run that fails leaves a .failed note."""
    engine = os.path.realpath(args.engine)
    started = time.time()
    for count, (index, players, preset, variant, rounds) in enumerate(runs, 1):
        name = f"{index:03}-p{players}-{preset}-{variant}"
        pgn, results, failed = (os.path.join(out, f"{name}.{ext}")
                                for ext in ("pgn", "json", "failed"))
        for stale in (pgn, results, failed):  # ccmatch appends records: a rerun starts afresh
            if os.path.exists(stale):
                os.remove(stale)
        lineup = ",".join(["1"] + ["2"] * (players - 1))
        command = [args.ccmatch,
                   "-engine", f"cmd={engine}", "name=a", *VARIANTS[variant],
                   "-engine", f"cmd={engine}", "name=b",
                   "-each", f"nodes={args.nodes}", "restart=off", "movetimeout=20000",
                   "-rules", f"preset={preset} players={players}", "-lineup", lineup,
                   "-games", str(players), "-rounds", str(rounds),
                   "-openings", "plies=4", "-srand", str(index + 1),
                   "-concurrency", str(args.concurrency), "-recover",
                   "-pgnout", pgn, "-results", results]
        run = subprocess.run(command, capture_output=True, text=True)
        lines = run.stdout.splitlines()
        if run.returncode != 0 or not os.path.exists(results):
            with open(failed, "w") as note:
                note.write(f"ccmatch exited {run.returncode}: {run.stdout[-300:]}\n")
        elif lines and lines[-1].startswith("Stray engine lines"):
            with open(failed, "w") as note:
                note.write(lines[-1] + "\n")
        if count % 20 == 0:
            print(f"  {count} runs, {time.time() - started:.0f} s", flush=True)


def summarize(folders, memory_growth):
    """Prints the soak's figures from its folders' results and records; the failures."""
    by_players = collections.defaultdict(collections.Counter)
    bad = collections.Counter()
    failures, memory = [], []
    played = planned = stray = 0
    for folder in folders:
        for results in sorted(glob.glob(os.path.join(folder, "*.json"))):
            name = os.path.basename(results)[:-len(".json")]
            players = int(re.match(r"\d+-p(\d+)-", name).group(1))
            with open(results) as handle:
                totals = json.load(handle)
            played += totals["games"]
            planned += totals["planned_games"]
            stray += totals.get("stray_lines", 0)
            for reason, count in totals["reasons"].items():
                by_players[players][reason] += count
            by_players[players]["games"] += totals["games"]
            for kind in BAD:
                bad[kind] += totals["forfeits"][kind]
                if totals["forfeits"][kind]:
                    failures.append(f"{name}: {totals['forfeits'][kind]} {kind}")
            for pid, games in processes_of(os.path.join(folder, name + ".pgn")).items():
                games.sort()
                first, last = games[0], games[-1]
                rise = max([after[2] - before[2] for before, after in zip(games, games[1:])] + [0])
                memory.append(Memory(100.0 * (last[2] - first[2] - rise) / first[2],
                                     100.0 * (last[2] - first[2]) / first[2],
                                     100.0 * (last[1] - first[1]) / first[1], rise, pid, name,
                                     first, last))
        for note in sorted(glob.glob(os.path.join(folder, "*.failed"))):
            with open(note) as text:
                failures.append(f"{os.path.basename(note)[:-len('.failed')]}: {text.read().strip()}")

    print(f"games played {played} of {planned} planned")
    for players in sorted(by_players):
        counts = by_players[players]
        ends = " ".join(f"{reason} {count}" for reason, count in sorted(counts.items())
                        if count and reason != "games")
        print(f"  {players} players: {counts['games']} games; ends: {ends}")
    print("forfeits: " + ", ".join(f"{kind} {bad[kind]}" for kind in BAD) +
          f"; stray lines {stray}")
    kept = [entry for entry in memory if entry.last[0] > entry.first[0]]
    if kept:
        worst = max(kept)
        games = sorted(entry.last[0] for entry in kept)
        print(f"memory: {len(kept)} processes played 2 games or more (of {len(memory)}; "
              f"median {games[len(games) // 2]} games, most {games[-1]})")
        print(f"  peak, first to last game, less the largest one-game rise: largest "
              f"{worst.creep:+.2f}% ({worst.run}, pid {worst.pid}: {worst.first[2]} KiB after "
              f"game {worst.first[0]}, {worst.last[2]} KiB after game {worst.last[0]})")
        print(f"  peak, first to last game: {min(e.peak_growth for e in kept):+.1f}% to "
              f"{max(e.peak_growth for e in kept):+.1f}%; largest one-game rise "
              f"{max(e.rise for e in kept)} KiB; resident at the game's end: "
              f"{min(e.resident_growth for e in kept):+.1f}% to "
              f"{max(e.resident_growth for e in kept):+.1f}%")
        for entry in kept:
            if entry.creep > memory_growth:
                failures.append(f"{entry.run}: pid {entry.pid}'s peak grew "
                                f"{entry.peak_growth:+.1f}% ({entry.first[2]} -> "
                                f"{entry.last[2]} KiB, games {entry.first[0]}-{entry.last[0]}), "
                                f"{entry.creep:+.1f}% beyond its largest rise")
    else:
        failures.append("no engine process played two games: memory not checked")
    if played != planned:
        failures.append(f"{planned - played} planned games not played")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--nodes", type=int, default=60, help="node limit a move")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "ccengine"))
    parser.add_argument("--ccmatch", default=os.path.join(ROOT, "build", "ccmatch"))
    parser.add_argument("--out", help="folder for the records (default: a new temporary one)")
    parser.add_argument("--memory-growth", type=float, default=5.0,
                        help="allowed growth of a process's peak memory beyond its largest "
                             "one-game rise, percent")
    parser.add_argument("--infinite-seconds", type=int, default=0)
    parser.add_argument("--shard", default="1/1", help="I/N: play runs I-1, I-1+N, ...")
    parser.add_argument("--summarize", nargs="+", metavar="DIR",
                        help="only the verdict over these folders (shards brought together)")
    args = parser.parse_args()
    if args.summarize:
        failures = summarize(args.summarize, args.memory_growth)
    else:
        shard = re.fullmatch(r"([1-9]\d*)/([1-9]\d*)", args.shard)
        if not shard or int(shard.group(1)) > int(shard.group(2)):
            parser.error(f"--shard takes I/N with 1 <= I <= N, got '{args.shard}'")
        index, count = int(shard.group(1)), int(shard.group(2))
        runs = [run for run in plan_runs(args.games) if run[0] % count == index - 1]
        out = args.out or tempfile.mkdtemp(prefix="soak-")
        os.makedirs(out, exist_ok=True)
        started = time.time()
        print(f"soak: {sum(run[4] * run[1] for run in runs)} games in {len(runs)} runs "
              f"(shard {index}/{count}), nodes {args.nodes} a move, concurrency "
              f"{args.concurrency}, records in {out}", flush=True)
        play(runs, args, out)
        print(f"played in {time.time() - started:.0f} s")
        failures = summarize([out], args.memory_growth)
        if args.infinite_seconds > 0:
            samples = infinite_memory(os.path.realpath(args.engine), args.infinite_seconds,
                                      os.path.join(out, "infinite.log"))
            print(f"go infinite, 6 players, {args.infinite_seconds} s: resident KiB {samples}")
    for failure in failures[:40]:
        print("FAIL " + failure)
    print("soak: " + ("failed" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
