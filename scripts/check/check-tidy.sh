#!/usr/bin/env bash
# Runs clang-tidy with the repository's .clang-tidy over every C++ source file; any
# finding fails the check. Each file is compiled on its own, as its compile command in
# build-tidy/ says (configured here, never built: the builds in build/ are unity builds,
# whose compile commands name batches of files), so a file that does not compile alone
# fails here too. Files found clean before, with nothing they depend on changed, are
# taken from a cache (scripts/check/check-tidy.py says what the key holds);
# CCENGINE_TIDY_CACHE=off checks every file again.
#   bash scripts/check/check-tidy.sh [build-dir]    (a configured non-unity build folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir="${1:-}"
if [ -z "$build_dir" ]; then
  build_dir=build-tidy
  source scripts/lib/ninja.sh
  use_ninja "$build_dir"
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=OFF \
    -DCCENGINE_WERROR=ON >/dev/null
fi
cache=()
[ "${CCENGINE_TIDY_CACHE:-on}" = off ] && cache=(--no-cache)
exec python3 scripts/check/check-tidy.py --build-dir "$build_dir" "${cache[@]}"
