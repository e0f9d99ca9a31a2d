#!/usr/bin/env bash
# No order or seat bias in ccmatch (protocol-spec/match.md, "Fairness"): an A/A match of
# two copies of build/ccengine, GAMES games at TC, two games at once, the shipped
# openings on both seats; the first half with `-engine a -engine b`, the second with
# `-engine b -engine a`. Prints the first-named engine's score and Elo over both halves
# (95% interval from the pentanomial pairs) and exits 1 unless the score is within
# 48-52% and the interval contains 0. 1,000 games at 1+0.01 take about 30 minutes.
#   bash scripts/bench/bench-aa.sh [GAMES] [TC] [OUTPUT_DIR]
# GAMES (default 1000) is rounded up to a multiple of 4; TC (default 1+0.01) is
# BASE+INC in seconds; results go to OUTPUT_DIR (default match-results/aa).
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-1000}
tc=${2:-1+0.01}
out=${3:-match-results/aa}
[ -x build/ccmatch ] && [ -x build/ccengine ] || bash scripts/setup.sh --programs
mkdir -p "$out"
rm -f "$out"/half-*.json "$out"/half-*.pgn "$out"/half-*.log
# Copies, so that a rebuild during the run changes neither program between games.
cp build/ccengine "$out/ccengine"
cp build/ccmatch "$out/ccmatch"
engine=$(realpath "$out/ccengine")
rounds=$(((games + 3) / 4))

echo "bench-aa: $((rounds * 4)) games at tc=$tc, concurrency 2; $(uptime)" >&2
half() {  # half NUMBER FIRST SECOND
    "$out/ccmatch" -engine "cmd=$engine" "name=$2" -engine "cmd=$engine" "name=$3" \
        -each "tc=$tc" -rounds "$rounds" -games 2 -concurrency 2 -recover \
        -openings file=scripts/match/openings/standard-2p.txt -srand 7 \
        -results "$out/half-$1.json" -pgnout "$out/half-$1.pgn" >"$out/half-$1.log" 2>&1
    tail -n 12 "$out/half-$1.log" >&2
}
half 1 a b
half 2 b a

python3 - "$out" <<'PY'
import json, math, sys
out = sys.argv[1]
penta = [0] * 5
first_points = games = 0
forfeits = 0
for number in (1, 2):
    result = json.load(open(f"{out}/half-{number}.json"))
    first = result["engines"][0]
    first_points += first["points"]
    games += first["games"]
    forfeits += sum(result["forfeits"].values())
    for bucket, count in enumerate(result.get("pentanomial", [0] * 5)):
        penta[bucket] += count
pairs = sum(penta)
scores = [0, 0.25, 0.5, 0.75, 1]
mean = sum(s * c for s, c in zip(scores, penta)) / pairs
variance = sum(c * (s - mean) ** 2 for s, c in zip(scores, penta)) / pairs
error = 1.96 * math.sqrt(variance / pairs)
elo = lambda score: -400 * math.log10(1 / min(max(score, 1e-6), 1 - 1e-6) - 1)
share = first_points / games
low, high = elo(mean - error), elo(mean + error)
print(f"first-named engine: {first_points:g}/{games} = {100 * share:.1f}%; "
      f"Elo {elo(mean):.1f} [{low:.1f}, {high:.1f}] (95%, pentanomial {penta}); "
      f"forfeits {forfeits}")
ok = 0.48 <= share <= 0.52 and low <= 0 <= high
print("bench-aa:", "pass" if ok else "FAIL (score outside 48-52% or the interval excludes 0)")
sys.exit(0 if ok else 1)
PY
