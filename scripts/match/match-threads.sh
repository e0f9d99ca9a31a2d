#!/usr/bin/env bash
# The matches of the search threads (protocol-spec/measurements.md, "A second thread"): what a
# second thread buys, 2 players and 6 players, and the engine given as OLD against the
# built one with the same number of threads (a change of the threads' search stays only
# if it wins this). One game at a time; a Threads 2 engine needs both cores of a 2-core
# machine to itself, so run nothing else meanwhile. Only threads-2p-nodes holds on a
# busy machine: two threads with twice the nodes of one (what they search in the same
# time when each has a core) measure what the threads make of their nodes, whatever the
# load. Results go to the folder given.
#   bash scripts/match/match-threads.sh [OUTPUT_DIR] [OLD_ENGINE] [ROUNDS_SCALE]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-match-results}
old=${2:-}
scale=${3:-1}
mkdir -p "$out"
[ -x build/ccmatch ] && [ -x build/ccengine ] || bash scripts/setup.sh --programs
engine="$PWD/build/ccengine"
rounds() { python3 -c "print(max(1, round($1 * $scale)))"; }
run() {
    local name=$1
    shift
    echo "match-threads: $name" >&2
    build/ccmatch "$@" -concurrency 1 -results "$out/$name.json" \
        -pgnout "$out/$name.pgn" >"$out/$name.log" 2>&1
    tail -n 8 "$out/$name.log" >&2
}
timed=(-each st=0.1 timemargin=5000)
# The ceiling: what twice the time a move buys one thread (threads can buy at most that).
run time-2x -engine "cmd=$engine" name=st0.2 st=0.2 -engine "cmd=$engine" name=st0.1 st=0.1 \
    -each timemargin=5000 -games 2 -rounds "$(rounds 50)" -openings plies=2 -srand 21
run threads-2p-nodes -engine "cmd=$engine" name=threads2 option.Threads=2 nodes=1200000 \
    -engine "cmd=$engine" name=threads1 option.Threads=1 nodes=600000 -each timemargin=5000 \
    -games 2 -rounds "$(rounds 100)" -openings plies=2 -srand 11
run threads-2p -engine "cmd=$engine" name=threads2 option.Threads=2 \
    -engine "cmd=$engine" name=threads1 option.Threads=1 "${timed[@]}" \
    -games 2 -rounds "$(rounds 200)" -openings plies=2 -srand 11
run threads-6p -engine "cmd=$engine" name=threads2 option.Threads=2 \
    -engine "cmd=$engine" name=threads1 option.Threads=1 "${timed[@]}" -rules players=6 \
    -lineup 1,2,2,2,2,2 -games 6 -rounds "$(rounds 10)" -openings plies=6 -srand 11
if [ -n "$old" ]; then
    run new-old-threads1 -engine "cmd=$engine" name=new -engine "cmd=$old" name=old "${timed[@]}" \
        -games 2 -rounds "$(rounds 200)" -openings plies=2 -srand 12
    run new-old-threads2 -engine "cmd=$engine" name=new option.Threads=2 \
        -engine "cmd=$old" name=old option.Threads=2 "${timed[@]}" -games 2 -rounds "$(rounds 100)" \
        -openings plies=2 -srand 13
fi
