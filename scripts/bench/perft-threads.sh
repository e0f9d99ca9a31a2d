#!/usr/bin/env bash
# One perft count with a given number of threads, from the protocol (the Threads option
# shares out the count): prints the `nodes` line and the engine's timing line. Timing
# it against one thread gives the parallel speed-up, e.g. on a 2-core machine:
#   bash scripts/bench/perft-threads.sh 2 7     (perft 7 = 2774031156 on the standard start)
#   bash scripts/bench/perft-threads.sh 1 7
#   bash scripts/bench/perft-threads.sh THREADS [DEPTH [ENGINE]]
set -euo pipefail
cd "$(dirname "$0")/../.."
threads=${1:?usage: perft-threads.sh THREADS [DEPTH [ENGINE]]}
depth=${2:-7}
engine=${3:-build/ccengine}
coproc ENGINE { "$engine"; }
printf 'setoption name Threads value %s\nperft %s\n' "$threads" "$depth" >&"${ENGINE[1]}"
# The count runs on the engine's worker: wait for its answer before quitting.
while IFS= read -r line <&"${ENGINE[0]}"; do
  case $line in
    "info string perft"*) echo "threads $threads: $line" ;;
    nodes*) echo "$line"; break ;;
    error*) echo "$line" >&2; exit 1 ;;
  esac
done
echo quit >&"${ENGINE[1]}"
wait
