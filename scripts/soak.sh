#!/usr/bin/env bash
# A soak: many fast games at 2, 3, 4 and 6 players, an engine killed
# from outside mid-game, and the engine's memory over a long `go infinite` at 6
# players. Prints per player count the games and every forfeit by kind (crash,
# illegal-move, unresponsive, time-loss), then the kill's outcome and the memory
# samples; exits 1 on a crash, an illegal move, a hung engine or a run that did not
# complete (time losses are printed: on a loaded machine they measure the load).
#
#   scripts/soak.sh GAMES [OUTDIR]
# GAMES are shared out over the four player counts. Environment: ENGINE
# (build/ccengine), CCMATCH (build/ccmatch), TC (1+0.01), CONCURRENCY (2), INFINITE_SECONDS
# (600, the memory run; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:?usage: scripts/soak.sh GAMES [OUTDIR]}
outdir=${2:-soak-$(date -u +%Y%m%dT%H%M%S)}
engine=$(realpath "${ENGINE:-build/ccengine}")
ccmatch=$(realpath "${CCMATCH:-build/ccmatch}")
tc=${TC:-1+0.01}
concurrency=${CONCURRENCY:-2}
infinite_seconds=${INFINITE_SECONDS:-600}
mkdir -p "$outdir"
failed=0

forfeits() {  # results.json -> "games G crash C illegal-move I unresponsive U time-loss T"
  python3 - "$1" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))
forfeits = results["forfeits"]
print(f"games {results['games']} of {results['planned_games']}",
      " ".join(f"{kind} {forfeits[kind]}" for kind in ("crash", "illegal-move", "unresponsive", "time-loss")))
EOF
}

for players in 2 3 4 6; do
  # A round has one game per seat rotation: `players` games.
  rounds=$(( (games / 4 + players - 1) / players ))
  [ "$rounds" -ge 1 ] || rounds=1
  "$ccmatch" -engine cmd="$engine" name=a -engine cmd="$engine" name=b \
    -rules players="$players" -games "$players" -each tc="$tc" -rounds "$rounds" \
    -openings plies=4 -srand "$players" -concurrency "$concurrency" -recover \
    -pgnout "$outdir/p$players.pgn" -results "$outdir/p$players.json" >"$outdir/p$players.log" 2>&1 ||
    { echo "$players players: ccmatch failed, see $outdir/p$players.log"; failed=1; continue; }
  line=$(forfeits "$outdir/p$players.json")
  echo "$players players: $line"
  read -r _ played _ planned _ crash _ illegal _ unresponsive _ <<<"$line"
  if [ "$played" != "$planned" ] || [ "$crash$illegal$unresponsive" != "000" ]; then failed=1; fi
done

# An engine killed with kill -9 mid-game costs that game only: each game starts its own
# processes, and -recover plays on.
"$ccmatch" -engine cmd="$engine" name=a -engine cmd="$engine" name=b -each tc=10+0.1 \
  -rounds 2 -openings plies=4 -srand 1 -concurrency 1 -recover \
  -results "$outdir/kill.json" >"$outdir/kill.log" 2>&1 &
match=$!
sleep 3
victim=$(pgrep -n -f "^$engine$" || true)
[ -n "$victim" ] && kill -9 "$victim"
if wait "$match"; then
  echo "kill -9 of engine pid ${victim:-none} mid-game: $(forfeits "$outdir/kill.json")"
  grep -q '"crash": 1' "$outdir/kill.json" || { echo "  the killed game was not scored as a crash"; failed=1; }
else
  echo "kill -9 mid-game: ccmatch did not complete, see $outdir/kill.log"
  failed=1
fi

# Memory over a long search at 6 players: resident size every tenth of the run.
if [ "$infinite_seconds" -gt 0 ]; then
  # Its replies go to a file: a pipe nobody reads would fill and stop the engine, and
  # the memory would look flat for the wrong reason.
  coproc ENGINE_RUN { exec "$engine" >"$outdir/infinite.log"; }
  printf 'setrules players=6\nposition startpos\ngo infinite\n' >&"${ENGINE_RUN[1]}"
  samples=()
  for _ in $(seq 10); do
    sleep $((infinite_seconds / 10))
    samples+=("$(awk '/VmRSS/ { print $2 }' "/proc/$ENGINE_RUN_PID/status")")
  done
  printf 'stop\nquit\n' >&"${ENGINE_RUN[1]}"
  wait "$ENGINE_RUN_PID" || true
  echo "go infinite, 6 players, ${infinite_seconds} s: resident KiB ${samples[*]}"
  last_info=$(grep '^info .* nodes ' "$outdir/infinite.log" | tail -n 1 || true)
  echo "  its last report: ${last_info:-none}"
fi
exit "$failed"
