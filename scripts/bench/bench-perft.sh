#!/usr/bin/env bash
# Perft speed benchmark: leaf nodes per second, single thread, the last ply counted in
# bulk, for the standard two-player start at depth 6 and a fixed set of other presets
# and positions. With a second binary, runs both alternately and prints the speed ratio
# (A/B > 1: A is faster), which is what to quote on a shared, noisy machine.
#
#   scripts/bench/bench-perft.sh [ENGINE [BASELINE_ENGINE]]
set -euo pipefail
cd "$(dirname "$0")/../.."
engine=${1:-build/ccengine}
baseline=${2:-}

# name | setrules words | position | depth
cases=(
  "standard-2p-start|preset=standard players=2|startpos|6"
  "standard-3p-start|preset=standard players=3|startpos|6"
  "standard-6p-start|preset=standard players=6|startpos|6"
  "super-2p-start|preset=super players=2|startpos|5"
  "masters-4p-start|preset=masters players=4|startpos|6"
  "diamond-2p-start|preset=diamond players=2|startpos|5"
  "sec5-2p-midgame|preset=sec5 players=2|startpos moves k3-i5 g14-h13 l4-l5 e15-g13-i13 l2-k3 i13-g13-e15-e13 l3-l4 e14-e15 m3-l3 e16-e14 i5-i6 f14-f13 m1-m3-m5 f13-g12 m5-n5 g15-i13 l3-m3 h13-g13 m3-m5-o5 e15-f14 o5-p5 g12-f12 l5-m5 i13-j13|4"
)

# Prints "nodes seconds" for one case. `quit` stops a running perft, so it is sent only
# once the count is in.
run_case() {
  local binary=$1 rules=$2 position=$3 depth=$4 line ms=0
  coproc PERFT { exec "$binary"; }
  printf 'setrules %s\nposition %s\nperft %s\n' "$rules" "$position" "$depth" >&"${PERFT[1]}"
  while IFS= read -r line <&"${PERFT[0]}"; do
    case $line in
      "info string perft"*) ms=$(awk '{ print $7 }' <<<"$line") ;;
      "nodes "*) echo "$(awk '{ print $2 }' <<<"$line") $(awk -v ms="$ms" 'BEGIN { print ms / 1000 }')"; break ;;
    esac
  done
  echo quit >&"${PERFT[1]}"
  wait "$PERFT_PID" || true
}

printf '%-20s %5s %12s %9s %10s' case depth nodes seconds Mnps
[ -n "$baseline" ] && printf ' %10s %8s' base-Mnps ratio
printf '\n'
for entry in "${cases[@]}"; do
  IFS='|' read -r name rules position depth <<<"$entry"
  read -r nodes seconds < <(run_case "$engine" "$rules" "$position" "$depth")
  mnps=$(awk -v n="$nodes" -v s="$seconds" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
  printf '%-20s %5s %12s %9s %10s' "$name" "$depth" "$nodes" "$seconds" "$mnps"
  if [ -n "$baseline" ]; then
    read -r base_nodes base_seconds < <(run_case "$baseline" "$rules" "$position" "$depth")
    [ "$base_nodes" = "$nodes" ] || echo "  node counts differ: $nodes vs $base_nodes" >&2
    base_mnps=$(awk -v n="$base_nodes" -v s="$base_seconds" 'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }')
    ratio=$(awk -v a="$seconds" -v b="$base_seconds" 'BEGIN { printf "%.3f", (a > 0 ? b / a : 0) }')
    printf ' %10s %8s' "$base_mnps" "$ratio"
  fi
  printf '\n'
done
