#!/usr/bin/env bash
# Builds the tests with sanitizers and runs them, the tests that drive the binaries
# included (their engines are built the same way):
#   address  AddressSanitizer + UndefinedBehaviorSanitizer, in build-asan/. It is the
#            portable build (no -march=native), so it also covers the move generator's
#            other short-hop path.
#   thread   ThreadSanitizer, in build-tsan/: the engine's worker, lazy SMP threads and
#            ccmatch's engine readers.
#   bash scripts/test-sanitizers.sh [address|thread]...    (default: both)
# Every process writes its reports into one folder, so a report from an engine that a
# test spawned fails the run even when that test itself passed.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- address thread

for sanitizer in "$@"; do
  case "$sanitizer" in
    address) build_dir=build-asan native=OFF labels=(-LE browser) ;;
    # The long differential run adds no threads to what the fast tests exercise.
    thread) build_dir=build-tsan native=ON labels=(-L fast) ;;
    *) echo "test-sanitizers: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DCCENGINE_NATIVE="$native" \
    -DCCENGINE_SANITIZE="$sanitizer" -DCCENGINE_WERROR=ON >&2
  cmake --build "$build_dir" -j "$(nproc)" >&2

  reports="$build_dir/sanitizer-reports"
  rm -rf "$reports" && mkdir -p "$reports"
  common="log_path=$PWD/$reports/report"
  export ASAN_OPTIONS="$common:detect_leaks=1:abort_on_error=0:strict_string_checks=1"
  export UBSAN_OPTIONS="$common:print_stacktrace=1:halt_on_error=1"
  export TSAN_OPTIONS="$common:halt_on_error=1:second_deadlock_stack=1"
  status=0
  ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" "${labels[@]}" || status=$?
  if compgen -G "$reports/report*" >/dev/null; then
    cat "$reports"/report* >&2
    echo "test-sanitizers: $sanitizer reports above" >&2
    exit 1
  fi
  [ "$status" -eq 0 ] || exit "$status"
  echo "test-sanitizers: $sanitizer clean" >&2
done
