#!/usr/bin/env bash
# Runs clang-tidy with the repository's .clang-tidy over every C++ source file, using
# the compile commands of a configured build folder (default build/). Any finding
# fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${1:-build}"
if [ ! -f "$build_dir/compile_commands.json" ]; then
  echo "check-tidy: no $build_dir/compile_commands.json; configure the build first" >&2
  exit 2
fi
mapfile -t files < <(git ls-files 'src/*.cpp' 'tests/*.cpp')
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# One file per clang-tidy process, as many at once as there are cores.
if ! printf '%s\n' "${files[@]}" |
    xargs -P "$(nproc)" -n 1 clang-tidy -p "$build_dir" --quiet --warnings-as-errors='*' \
      >"$log" 2>&1; then
  grep -E "(warning|error):" "$log" | sort -u >&2 || cat "$log" >&2
  echo "check-tidy: findings above" >&2
  exit 1
fi
echo "check-tidy: ${#files[@]} files clean" >&2
