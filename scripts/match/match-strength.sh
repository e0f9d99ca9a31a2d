#!/usr/bin/env bash
# The strength matches of the search (ccmatch, protocol-spec/match.md): ccengine against
# its built-in greedy player under every preset, at 3, 4 and 6 players, and the methods
# of 3 to 6 players against each other: Monte-Carlo tree search against best-reply
# search (which decides the Method option's `auto`), best-reply against paranoid. Results (JSON, records, logs) go to the folder given
# (default: match-results/). One game at a time: on a 2-core machine, more would
# measure the machine's load, not the engine; and a time margin of 5 s, since these
# matches measure strength (time losses are the fast-control match's business).
#   bash scripts/match/match-strength.sh [OUTPUT_DIR] [ROUNDS_SCALE]
# ROUNDS_SCALE (default 1) multiplies every match's rounds (e.g. 0.2 for a quick look).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-match-results}
scale=${2:-1}
mkdir -p "$out"
[ -x build/ccmatch ] && [ -x build/ccengine ] || bash scripts/setup.sh --programs
engine="$PWD/build/ccengine"
rounds() { python3 -c "print(max(1, round($1 * $scale)))"; }
run() {
    local name=$1
    shift
    echo "match-strength: $name" >&2
    build/ccmatch "$@" -srand 7 -concurrency 1 -results "$out/$name.json" -pgnout "$out/$name.pgn" \
        >"$out/$name.log" 2>&1
    tail -n 6 "$out/$name.log" >&2
}
greedy=(-engine "cmd=$engine" name=ccengine -engine "cmd=$engine" name=greedy option.Player=greedy
        -each st=0.1 timemargin=5000)
run standard "${greedy[@]}" -rules "preset=standard" -games 2 -rounds "$(rounds 100)" -openings plies=2
for preset in masters card super diamond sec5; do
    run "$preset" "${greedy[@]}" -rules "preset=$preset" -games 2 -rounds "$(rounds 30)" -openings plies=2
done
run players3 "${greedy[@]}" -rules "players=3" -lineup 1,2,2 -games 3 -rounds "$(rounds 20)" -openings plies=3
run players6 "${greedy[@]}" -rules "players=6" -lineup 1,2,2,2,2,2 -games 6 -rounds "$(rounds 6)" \
    -openings plies=6
run players4 "${greedy[@]}" -rules "players=4" -lineup 1,2,2,2 -games 4 -rounds "$(rounds 20)" -openings plies=4
mcts=(-engine "cmd=$engine" name=mcts option.Method=mcts -engine "cmd=$engine" name=brs option.Method=brs
      -each st=0.1 timemargin=5000)
run mcts-brs3 "${mcts[@]}" -rules "players=3" -lineup 1,2,2 -games 3 -rounds "$(rounds 10)" -openings plies=3
run mcts-brs4 "${mcts[@]}" -rules "players=4" -lineup 1,2,2,2 -games 4 -rounds "$(rounds 8)" -openings plies=4
run mcts-brs5 "${mcts[@]}" -rules "players=5" -lineup 1,2,2,2,2 -games 5 -rounds "$(rounds 6)" -openings plies=5
run mcts-brs6 "${mcts[@]}" -rules "players=6" -lineup 1,2,2,2,2,2 -games 6 -rounds "$(rounds 5)" -openings plies=6
methods=(-engine "cmd=$engine" name=brs option.Method=brs -engine "cmd=$engine" name=paranoid option.Method=paranoid
         -each st=0.1 timemargin=5000)
run brs-paranoid3 "${methods[@]}" -rules "players=3" -lineup 1,2,2 -games 3 -rounds "$(rounds 20)" -openings plies=3
run brs-paranoid6 "${methods[@]}" -rules "players=6" -lineup 1,2,2,2,2,2 -games 6 -rounds "$(rounds 5)" \
    -openings plies=6
