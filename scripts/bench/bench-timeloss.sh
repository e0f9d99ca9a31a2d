#!/usr/bin/env bash
# Time losses at a fast control (ccmatch, protocol-spec/match.md): GAMES games of
# standard 2 players between two copies of build/ccengine, two games at once, the
# shipped openings on both seats. Prints the forfeits read from the results JSON, the
# closest any move came to its clock (from the records' MoveTimes: a negative margin
# is a move a manager without ccmatch's timemargin, such as cutechess-cli's default 0,
# would call a time loss), and the load average while it ran. Exits 1 on any time loss
# or other forfeit. 1,000 games at 0.5+0.01 take about 16 minutes.
#   bash scripts/bench/bench-timeloss.sh [GAMES] [TC] [OUTPUT_DIR]
# GAMES (default 1000) is rounded up to even; TC (default 0.5+0.01) is cutechess's
# BASE+INC in seconds; results go to OUTPUT_DIR (default match-results/timeloss).
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-1000}
tc=${2:-0.5+0.01}
out=${3:-match-results/timeloss}
[ -x build/ccmatch ] && [ -x build/ccengine ] || bash scripts/setup.sh --programs
mkdir -p "$out"
rm -f "$out/games.pgn" "$out/results.json" "$out/load.txt"
# A copy, so that a rebuild during the run does not change the engine between games.
cp build/ccengine "$out/ccengine"
engine=$(realpath "$out/ccengine")

# The load average every 10 s while the match runs.
(while true; do cut -d' ' -f1 /proc/loadavg >>"$out/load.txt"; sleep 10; done) &
sampler=$!
trap 'kill "$sampler" 2>/dev/null || true' EXIT

echo "bench-timeloss: $games games at tc=$tc, concurrency 2; $(uptime)" >&2
started=$(date +%s)
build/ccmatch -engine "cmd=$engine" name=a -engine "cmd=$engine" name=b -each "tc=$tc" \
    -rounds $(((games + 1) / 2)) -games 2 -concurrency 2 -recover \
    -openings file=scripts/match/openings/standard-2p.txt -srand 7 \
    -results "$out/results.json" -pgnout "$out/games.pgn" >"$out/match.log" 2>&1
elapsed=$(($(date +%s) - started))
tail -n 4 "$out/match.log" >&2

python3 - "$out" "$tc" "$elapsed" <<'PY'
import json, re, sys
out, tc, elapsed = sys.argv[1], sys.argv[2], int(sys.argv[3])
results = json.load(open(f"{out}/results.json"))
forfeits = results["forfeits"]
base, _, increment = tc.partition("+")
base_ms, increment_ms = round(float(base) * 1000), round(float(increment or 0) * 1000)
# Replays each game's clocks from the measured move times: the smallest time left on a
# clock when its bestmove arrived, before the increment.
closest = None
for record in open(f"{out}/games.pgn").read().split("[Event ")[1:]:
    times = re.search(r'\[MoveTimes "([^"]*)"\]', record)
    if not times:
        continue
    clocks = [base_ms, base_ms]
    for ply, millis in enumerate(int(word) for word in times.group(1).split(",") if word):
        clocks[ply % 2] -= millis
        closest = clocks[ply % 2] if closest is None else min(closest, clocks[ply % 2])
        clocks[ply % 2] += increment_ms
loads = [float(line) for line in open(f"{out}/load.txt") if line.strip()]
print(f"games {results['games']} at tc={tc} in {elapsed // 60} min {elapsed % 60} s")
print(f"time losses {forfeits['time-loss']}; other forfeits: illegal-move "
      f"{forfeits['illegal-move']}, crash {forfeits['crash']}, unresponsive {forfeits['unresponsive']}")
print(f"closest to the clock: {closest} ms left at a bestmove (ccmatch's timemargin: 50 ms below 0)")
if loads:
    print(f"load average (1 min) while it ran: mean {sum(loads) / len(loads):.2f}, "
          f"min {min(loads):.2f}, max {max(loads):.2f} ({len(loads)} samples)")
sys.exit(1 if any(forfeits.values()) else 0)
PY
