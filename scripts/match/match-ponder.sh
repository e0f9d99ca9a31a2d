#!/usr/bin/env bash
# The pondering match (protocol-spec/protocol.md, go ponder): ccengine with Ponder on
# against ccengine with Ponder off, 2 players, standard, 10 s a game plus 0.1 s a move.
# One game at a time: the pondering engine thinks on the opponent's time, so each engine
# needs a core of its own; on a 2-core machine run nothing else meanwhile (about 90
# minutes for 200 games). Results go to the folder given.
#   bash scripts/match/match-ponder.sh [OUTPUT_DIR] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-match-results}
rounds=${2:-100}
mkdir -p "$out"
[ -x build/ccmatch ] && [ -x build/ccengine ] || bash scripts/setup.sh --programs
engine="$PWD/build/ccengine"
build/ccmatch -engine "cmd=$engine" name=ponder ponder -engine "cmd=$engine" name=plain \
    -each tc=10+0.1 -games 2 -rounds "$rounds" -openings plies=4 -srand 31 -concurrency 1 \
    -results "$out/ponder-2p.json" -pgnout "$out/ponder-2p.pgn" >"$out/ponder-2p.log" 2>&1
tail -n 8 "$out/ponder-2p.log"
