#!/usr/bin/env bash
# Shows that the caches the checks keep outside the clone cannot lie: in a scratch copy
# of the repository, with caches of its own,
#   ccache (cmake/Ccache.cmake): a rebuild from an empty build folder is served from the
#     cache, and so is a copy of the clone elsewhere (unity batches with debug
#     information too); no compile command carries the clone's path where ccache would
#     hash it; an edited header is compiled again; so is every file once -march=native
#     means another processor;
#   clang-tidy's verdicts (scripts/check/check-tidy.py): a clean file is served from the cache;
#     an edited header or .clang-tidy checks it again; a finding is never cached.
#   bash scripts/check/test-caches.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d "${TMPDIR:-/tmp}/ccengine-caches.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
failures=0
expect() {  # expect <what> <wanted> <got>
  if [ "$2" = "$3" ]; then
    echo "test-caches: ok: $1 ($3)"
  else
    echo "test-caches: FAILED: $1: wanted $2, got $3" >&2
    failures=$((failures + 1))
  fi
}

repo=$scratch/repo
mkdir -p "$repo"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$repo"
export CCACHE_DIR=$scratch/ccache
build() { cmake --build "$repo/build" --target cc_util -j "$(nproc)" >/dev/null; }
# ccache's count of compilations it did not find, since the last zeroing.
misses() { ccache --print-stats | awk -F'\t' '$1 == "cache_miss" { print $2 }'; }
hits() {
  ccache --print-stats | awk -F'\t' '$1 ~ /^(direct|preprocessed)_cache_hit$/ { n += $2 } END { print n + 0 }'
}
compiled=$(cd "$repo" && ls src/util/*.cpp | wc -l)

cmake -S "$repo" -B "$repo/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
if ! grep -q ccache "$repo/build/CMakeCache.txt"; then
  echo "test-caches: the build does not use ccache (is it installed?)" >&2
  exit 1
fi
ccache -z >/dev/null
build
expect "a first build compiles every file" "$compiled" "$(misses)"
find "$repo/build/src" -name "*.o" -delete
ccache -z >/dev/null
build
expect "the same build again is served from the cache" "$compiled 0" "$(hits) $(misses)"
# A clone elsewhere hits what this one left, also in unity batches with debug information
# (the sanitized builds): no path of the clone reaches the compiled code.
elsewhere=$scratch/elsewhere/deeper/clone
mkdir -p "$elsewhere"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$elsewhere"
unity=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O0 -DCMAKE_CXX_FLAGS=-g
  -DCMAKE_UNITY_BUILD=ON -DCCENGINE_TESTS=OFF)
cmake -S "$repo" -B "$repo/build-unity" "${unity[@]}" >/dev/null
ccache -z >/dev/null
cmake --build "$repo/build-unity" --target cc_core -j "$(nproc)" >/dev/null
batches=$(misses)
cmake -S "$elsewhere" -B "$elsewhere/build-unity" "${unity[@]}" >/dev/null
ccache -z >/dev/null
cmake --build "$elsewhere/build-unity" --target cc_core -j "$(nproc)" >/dev/null
expect "a clone elsewhere, unity batches with debug information" "$batches 0" "$(hits) $(misses)"
[ "$batches" -gt 1 ] || expect "unity batches compiled in the first clone" "more than 1" "$batches"
# ccache takes the clone's path out of the arguments that are paths (CCACHE_BASEDIR) and
# out of -fdebug-prefix-map; anywhere else in a command (a -D value) it would stay in
# the key, and every clone would compile afresh.
stray=$(python3 - "$repo" "$repo/build/compile_commands.json" <<'PY'
import json, shlex, sys
root, commands = sys.argv[1], json.load(open(sys.argv[2]))
for entry in commands:
    for argument in shlex.split(entry["command"]):
        if root in argument and not argument.startswith(
                (root, "-I" + root, "-fdebug-prefix-map=" + root)):
            print(entry["file"].replace(root, "."), argument.replace(root, "<clone>"))
            break
PY
)
expect "compile commands that carry the clone's path beyond what ccache rewrites" "" "$stray"
# Not a comment: ccache's preprocessed mode rightly serves an edit the compiler never sees.
echo "inline int cacheProbe() { return 1; }" >>"$repo/src/util/text.h"
ccache -z >/dev/null
build
[ "$(misses)" -ge 1 ] && edited=compiled || edited="served from the cache"
expect "a file including an edited header" compiled "$edited"
if [ -f "$repo/build/ccache-march-native.txt" ]; then
  # What -march=native means on another processor.
  echo "-march=another-processor" >>"$repo/build/ccache-march-native.txt"
  find "$repo/build/src" -name "*.o" -delete
  ccache -z >/dev/null
  build
  expect "every file once -march=native means another processor" "$compiled" "$(misses)"
fi

tidy() {
  (cd "$repo" && python3 scripts/check/check-tidy.py --cache-dir "$scratch/tidy" src/util/text.cpp 2>&1 |
    tail -n 1)
}
verdict() { tidy | sed -E 's/^check-tidy: (.*)$/\1/'; }
expect "clang-tidy on a cold cache" "1 files, 1 checked, 0 clean in the cache" "$(verdict)"
expect "clang-tidy again" "1 files, 0 checked, 1 clean in the cache" "$(verdict)"
echo "// another edit" >>"$repo/src/util/text.h"
expect "clang-tidy after a header's edit" "1 files, 1 checked, 0 clean in the cache" "$(verdict)"
echo "# an edit" >>"$repo/.clang-tidy"
expect "clang-tidy after .clang-tidy's edit" "1 files, 1 checked, 0 clean in the cache" "$(verdict)"
# performance-unnecessary-value-param: a string copied only to be read.
printf '\nnamespace cc {\nsize_t cacheProbe(std::string text) { return text.size(); }\n}\n' \
  >>"$repo/src/util/text.cpp"
expect "a finding" "findings above in 1 files" "$(verdict)"
expect "the same finding again, not cached" "findings above in 1 files" "$(verdict)"

[ "$failures" -eq 0 ] || exit 1
echo "test-caches: every cache missed where it had to"
