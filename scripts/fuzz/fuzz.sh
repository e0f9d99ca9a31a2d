#!/usr/bin/env bash
# Builds the libFuzzer targets into build-fuzz/ (clang, -DCCENGINE_FUZZ=ON) and runs each
# for the given number of seconds (default 60) on a scratch copy of its seed corpus
# (tests/fuzz/corpus/<target>/) with the protocol's dictionary, so tests/ never changes.
# Prints per target the inputs run and whether it found anything. A crash, a hang or a
# failed check keeps the scratch folder with the input that caused it and makes the exit
# status 1; such an input belongs in tests/fuzz/regressions/<target>/ once it is fixed.
# The targets run side by side, at most $FUZZ_JOBS at once (default: one per core); each
# has a core of its own, so a target's inputs do not depend on how many run at once.
#
#     bash scripts/fuzz/fuzz.sh [seconds-per-target]
#     bash scripts/fuzz/fuzz.sh --build-only          (the targets built, nothing run)
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/../.."

build_only=0
if [ "${1:-}" = --build-only ]; then
  build_only=1
  shift
fi
seconds=${1:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
if ! [[ $seconds =~ ^[1-9][0-9]*$ && $jobs =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: [FUZZ_JOBS=n] scripts/fuzz/fuzz.sh [--build-only] [seconds-per-target]" >&2
  exit 2
fi
targets=(protocol position rules)

# Debian's clang and its libFuzzer runtime, beside the libraries the engine needs.
packages=(clang libclang-rt-14-dev cmake make libboost-program-options-dev libfmt-dev)
bash scripts/lib/install-packages.sh "${packages[@]}"

# A unity build: a few large translation units compile in far less time than many small
# ones, and the fuzzers see the same code.
source scripts/lib/ninja.sh
use_ninja build-fuzz
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCCENGINE_FUZZ=ON -DCCENGINE_TESTS=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null
[ "$build_only" -eq 1 ] && exit 0

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ccengine-fuzz.XXXXXX")

# One target's run into its scratch folder; its verdict is read once all have run.
run_target() {
  local target=$1 work=$scratch/$1 status=0
  mkdir -p "$work/corpus" "$work/found"
  cp tests/fuzz/corpus/"$target"/* "$work/corpus/"
  # -timeout: one input takes milliseconds, so seconds mean a hang; -rss_limit_mb also
  # bounds single allocations (libFuzzer's malloc limit defaults to it).
  build-fuzz/fuzz_"$target" "$work/corpus" -dict=tests/fuzz/protocol.dict -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$work/found/" >"$work/log" 2>&1 || status=$?
  echo "$status" >"$work/status"
}

running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
wait

found=0
for target in "${targets[@]}"; do
  work=$scratch/$target
  status=$(cat "$work/status")
  runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$work/log")
  if [ "$status" -eq 0 ] && [ -z "$(ls -A "$work/found")" ]; then
    echo "fuzz_$target: ${runs:-0} inputs in ${seconds} s, nothing found"
  else
    found=1
    echo "fuzz_$target: FAILED after ${runs:-?} inputs (exit status $status):"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz check failed|.*runtime error)' "$work/log" | head -5 ||
      tail -n 5 "$work/log"
    for input in "$work"/found/*; do echo "  input: $input"; done
    echo "  log: $work/log"
  fi
done

if [ "$found" -eq 0 ]; then
  rm -rf "$scratch"
else
  echo "fuzz: inputs and logs kept in $scratch" >&2
fi
exit "$found"
