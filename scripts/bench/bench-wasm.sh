#!/usr/bin/env bash
# The in-page engine's speed (the wasm build under node.js, tests/wasm/ccengine-wasm.cjs)
# against the native engine's, in one run, both alternately on one thread: perft on
# scripts/bench/bench-perft.sh's positions (its ratio column: wasm speed / native speed), then
# `bench` three times each (its node counts must agree: the same search). Build both first
# (scripts/setup.sh, scripts/web/build-wasm.sh).
#   bash scripts/bench/bench-wasm.sh [NATIVE_ENGINE]
set -euo pipefail
cd "$(dirname "$0")/../.."
native=${1:-build/ccengine}
wasm=tests/wasm/ccengine-wasm.cjs

echo "perft (ratio: wasm speed / native speed)"
bash scripts/bench/bench-perft.sh "$wasm" "$native"

# Prints "nodes milliseconds" of one `bench` at its default depth.
run_bench() {
  local line
  coproc BENCH { exec "$1"; }
  echo bench >&"${BENCH[1]}"
  while IFS= read -r line <&"${BENCH[0]}"; do
    case $line in
      "bench nodes "*) awk '{ print $3, $5 }' <<<"$line"; break ;;
    esac
  done
  echo quit >&"${BENCH[1]}"
  wait "$BENCH_PID" || true
}

# Alternately, three times each: the machine's load changes while they run.
wasm_total=0
native_total=0
for round in 1 2 3; do
  read -r wasm_nodes wasm_ms < <(run_bench "$wasm")
  read -r native_nodes native_ms < <(run_bench "$native")
  [ "$wasm_nodes" = "$native_nodes" ] ||
    echo "bench node counts differ: wasm $wasm_nodes, native $native_nodes" >&2
  echo "bench $round: nodes $native_nodes, wasm $wasm_ms ms, native $native_ms ms"
  wasm_total=$((wasm_total + wasm_ms))
  native_total=$((native_total + native_ms))
done
awk -v w="$wasm_total" -v m="$native_total" 'BEGIN {
  printf "bench ratio (wasm speed / native speed, the three together): %.3f\n", m / w }'
