#!/usr/bin/env bash
# A match of this checkout's engine against the engine of a named commit: builds the
# baseline with build-baseline.sh, prints both bench signatures before the first game,
# then runs ccmatch with the two engines first (new, then base) and the rest of the
# arguments as given.
#   bash scripts/match/match-baseline.sh COMMIT [ccmatch arguments...]
# e.g. bash scripts/match/match-baseline.sh ff7a1b0 -each st=0.1 -games 2 -rounds 200 \
#          -openings plies=4 -srand 5 -concurrency 1 -results r.json
# BASELINE_DIR overrides where the baseline is built (default baselines/<hash>);
# NEW_OPTIONS adds words to the new engine's -engine (e.g. "option.RacePath=/path/file");
# NEW_ENGINE plays a copy of this checkout's engine instead of build/ccengine, so that a
# rebuild during a long match does not change the engine between games (its signature
# is printed; the commit printed is this checkout's).
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:?usage: match-baseline.sh COMMIT [ccmatch arguments...]}
shift
[ -x build/ccengine ] && [ -x build/ccmatch ] || bash scripts/setup.sh --programs >&2
mapfile -t built < <(bash scripts/match/build-baseline.sh "$commit" ${BASELINE_DIR:+"$BASELINE_DIR"})
base=${built[1]}
new_engine=$(realpath "${NEW_ENGINE:-build/ccengine}")
echo "new  $(git rev-parse HEAD)$(git diff --quiet HEAD || echo '+dirty') $(bash scripts/bench/bench-signature.sh "$new_engine")"
echo "${built[0]}"
read -ra new_options <<<"${NEW_OPTIONS:-}"
build/ccmatch -engine "cmd=$new_engine" name=new "${new_options[@]}" \
    -engine "cmd=$(realpath "$base")" name=base "$@"
