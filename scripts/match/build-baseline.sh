#!/usr/bin/env bash
# Builds the engine and ccmatch of a named commit into their own folder, so a match's
# baseline is always a known build (a wrong baseline once cost days), and prints the
# commit and its bench signature.
#   bash scripts/match/build-baseline.sh COMMIT [DIR]
# DIR defaults to baselines/<short hash>/; the binaries are DIR/build/ccengine and
# DIR/build/ccmatch. An existing build of the same commit is reused.
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=$(git rev-parse --verify "${1:?usage: build-baseline.sh COMMIT [DIR]}^{commit}")
dir=${2:-baselines/${commit:0:10}}
if [ ! -x "$dir/build/ccengine" ] || [ "$(cat "$dir/COMMIT" 2>/dev/null)" != "$commit" ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    git archive "$commit" | tar -x -C "$dir"
    cmake -S "$dir" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release -DCCENGINE_TESTS=OFF >&2
    cmake --build "$dir/build" -j "$(nproc)" --target ccengine ccmatch >&2
    echo "$commit" >"$dir/COMMIT"
fi
echo "baseline $commit $(bash scripts/bench/bench-signature.sh "$dir/build/ccengine")"
echo "$dir/build/ccengine"
