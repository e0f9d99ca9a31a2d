#!/usr/bin/env bash
# Builds the tests with sanitizers and runs them, the tests that drive the binaries
# included (their engines are built the same way):
#   address  AddressSanitizer + UndefinedBehaviorSanitizer, in build-asan/. It is the
#            portable build (no -march=native), so it also covers the move generator's
#            other short-hop path.
#   thread   ThreadSanitizer, in build-tsan/: the engine's worker, lazy SMP threads and
#            ccmatch's engine readers. It skips the rules suites below: they start no
#            thread and no process (checked here, in the normal build, under strace, on
#            every run), so ThreadSanitizer has nothing to judge in them; they run in
#            the normal and the ASan+UBSan builds.
#   bash scripts/check/test-sanitizers.sh [address|thread]...    (default: both)
# Every process writes its reports into one folder, so a report from an engine that a
# test spawned fails the run even when that test itself passed.
# The sanitized builds are unity builds optimised at -O1 (the tests' own code at -O0,
# tests/CMakeLists.txt): the sanitizers instrument every access alike at any level, and
# -O3's inlining under instrumentation is most of their build time (a move generator
# file: 21 s at -O3, 7 s at -O1); a unity build parses each header once for a batch of
# files. clang-tidy and the normal build still compile every file on its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/ninja.sh
[ $# -eq 0 ] && set -- address thread
single_threaded=(Rules/MovegenProperties RulesGoalChain RulesTurns RulesMoves RulesFinish
  RulesSeating RulesArms RulesText Geometry CcpCells)

# Fails when a suite that ThreadSanitizer skips starts a thread or a process.
check_single_threaded() {
  local filter trace
  filter=$(printf '%s.*:' "${single_threaded[@]}")
  trace=$(mktemp)
  bash scripts/lib/install-packages.sh strace
  strace -f -qq -e trace=clone,clone3,fork,vfork -o "$trace" \
    build/tests/ccengine_tests --gtest_filter="${filter%:}" >/dev/null
  if grep -qE 'clone|fork' "$trace"; then
    echo "test-sanitizers: a suite ThreadSanitizer skips starts threads or processes:" >&2
    head -5 "$trace" >&2
    echo "test-sanitizers: take it out of single_threaded in $0" >&2
    rm -f "$trace"
    exit 1
  fi
  rm -f "$trace"
}

for sanitizer in "$@"; do
  case "$sanitizer" in
    # Not the npm package's tests: their engine is the WebAssembly build, which no
    # sanitizer sees, and the wasm label already compares it with the sanitized engine.
    address) build_dir=build-asan native=OFF labels=(-LE 'browser|tooling|npm') ;;
    # The long differential run adds no threads to what the fast tests exercise.
    thread)
      build_dir=build-tsan native=ON
      check_single_threaded
      skipped=$(IFS='|'; echo "${single_threaded[*]}")
      labels=(-L fast -E "^($skipped)\.")
      ;;
    *) echo "test-sanitizers: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  use_ninja "$build_dir"
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_UNITY_BUILD=ON \
    -DCCENGINE_NATIVE="$native" -DCCENGINE_SANITIZE="$sanitizer" -DCCENGINE_WERROR=ON >&2
  cmake --build "$build_dir" -j "$(nproc)" >&2

  reports="$build_dir/sanitizer-reports"
  rm -rf "$reports" && mkdir -p "$reports"
  common="log_path=$PWD/$reports/report"
  export ASAN_OPTIONS="$common:detect_leaks=1:abort_on_error=0:strict_string_checks=1"
  export UBSAN_OPTIONS="$common:print_stacktrace=1:halt_on_error=1"
  export TSAN_OPTIONS="$common:halt_on_error=1:second_deadlock_stack=1"
  status=0
  ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" "${labels[@]}" || status=$?
  bash scripts/check/slowest-tests.sh "$build_dir" 20 >&2
  if compgen -G "$reports/report*" >/dev/null; then
    cat "$reports"/report* >&2
    echo "test-sanitizers: $sanitizer reports above" >&2
    exit 1
  fi
  [ "$status" -eq 0 ] || exit "$status"
  echo "test-sanitizers: $sanitizer clean" >&2
done
