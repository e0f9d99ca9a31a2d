#!/usr/bin/env bash
# Instruction counts of two builds on the same fixed work, under valgrind's callgrind:
# unlike time on a shared machine they do not drift run to run, so a small speed change
# shows. The work: perft of the standard start (2 and 6 players), the bulk-counted last
# ply included, and `bench` (its node count, the bench signature, must agree). Prints
# each count and the ratio NEW/BASE (below 1: NEW runs fewer instructions). valgrind
# does not decode AVX-512: where the processor has it, give builds configured with
# -DCCENGINE_NATIVE=OFF (a -march=native one stops at its first AVX-512 instruction).
#
#   scripts/bench/bench-instructions.sh BASE_ENGINE NEW_ENGINE
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: scripts/bench/bench-instructions.sh BASE_ENGINE NEW_ENGINE" >&2
  exit 2
fi
base=$1
new=$2
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }

# name | the engine's arguments (one-shot command line)
cases=(
  "perft-standard-2p-6|perft 6"
  "perft-standard-6p-6|--rules players=6 perft 6"
  "bench|bench"
)

# Prints "instructions last-output-line" for one binary and case.
count() {
  local binary=$1 args=$2 log output
  log=$(mktemp)
  # shellcheck disable=SC2086  # the arguments are words on purpose
  output=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" $args 2>"$log" | tail -n 1 | sed "s/ time .*//") || true
  local instructions
  instructions=$(awk '/Collected :/ { print $NF }' "$log")
  rm -f "$log"
  echo "$instructions $output"
}

printf '%-22s %15s %15s %8s\n' case base-Ir new-Ir new/base
for entry in "${cases[@]}"; do
  IFS='|' read -r name args <<<"$entry"
  read -r base_ir base_out < <(count "$base" "$args")
  read -r new_ir new_out < <(count "$new" "$args")
  for side in "$base:$base_out" "$new:$new_out"; do
    if [ -z "${side#*:}" ]; then
      echo "${side%%:*} printed nothing under valgrind (an AVX-512 build? see the top)" >&2
      exit 1
    fi
  done
  [ "$base_out" = "$new_out" ] || echo "  outputs differ: '$base_out' vs '$new_out'" >&2
  ratio=$(awk -v a="$new_ir" -v b="$base_ir" 'BEGIN { printf "%.4f", a / b }')
  printf '%-22s %15s %15s %8s\n' "$name" "$base_ir" "$new_ir" "$ratio"
done
