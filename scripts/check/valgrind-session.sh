#!/usr/bin/env bash
# Runs the scripted protocol session of scripts/check/valgrind-session.py (searches of every
# kind, each awaited like a GUI would) with the engine under valgrind's memcheck: an
# invalid read or write, a use of uninitialised memory or a leak fails it.
#   bash scripts/check/valgrind-session.sh [engine]     (default build/ccengine)
#   bash scripts/check/valgrind-session.sh --build-only (builds the default engine, runs nothing)
set -euo pipefail
cd "$(dirname "$0")/../.."
build_only=0
if [ "${1:-}" = --build-only ]; then
  build_only=1
  shift
fi
engine="${1:-build/ccengine}"
# valgrind does not decode AVX-512: where this processor has it, a -march=native build
# may use it, so a portable build is checked instead.
if grep -qw avx512f /proc/cpuinfo && [ -z "${1:-}" ]; then
  source scripts/lib/ninja.sh
  use_ninja build-portable
  cmake -S . -B build-portable -DCMAKE_BUILD_TYPE=Release -DCCENGINE_NATIVE=OFF \
    -DCCENGINE_TESTS=OFF -DCMAKE_UNITY_BUILD=ON >&2
  cmake --build build-portable -j "$(nproc)" --target ccengine >&2
  engine=build-portable/ccengine
fi
[ "$build_only" -eq 1 ] && exit 0

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
python3 scripts/check/valgrind-session.py valgrind --quiet --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
  --log-file="$log" "$engine" || status=$?
cat "$log" >&2
if [ "$status" -ne 0 ]; then
  echo "valgrind-session: failed (exit $status; 99 means valgrind found errors)" >&2
  exit 1
fi
echo "valgrind-session: clean" >&2
