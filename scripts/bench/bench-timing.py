#!/usr/bin/env python3
"""Timing guarantees of ccengine, measured through its protocol (protocol-spec/protocol.md,
"While the worker runs"):

  - isready -> readyok while `go infinite` searches (the reader thread answers at once);
  - stop -> bestmove after `go infinite` ran a random 5..100 ms (any phase of the
    search: depth 1, deep iterations, solo's beam search), and stop -> `info string
    perft stopped` after `perft 30`, and stop -> bestmove after `go ponder` pondered a
    random 5..100 ms (the answer a manager gets when the reply pondered on was not played);
  - peak resident memory (VmHWM) after a search, for several Hash sizes.

The searches rotate over standard 2 players, super 3 players, 6 players and solo, each
from the start and from positions later in a game. Target: every latency's maximum
under 10 ms; the exit status is 1 when one is missed (0 with --report-only).
    python3 scripts/bench/bench-timing.py [--engine PATH] [--tries N] [--quick] [--report-only]
With --dialects, only the search latencies, under CCP (`ccengine --ccp`, protocol-spec/
ccp.md) and under cci with the same rules (preset ccerl), in one run: the dialect must
cost nothing.
Latencies include the pipes and the scheduler: on a loaded machine the maximum measures
the load too, so the load average is printed with the figures.
"""

import argparse
import os
import random
import select
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET_MS = 10.0
REPLY_TIMEOUT_S = 10.0

# (label, setrules words); the positions are reached by the engine's own play.
RULE_SETS = [
    ("standard 2p", "preset=standard players=2"),
    ("super 3p", "preset=super players=3"),
    ("standard 6p", "preset=standard players=6"),
    ("solo", "players=1"),
]
# Plies played from the start (random first, then the engine's 20 ms choice) to reach
# the positions searched: the start, the opening, the middle game, the race's end.
PLIES = [0, 6, 30, 70]
RANDOM_PLIES = 4


