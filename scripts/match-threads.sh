#!/usr/bin/env bash
# The matches of the search threads (protocol-spec/protocol.md, option Threads): what a
# second thread buys, 2 players and 6 players, and the engine given as OLD against the
# built one with the same number of threads (a change of the threads' search stays only
# if it wins this). One game at a time; a Threads 2 engine needs both cores of a 2-core
# machine to itself, so run nothing else meanwhile. Results go to the folder given.
#   bash scripts/match-threads.sh [OUTPUT_DIR] [OLD_ENGINE] [ROUNDS_SCALE]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-match-results}
old=${2:-}
scale=${3:-1}
mkdir -p "$out"
[ -x build/ccmatch ] && [ -x build/ccengine ] || bash scripts/setup.sh
engine="$PWD/build/ccengine"
rounds() { python3 -c "print(max(1, round($1 * $scale)))"; }
run() {
    local name=$1
    shift
    echo "match-threads: $name" >&2
    build/ccmatch "$@" -each st=0.1 timemargin=5000 -concurrency 1 -results "$out/$name.json" \
        -pgnout "$out/$name.pgn" >"$out/$name.log" 2>&1
    tail -n 8 "$out/$name.log" >&2
}
run threads-2p -engine "cmd=$engine" name=threads2 option.Threads=2 \
    -engine "cmd=$engine" name=threads1 option.Threads=1 \
    -games 2 -rounds "$(rounds 200)" -openings plies=2 -srand 11
run threads-6p -engine "cmd=$engine" name=threads2 option.Threads=2 \
    -engine "cmd=$engine" name=threads1 option.Threads=1 -rules players=6 \
    -lineup 1,2,2,2,2,2 -games 6 -rounds "$(rounds 10)" -openings plies=6 -srand 11
if [ -n "$old" ]; then
    run new-old-threads1 -engine "cmd=$engine" name=new -engine "cmd=$old" name=old \
        -games 2 -rounds "$(rounds 200)" -openings plies=2 -srand 12
    run new-old-threads2 -engine "cmd=$engine" name=new option.Threads=2 \
        -engine "cmd=$old" name=old option.Threads=2 -games 2 -rounds "$(rounds 100)" \
        -openings plies=2 -srand 13
fi
