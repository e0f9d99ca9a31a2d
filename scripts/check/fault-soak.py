#!/usr/bin/env python3
"""Faults survived: a ccmatch run with -recover in which engine processes are killed
(SIGKILL) and frozen (SIGSTOP, longer than the move time-out) while they play, and the
checks that each fault cost exactly the game it hit and nothing else.

Two copies of one engine play (as `a` and `b`, from two paths, so that a process says
which it is); every --every games one engine process is killed and, half-way between,
another one frozen for --stop-ms (then let go, in case ccmatch has not ended it), longer than ccmatch's time-outs for a
move and for the handshake, so that it costs its game wherever in the game it hits. At the
end it checks and prints:
  - every planned game was played and recorded;
  - the games that ended by a fault (crash, unresponsive, time-loss) are, engine by
    engine, at most as many as the faults injected into it, and the faulted engine lost
    each (a fault in a process its game no longer needs costs no game: it is counted);
  - every other game ended by the rules;
  - `ccmatch -merge` over the records gives the results file's totals.
Exits 1 when a check fails. FAULT_SOAK_DEBUG=1 prints each fault and ccmatch's lines
with their times.

    python3 scripts/check/fault-soak.py [--games 1000] [--every 20] [--concurrency 2]
        [--timeout 2000] [--stop-ms 5000] [--limit depth=2] [--settle-ms 150] [--seed 1]
        [--engine build/ccengine] [--ccmatch build/ccmatch] [--out DIR]
"""

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAULTS = {"crash", "unresponsive", "time-loss"}


def engine_processes(ccmatch_pid, paths):
    """(pid, name) of the engines ccmatch runs now."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            if parent != ccmatch_pid:
                continue
            command = os.readlink(f"/proc/{entry}/exe")
        except (OSError, IndexError, ValueError):
            continue
        for name, path in paths.items():
            if command == path:
                found.append((int(entry), name))
    return found


def read_records(path):
    """Per game: its engines (player order), places, and end reason."""
    games, headers = [], {}
    for line in open(path, encoding="utf-8"):
        match = re.match(r'^\[(\w+) "(.*)"\]$', line.strip())
        if not match:
            continue
        if match.group(1) == "Event" and headers:
            games.append(headers)
            headers = {}
        headers[match.group(1)] = match.group(2)
    if headers:
        games.append(headers)
    return games


def totals(results):
    return {engine["name"]: (engine["wins"], engine["draws"], engine["losses"])
            for engine in results["engines"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--timeout", type=int, default=2000,
                        help="ccmatch's movetimeout and readytimeout, in ms")
    parser.add_argument("--stop-ms", type=int, default=5000)
    parser.add_argument("--limit", default="depth=2")
    parser.add_argument("--settle-ms", type=int, default=150,
                        help="the wait after a finished game before a fault")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", default=os.path.join(ROOT, "build/ccengine"))
    parser.add_argument("--ccmatch", default=os.path.join(ROOT, "build/ccmatch"))
    parser.add_argument("--out", help="where the records and results go (default: a temporary folder)")
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="ccengine-fault-soak-")
    os.makedirs(out, exist_ok=True)
    paths = {}
    for name in ("a", "b"):
        paths[name] = os.path.realpath(os.path.join(out, f"engine-{name}"))
        shutil.copy(args.engine, paths[name])
    records, results = os.path.join(out, "games.pgn"), os.path.join(out, "results.json")
    for stale in (records, results):
        if os.path.exists(stale):
            os.remove(stale)
    command = [args.ccmatch, "-engine", f"cmd={paths['a']}", "name=a", "-engine", f"cmd={paths['b']}",
               "name=b", "-each", args.limit, f"movetimeout={args.timeout}",
               f"readytimeout={args.timeout}", "-games", "2",
               "-rounds", str(args.games // 2), "-openings", "plies=4", "-srand", str(args.seed),
               "-concurrency", str(args.concurrency), "-recover", "-results", results, "-pgnout", records]
    print("run:", " ".join(command), flush=True)
    rng = random.Random(args.seed)
    match = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    faults = []  # (kind, pid, name, finished games when injected)
    hit = set()
    finished = 0
    started = time.time()

    def inject(kind):
        # Not at once: the engines of the game just finished are still quitting, and a
        # fault there would hit no game.
        time.sleep(args.settle_ms / 1000)
        candidates = [p for p in engine_processes(match.pid, paths) if p[0] not in hit]
        if not candidates:
            return
        pid, name = rng.choice(candidates)
        hit.add(pid)
        try:
            os.kill(pid, signal.SIGKILL if kind == "kill" else signal.SIGSTOP)
        except ProcessLookupError:
            return
        faults.append((kind, pid, name, finished))
        if os.environ.get("FAULT_SOAK_DEBUG"):
            print(f"{time.time() - started:.3f} {kind} pid {pid} ({name}) after {finished} games", flush=True)
        if kind == "stop":
            def release():
                try:
                    os.kill(pid, signal.SIGCONT)
                except ProcessLookupError:
                    pass
            threading.Timer(args.stop_ms / 1000, release).start()

    for line in match.stdout:
        if os.environ.get("FAULT_SOAK_DEBUG"):
            print(f"{time.time() - started:.3f} {line.rstrip()}", flush=True)
        if not line.startswith("Finished game"):
            continue
        finished += 1
        if finished % args.every == 0:
            inject("kill")
        elif finished % args.every == args.every // 2:
            inject("stop")
    code = match.wait()
    elapsed = time.time() - started
    failures = []
    if code != 0:
        failures.append(f"ccmatch exited with {code}")
    games = read_records(records)
    summary = json.load(open(results))
    if len(games) != args.games or summary["games"] != args.games:
        failures.append(f"{len(games)} games recorded, {summary['games']} in the results, {args.games} planned")
    ended = {}
    faulted = {"a": 0, "b": 0}
    for game in games:
        reason = game.get("Reason", "?")
        ended[reason] = ended.get(reason, 0) + 1
        if reason in FAULTS:
            names = [game.get(f"Player{n}") for n in (1, 2)]
            places = [int(p) for p in game["Places"].split(",")]
            loser = names[places.index(max(places))]
            faulted[loser] = faulted.get(loser, 0) + 1
    injected = {"a": 0, "b": 0}
    for _, _, name, _ in faults:
        injected[name] += 1
    # A fault costs at most the one game it hit: a process frozen or killed when its game
    # no longer needed it (the other engine's move ended the game) costs none.
    if any(faulted[name] > injected[name] for name in injected):
        failures.append(f"faults injected by engine {injected}, games lost by a fault {faulted}")
    merged_path = os.path.join(out, "merged.json")
    subprocess.run([args.ccmatch, "-merge", records, "-results", merged_path], check=True,
                   stdout=subprocess.DEVNULL)
    if totals(json.load(open(merged_path))) != totals(summary):
        failures.append("-merge over the records differs from the results file")
    kills = sum(1 for fault in faults if fault[0] == "kill")
    print(f"{len(games)} games in {elapsed:.0f} s; faults: {kills} killed, {len(faults) - kills} "
          f"frozen for {args.stop_ms} ms (time-outs {args.timeout} ms)")
    print("ends:", ", ".join(f"{reason} {count}" for reason, count in sorted(ended.items())))
    print(f"lost by a fault, by engine: {faulted}; injected: {injected}; costing no game: "
          f"{sum(injected.values()) - sum(faulted.values())}")
    print(f"results: {totals(summary)}; -merge: {totals(json.load(open(merged_path)))}")
    print("records and results in", out)
    for failure in failures:
        print("FAILED:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
