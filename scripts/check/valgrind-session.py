#!/usr/bin/env python3
"""Plays a scripted protocol session with searches of every kind (two players, several,
solo, a stopped infinite search, a stopped perft, bench, bad input) against an engine
command, waiting for each search's final line before the next command, as a GUI would.
scripts/check/valgrind-session.sh runs it with the engine under valgrind.

    python3 scripts/check/valgrind-session.py <command...>

Exits non-zero if the engine dies, stops answering, or a job lacks its final line."""

import subprocess
import sys
import threading
import queue
import time

# (command, the start of the line to wait for, or None when there is nothing to wait
# for). An infinite search is awaited to its first info line, a perft to the readyok that
# answers isready while it runs: the job is under way when stop comes.
SESSION = [
    ("cci", "cciok"),
    ("setoption name Hash value 8", None),
    ("isready", "readyok"),
    ("newgame", None),
    ("position startpos moves m3-m5 g15-i13", None),
    ("legal", "legal"),
    ("go depth 4", "bestmove"),
    ("go movetime 300", "bestmove"),
    ("go wtime 2000 btime 2000 winc 10 binc 10", "bestmove"),
    ("go infinite", "info"),
    ("isready", "readyok"),
    ("stop", "bestmove"),
    ("setoption name MultiPV value 2", None),
    ("go depth 3", "bestmove"),
    ("setoption name MultiPV value 1", None),
    ("setrules preset=super players=3", None),
    ("position startpos moves m4-l5", None),
    ("go depth 3", "bestmove"),
    ("setoption name Method value paranoid", None),
    ("go nodes 20000", "bestmove"),
    ("setoption name Method value brs", None),
    ("setrules players=6", None),
    ("go nodes 20000", "bestmove"),
    ("setoption name Player value greedy", None),
    ("go depth 1", "bestmove"),
    ("setoption name Player value search", None),
    ("setrules preset=diamond players=3", None),
    ("go nodes 20000", "bestmove"),
    ("setrules preset=standard players=1", None),
    ("go movetime 500", "bestmove"),
    ("go movetime 300", "bestmove"),
    ("perft 3", "nodes"),
    ("perft 30", None),
    ("isready", "readyok"),
    ("stop", "info string perft stopped"),
    ("d", None),
    ("getposition", "position"),
    ("result", "result"),
    ("bench 2", "bench nodes"),
    ("no-such-command", "error"),
    ("position startpos moves a1-a1", "error"),
    ("setoption name Hash value 0", "error"),
    ("setoption name Clear Hash", None),
    ("isready", "readyok"),
    ("quit", None),
]

TIMEOUT_SECONDS = 600


def main() -> int:
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in engine.stdout] + [lines.put(None)],
                     daemon=True).start()
    searches = 0
    for command, final in SESSION:
        engine.stdin.write(command + "\n")
        engine.stdin.flush()
        if final is None:
            continue
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                print(f"valgrind-session: no '{final}' after '{command}'", file=sys.stderr)
                engine.kill()
                return 1
            if line is None:
                print(f"valgrind-session: the engine ended during '{command}'", file=sys.stderr)
                return 1
            if line.startswith(final):
                break
        searches += final == "bestmove"
    engine.stdin.close()
    status = engine.wait(timeout=TIMEOUT_SECONDS)
    print(f"valgrind-session: {len(SESSION)} commands, {searches} searches, exit {status}",
          file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
