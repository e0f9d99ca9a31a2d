#!/usr/bin/env bash
# The long fuzzing run, for a machine with cores to spare (a night of 10^7 inputs per
# target): builds the long runs' configuration of the libFuzzer targets into
# build-fuzz-long/ (UBSan without ASan, no comparison tracing: see CONTRIBUTING.md,
# Fuzzing, for why), then runs each target in turn for the given number of
# inputs, split over $FUZZ_WORKERS processes (libFuzzer's -jobs/-workers, default one
# per core) that share a scratch copy of its seed corpus. Afterwards, per target:
#   - every input the run kept is replayed through CI's build (build-fuzz/, ASan+UBSan,
#     scripts/fuzz/fuzz.sh's), so what only AddressSanitizer sees is still looked for on
#     every input that reached new code;
#   - the run's corpus is merged (-merge=1) with tests/fuzz/corpus/<target>/ into a
#     scratch folder, and only when that adds coverage is the folder minimised afresh
#     (-merge=1 into an empty one) and put in place of tests/fuzz/corpus/<target>/
#     (check `git status` and commit it).
# A crash, hang, leak or failed check keeps its input in the scratch folder and makes
# the exit status 1; once fixed it belongs in tests/fuzz/regressions/<target>/.
#
#     bash scripts/fuzz/fuzz-long.sh [inputs-per-target]        (default 10000000)
#     FUZZ_WORKERS=16 FUZZ_TARGETS="protocol" bash scripts/fuzz/fuzz-long.sh 10000000
#     bash scripts/fuzz/fuzz-long.sh --build-only
#
# Environment: FUZZ_WORKERS (processes per target, default nproc), FUZZ_TARGETS
# (default "protocol position rules"), FUZZ_ADDRESS=1 (fuzz under ASan too,
# into build-fuzz-long-asan/), FUZZ_NICE (nice level, default 0), FUZZ_NO_MERGE=1 (leave
# tests/fuzz/corpus/ alone), TMPDIR (where the scratch folder goes).
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/../.."
source scripts/lib/ninja.sh

build_only=0
if [ "${1:-}" = --build-only ]; then
  build_only=1
  shift
fi
inputs=${1:-10000000}
workers=${FUZZ_WORKERS:-$(nproc)}
read -r -a targets <<<"${FUZZ_TARGETS:-protocol position rules}"
address=${FUZZ_ADDRESS:-0}
niceness=${FUZZ_NICE:-0}
if ! [[ $inputs =~ ^[1-9][0-9]*$ && $workers =~ ^[1-9][0-9]*$ && $niceness =~ ^[0-9]+$ ]]; then
  echo "usage: [FUZZ_WORKERS=n] [FUZZ_TARGETS=...] scripts/fuzz/fuzz-long.sh [--build-only] [inputs]" >&2
  exit 2
fi
run() { nice -n "$niceness" "$@"; }

# The long runs' build, and CI's beside it for the replay under ASan.
build=build-fuzz-long
long_options=(-DCCENGINE_FUZZ_ADDRESS=OFF)
if [ "$address" = 1 ]; then
  build=build-fuzz-long-asan
  long_options=(-DCCENGINE_FUZZ_ADDRESS=ON)
fi
run bash scripts/fuzz/fuzz.sh --build-only
use_ninja "$build"
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCCENGINE_FUZZ=ON -DCCENGINE_TESTS=OFF -DCMAKE_UNITY_BUILD=ON "${long_options[@]}" \
  -DCCENGINE_FUZZ_TRACE_CMP=OFF >/dev/null
run cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null
[ "$build_only" -eq 1 ] && exit 0

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ccengine-fuzz-long.XXXXXX")
echo "fuzz-long: $inputs inputs per target over $workers processes; work in $scratch"
found=0
for target in "${targets[@]}"; do
  work=$scratch/$target
  mkdir -p "$work/corpus" "$work/found" "$work/logs"
  cp tests/fuzz/corpus/"$target"/* "$work/corpus/"
  started=$(date +%s)
  # Each of the jobs runs its share; they pick up each other's finds from the shared
  # corpus folder (-reload). Flags as scripts/fuzz/fuzz.sh's, but the protocol's sessions
  # are cut to 1 KiB: a session costs in proportion to its lines, and the seeds cut so
  # reach as many edges (CONTRIBUTING.md, Fuzzing).
  max_len=4096
  [ "$target" = protocol ] && max_len=1024
  share=$(((inputs + workers - 1) / workers))
  (cd "$work/logs" && run "$OLDPWD/$build/fuzz_$target" "$work/corpus" \
    -dict="$OLDPWD/tests/fuzz/protocol.dict" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -runs="$share" -jobs="$workers" -workers="$workers" \
    -print_final_stats=1 -artifact_prefix="$work/found/" >/dev/null 2>&1) || true
  seconds=$(($(date +%s) - started))
  runs=$(cat "$work"/logs/fuzz-*.log | awk '/stat::number_of_executed_units/ { n += $2 } END { print n + 0 }')
  failed=$(cat "$work"/logs/fuzz-*.log | grep -cE '^(==[0-9]+==ERROR|fuzz check failed|.*runtime error)' || true)
  # Every input the run kept (and any it failed on), once each under ASan+UBSan.
  replay_status=0
  run build-fuzz/fuzz_"$target" -runs=0 -max_len=1048576 -timeout=10 -rss_limit_mb=2048 \
    "$work/corpus" >"$work/replay.log" 2>&1 || replay_status=$?
  if [ "$failed" -ne 0 ] || [ -n "$(ls -A "$work/found")" ] || [ "$replay_status" -ne 0 ]; then
    found=1
    echo "fuzz_$target: FAILED: $runs inputs in $seconds s (logs: $work/logs, replay under ASan: $work/replay.log)"
    for input in "$work"/found/*; do echo "  input: $input"; done
    continue
  fi
  echo "fuzz_$target: $runs inputs in $seconds s ($((runs / (seconds > 0 ? seconds : 1))) a second), nothing found; its $(ls "$work/corpus" | wc -l) kept inputs pass under ASan+UBSan"
  [ "${FUZZ_NO_MERGE:-0}" = 1 ] && continue
  # The seeds first: what the run adds to them, if anything (at CI's -max_len).
  mkdir -p "$work/grown" "$work/minimal"
  cp tests/fuzz/corpus/"$target"/* "$work/grown/"
  run "$build/fuzz_$target" -merge=1 -max_len=4096 "$work/grown" "$work/corpus" \
    >"$work/merge.log" 2>&1
  added=$(awk '/MERGE-OUTER: [0-9]+ new files/ { print $2 }' "$work/merge.log")
  if [ "${added:-0}" -eq 0 ]; then
    echo "  the run added no coverage to tests/fuzz/corpus/$target/: left as it is"
    continue
  fi
  run "$build/fuzz_$target" -merge=1 -max_len=4096 "$work/minimal" "$work/grown" \
    >>"$work/merge.log" 2>&1
  rm -f tests/fuzz/corpus/"$target"/*
  cp "$work"/minimal/* tests/fuzz/corpus/"$target"/
  echo "  $added inputs added coverage: tests/fuzz/corpus/$target/ is now $(ls "$work/minimal" | wc -l) inputs, minimised"
done

if [ "$found" -eq 0 ]; then
  rm -rf "$scratch"
else
  echo "fuzz-long: inputs and logs kept in $scratch" >&2
fi
exit "$found"
