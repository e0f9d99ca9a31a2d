#!/usr/bin/env bash
# Runs clang-tidy with the repository's .clang-tidy over every C++ source file, using
# the compile commands of a configured build folder (default build/). Any finding
# fails the check. Files found clean before, with nothing they depend on changed, are
# taken from a cache (scripts/check-tidy.py says what the key holds); CCENGINE_TIDY_CACHE=off
# checks every file again.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${1:-build}"
cache=()
[ "${CCENGINE_TIDY_CACHE:-on}" = off ] && cache=(--no-cache)
exec python3 scripts/check-tidy.py --build-dir "$build_dir" "${cache[@]}"
