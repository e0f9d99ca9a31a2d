#!/usr/bin/env bash
# Monte-Carlo speed: a fixed number of playouts (default 150000) from the 6-player
# start with THREADS threads (default 1), as one process from start to exit; its last
# `info` line (nodes, nps, time). Time it whole against another build to compare speed:
#   bash scripts/bench/bench-playouts.sh build/ccengine [PLAYOUTS [THREADS]]
# (and /path/to/other/ccengine). With one thread the output before `bestmove` is the
# same for two builds that play the same playouts; the wall time compares threads.
set -euo pipefail
engine=${1:-build/ccengine}
playouts=${2:-150000}
threads=${3:-1}
python3 - "$engine" "$playouts" "$threads" <<'PY'
import subprocess, sys
engine, playouts, threads = sys.argv[1], sys.argv[2], sys.argv[3]
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
p.stdin.write(f"setoption name Threads value {threads}\n"
              "setrules players=6\nsetoption name Method value mcts\nposition startpos\n"
              f"go nodes {playouts}\n")
p.stdin.flush()
last = ""
for line in p.stdout:
    if line.startswith("bestmove"):
        print(last.strip())
        print(line.strip())
        break
    if line.startswith("info depth"):
        last = line
p.stdin.write("quit\n")
p.stdin.close()
p.wait()
PY
