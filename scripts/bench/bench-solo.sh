#!/usr/bin/env bash
# The solo puzzle (players=1, classic hops): plays a whole transfer with
# `go movetime MS` for every move (default 1000) and prints the number of moves it
# took and what the first search found when; then one search of 10 s from the start
# and when it found each shorter transfer (the optimum is 27 moves).
#   bash scripts/bench/bench-solo.sh [MS]
set -euo pipefail
cd "$(dirname "$0")/../.."
ms=${1:-1000}
[ -x build/ccengine ] || bash scripts/setup.sh --programs
python3 - "$PWD/build/ccengine" "$ms" <<'PY'
import subprocess, sys
engine, ms = sys.argv[1], sys.argv[2]
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()
send("setrules players=1")
moves, first = [], []
while True:
    send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    send(f"go movetime {ms}")
    while True:
        line = p.stdout.readline().split()
        if not moves and line[:2] == ["info", "depth"]:
            first.append((int(line[line.index("mate") + 1]), int(line[line.index("time") + 1])))
        if line and line[0] == "bestmove":
            break
    if line[1] == "none":
        break
    moves.append(line[1])
print(f"solo: {len(moves)} moves with go movetime {ms} per move")
for length, millis in first[:-1]:
    print(f"  first search: a {length}-move transfer after {millis} ms")
send("newgame")
send("go movetime 10000")
while True:
    line = p.stdout.readline().split()
    if line and line[0] == "bestmove":
        break
    if line[:2] == ["info", "depth"]:
        print(f"  one 10 s search: a {line[line.index('mate') + 1]}-move transfer after {line[line.index('time') + 1]} ms")
send("quit")
PY