class Engine:
    """A ccengine process spoken to through pipes, its output read without blocking so
    the engine never waits on a full pipe while it is timed."""

    def __init__(self, path, args=()):
        self.process = subprocess.Popen([path, *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, bufsize=0)
        self.output = self.process.stdout.fileno()
        self.pending = b""

    def send(self, line):
        self.process.stdin.write(line.encode() + b"\n")

    def _lines(self, timeout):
        """Lines read within `timeout` seconds, one at a time, with the time each was
        read (perf_counter_ns); stops at the deadline."""
        deadline = time.perf_counter() + timeout
        while True:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                yield line.decode(), time.perf_counter_ns()
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            ready, _, _ = select.select([self.output], [], [], left)
            if ready:
                chunk = os.read(self.output, 1 << 16)
                if not chunk:
                    raise RuntimeError("the engine closed its output")
                self.pending += chunk

    def drain(self, seconds):
        """Reads (and drops) output for `seconds`; returns the lines."""
        return [line for line, _ in self._lines(seconds)]

    def wait_for(self, prefix, timeout=REPLY_TIMEOUT_S):
        """The first line starting with `prefix` and when it was read (ns); every line
        before it is returned too."""
        seen = []
        for line, at in self._lines(timeout):
            seen.append(line)
            if line.startswith(prefix):
                return line, at, seen
        raise RuntimeError(f"no '{prefix}' within {timeout} s (last lines: {seen[-3:]})")

    def timed(self, command, prefix):
        """Milliseconds from writing `command` to reading a line starting with `prefix`."""
        sent = time.perf_counter_ns()
        self.send(command)
        _, at, seen = self.wait_for(prefix)
        return (at - sent) / 1e6, seen

    def sync(self):
        self.send("isready")
        self.wait_for("readyok")

    def vm_status(self, key):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024  # kB -> MiB
        raise RuntimeError(f"no {key} in /proc/{self.process.pid}/status")

    def quit(self):
        try:
            self.send("quit")
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        self.process.wait(timeout=5)


def play_positions(engine, rng):
    """For each rule set, `position` commands at the plies of PLIES (fewer when the game
    ends first)."""
    scenarios = []
    for label, rules in RULE_SETS:
        engine.send(f"setrules {rules}")
        moves = []
        for target in PLIES:
            while len(moves) < target:
                engine.send("position startpos moves " + " ".join(moves))
                if len(moves) < RANDOM_PLIES:
                    engine.send("legal")
                    legal = engine.wait_for("legal")[0].split()[1:]
                    move = rng.choice(legal) if legal else "none"
                else:
                    engine.send("go movetime 20")
                    move = engine.wait_for("bestmove")[0].split()[1]
                if move in ("none", "resign"):
                    break
                moves.append(move)
            if len(moves) < target:
                break
            command = "position startpos" + (" moves " + " ".join(moves) if moves else "")
            scenarios.append((f"{label}, ply {len(moves)}", rules, command))
    return scenarios


# CCP positions: the start and two middle games of CCERL's public suite
# (benchmarks/ccerl-v1/positions/official_elo_v2.jsonl, rows 1 and 2).
CCP_SCENARIOS = [
    ("ccp, start", None, "position startpos"),
    ("ccp, ply 8", None, "position cells 0000..0000.................0...........0......."
     "..................................1............1................11111..111 player 0 ply 8"),
    ("ccp, ply 16", None, "position cells .00...0.00....00......................00........."
     "0...................1.........11..........1............1......1..11..11. player 0 ply 16"),
]


def measure_dialects(path, tries, rng):
    """Search latencies under CCP and under cci (preset ccerl), in turn in one run."""
    ccp = Engine(path, ["--ccp"])
    ccp.sync()
    ccp_results = measure_search_latencies(ccp, CCP_SCENARIOS, tries, rng)
    ccp.quit()
    cci = Engine(path)
    global RULE_SETS
    RULE_SETS = [("cci ccerl", "preset=ccerl")]
    cci_results = measure_search_latencies(cci, play_positions(cci, rng), tries, rng)
    cci.quit()
    return ccp_results, cci_results


def summary(values):
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, ordered[-1]


def load_average():
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def set_up_in_turn(engine, scenarios, tries):
    """Sets up the scenarios in turn, `tries` times in all (rules only when they change),
    yielding each one's label once the engine has its position."""
    current_rules = None
    for attempt in range(tries):
        label, rules, position = scenarios[attempt % len(scenarios)]
        if rules is not None and rules != current_rules:
            engine.send(f"setrules {rules}")
            current_rules = rules
        engine.send(position)
        engine.sync()
        yield label


def measure_search_latencies(engine, scenarios, tries, rng):
    """`tries` searches: each a `go infinite`, an `isready` at a random moment before the
    stop, a `stop` after 5..100 ms. Returns per-scenario lists of (isready, stop) ms."""
    results = {label: ([], []) for label, _, _ in scenarios}
    for label in set_up_in_turn(engine, scenarios, tries):
        stop_after = rng.uniform(0.005, 0.100)
        ask_after = rng.uniform(0.0, stop_after)
        started = time.perf_counter()
        engine.send("go infinite")
        engine.drain(ask_after)
        ready_ms, seen = engine.timed("isready", "readyok")
        if any(line.startswith("bestmove") for line in seen):
            raise RuntimeError(f"{label}: bestmove before stop")
        engine.drain(max(0.0, stop_after - (time.perf_counter() - started)))
        stop_ms, _ = engine.timed("stop", "bestmove")
        results[label][0].append(ready_ms)
        results[label][1].append(stop_ms)
    return results


def measure_idle_isready(engine, tries):
    """isready -> readyok with nothing running: the pipes and the scheduler alone, the
    floor under every other figure."""
    return [engine.timed("isready", "readyok")[0] for _ in range(tries)]


def measure_perft_stops(engine, scenarios, tries, rng):
    """`tries` runs of `perft 30`, each stopped after 5..100 ms; ms to the stopped line."""
    latencies = []
    for _ in set_up_in_turn(engine, scenarios, tries):
        engine.send("perft 30")
        engine.drain(rng.uniform(0.005, 0.100))
        stop_ms, _ = engine.timed("stop", "info string perft stopped")
        latencies.append(stop_ms)
    return latencies


def measure_ponder_stops(engine, scenarios, tries, rng):
    """`tries` ponder searches, each stopped after 5..100 ms (their movetime would apply
    only after a ponderhit); ms to the bestmove."""
    latencies = []
    for _ in set_up_in_turn(engine, scenarios, tries):
        engine.send("go ponder movetime 1000")
        engine.drain(rng.uniform(0.005, 0.100))
        stop_ms, _ = engine.timed("stop", "bestmove")
        latencies.append(stop_ms)
    return latencies


def measure_memory(path, hash_sizes, movetime):
    """Hash MiB -> (peak RSS MiB, RSS after the search MiB), a fresh process each."""
    rows = []
    for size in hash_sizes:
        engine = Engine(path)
        engine.send(f"setoption name Hash value {size}")
        engine.sync()
        engine.send(f"go movetime {movetime}")
        engine.wait_for("bestmove", timeout=REPLY_TIMEOUT_S + movetime / 1000)
        rows.append((size, engine.vm_status("VmHWM"), engine.vm_status("VmRSS")))
        engine.quit()
    return rows


def print_latency_table(title, rows):
    print(f"\n{title}")
    print(f"  {'searches':<24} {'tries':>6} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}"
          f" {'>= 10 ms':>9}")
    for label, values in rows:
        if values:
            median, p99, peak = summary(values)
            missed = sum(value >= TARGET_MS for value in values)
            print(f"  {label:<24} {len(values):>6} {median:>10.3f} {p99:>8.3f} {peak:>8.3f}"
                  f" {missed:>9}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.path.join(REPO, "build", "ccengine"))
    parser.add_argument("--tries", type=int, default=1000,
                        help="searches (one isready and one stop each) and perft stops")
    parser.add_argument("--quick", action="store_true",
                        help="100 tries, Hash up to 256 MiB, 300 ms searches for memory")
    parser.add_argument("--report-only", action="store_true",
                        help="exit 0 even when a target is missed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dialects", action="store_true",
                        help="only isready and stop latencies, under CCP and under cci")
    options = parser.parse_args()
    tries = 100 if options.quick and options.tries == 1000 else options.tries
    hash_sizes = [1, 16, 64, 256] if options.quick else [1, 16, 64, 256, 1024]
    movetime = 300 if options.quick else 1000
    rng = random.Random(options.seed)

    print(f"bench-timing: {options.engine}, {tries} tries, {load_average()}")
    if options.dialects:
        missed = []
        for dialect, results in zip(("CCP", "cci"), measure_dialects(options.engine, tries, rng)):
            every_ready = [ms for ready, _ in results.values() for ms in ready]
            every_stop = [ms for _, stop in results.values() for ms in stop]
            print_latency_table(f"{dialect}: isready -> readyok during go infinite",
                                [(label, ready) for label, (ready, _) in results.items()] +
                                [("all", every_ready)])
            print_latency_table(f"{dialect}: stop -> bestmove after go infinite ran 5..100 ms",
                                [(label, stop) for label, (_, stop) in results.items()] +
                                [("all", every_stop)])
            missed += [f"{dialect} {name}" for name, values in
                       (("isready", every_ready), ("stop", every_stop))
                       if max(values) >= TARGET_MS]
        print(f"\n{load_average()}")
        if missed:
            print(f"target missed (maximum >= {TARGET_MS:g} ms): {', '.join(missed)}")
            return 0 if options.report_only else 1
        print(f"targets met: every maximum under {TARGET_MS:g} ms")
        return 0
    engine = Engine(options.engine)
    scenarios = play_positions(engine, rng)
    idle = measure_idle_isready(engine, tries)
    searches = measure_search_latencies(engine, scenarios, tries, rng)
    print(f"  searches done, {load_average()}")
    perft_stops = measure_perft_stops(engine, scenarios, tries, rng)
    print(f"  perft stops done, {load_average()}")
    ponder_stops = measure_ponder_stops(engine, scenarios, tries, rng)
    print(f"  ponder stops done, {load_average()}")
    engine.quit()
    memory = measure_memory(options.engine, hash_sizes, movetime)

    every_ready = [ms for ready, _ in searches.values() for ms in ready]
    every_stop = [ms for _, stop in searches.values() for ms in stop]
    print_latency_table("isready -> readyok during go infinite",
                        [(label, ready) for label, (ready, _) in searches.items()] +
                        [("all", every_ready), ("(engine idle: control)", idle)])
    print_latency_table("stop -> bestmove after go infinite ran 5..100 ms",
                        [(label, stop) for label, (_, stop) in searches.items()] +
                        [("all", every_stop)])
    print_latency_table("stop -> 'info string perft stopped' after perft 30 ran 5..100 ms",
                        [("all", perft_stops)])
    print_latency_table("stop -> bestmove after go ponder ran 5..100 ms",
                        [("all", ponder_stops)])
    print(f"\npeak resident memory after go movetime {movetime} (MiB)")
    print(f"  {'Hash':>6} {'peak RSS':>9} {'RSS':>8} {'peak - Hash':>12}")
    for size, peak, resident in memory:
        print(f"  {size:>6} {peak:>9.1f} {resident:>8.1f} {peak - size:>12.1f}")
    print(f"\n{load_average()}")

    missed = [name for name, values in (("isready", every_ready), ("stop", every_stop),
                                        ("perft stop", perft_stops),
                                        ("ponder stop", ponder_stops))
              if max(values) >= TARGET_MS]
    if missed:
        print(f"target missed (maximum >= {TARGET_MS:g} ms): {', '.join(missed)}")
        return 0 if options.report_only else 1
    print(f"targets met: every maximum under {TARGET_MS:g} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
