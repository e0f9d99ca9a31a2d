#!/usr/bin/python3
"""A stand-in for an engine with `go`, for testing the GUI's thinking panel: it passes
every command to the real engine (the referee) and answers `go` itself, as
protocol-spec/protocol.md describes it: `info` lines with a growing depth and the first
legal move as pv, every 100 ms, until the time (movetime) or depth is used up or `stop`
arrives; then one `bestmove` (`pass` or `none` as `legal` says). `isready` is answered
at once during a search. Usage: scripted_search_engine.py <path to ccengine>"""

import subprocess
import sys
import threading
import time

referee = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
output_lock = threading.Lock()
stop_search = threading.Event()
search_thread = None


def say(line):
    with output_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def ask(command):
    """Sends a command and `isready` to the referee; returns the lines before readyok."""
    referee.stdin.write(command + "\nisready\n")
    referee.stdin.flush()
    lines = []
    while True:
        line = referee.stdout.readline().rstrip("\n")
        if line == "readyok":
            return lines
        if line == "":
            raise SystemExit("the referee ended")
        lines.append(line)


def search(words, legal_moves):
    limit_ms = int(words[words.index("movetime") + 1]) if "movetime" in words else None
    max_depth = int(words[words.index("depth") + 1]) if "depth" in words else None
    started = time.monotonic()
    depth = 0
    best = legal_moves[0] if legal_moves else "none"
    while best not in ("none", "pass"):
        depth += 1
        elapsed = int((time.monotonic() - started) * 1000)
        say(f"info depth {depth} seldepth {depth + 2} multipv 1 score cp {10 * depth} nodes {1000 * depth} "
            f"nps 10000 time {elapsed} hashfull 0 pv {' '.join(legal_moves[:2])}")
        if max_depth is not None and depth >= max_depth:
            break
        wait = 0.1 if limit_ms is None else max(0.0, min(0.1, limit_ms / 1000 - (time.monotonic() - started)))
        if stop_search.wait(wait) or (limit_ms is not None and time.monotonic() - started >= limit_ms / 1000):
            break
    say(f"bestmove {best}")


for raw in sys.stdin:
    line = raw.strip()
    words = line.split()
    searching = search_thread is not None and search_thread.is_alive()
    if not words:
        continue
    if words[0] == "stop":
        stop_search.set()
        continue
    if words[0] == "isready":
        # Every command passed on is complete (ask waits for it), so ready at once.
        say("readyok")
        continue
    if searching:
        if words[0] == "quit":
            stop_search.set()
            search_thread.join()
            break
        say(f"error {words[0]}: refused while a search runs (send stop first)")
        continue
    if words[0] == "go":
        legal = ask("legal")[0].split()[1:]
        stop_search.clear()
        search_thread = threading.Thread(target=search, args=(words, legal))
        search_thread.start()
        continue
    if words[0] == "setoption" and "Skill" in words:
        continue
    if words[0] == "quit":
        break
    for reply in ask(line):
        if reply == "cciok":
            say("option name Skill Level type spin default 20 min 0 max 20")
        say(reply)
if search_thread is not None:
    search_thread.join()
referee.stdin.close()
referee.wait()
