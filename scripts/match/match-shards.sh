#!/usr/bin/env bash
# Plays one ccmatch as SHARDS shards with GNU parallel and merges them
# (protocol-spec/match.md, "Shards"). Shard i writes OUTDIR/shard-i.pgn and its log;
# the merged totals go to OUTDIR/results.json, the records sorted by game to
# OUTDIR/all.pgn. Extra GNU parallel options (e.g. --sshlogin for other hosts) come
# from $PARALLEL_OPTIONS.
#
#   scripts/match/match-shards.sh SHARDS JOBS OUTDIR CCMATCH <ccmatch match arguments...>
set -euo pipefail
if [ $# -lt 5 ]; then
  echo "usage: $0 SHARDS JOBS OUTDIR CCMATCH <ccmatch match arguments...>" >&2
  exit 1
fi
shards=$1 jobs=$2 outdir=$3 ccmatch=$4
shift 4
mkdir -p "$outdir"
rm -f "$outdir"/shard-*.pgn
# -q keeps the match arguments as they are (no second round of shell splitting).
# shellcheck disable=SC2086
parallel ${PARALLEL_OPTIONS:-} --jobs "$jobs" --halt now,fail=1 -q \
  "$ccmatch" "$@" -shard "{}/$shards" -pgnout "$outdir/shard-{}.pgn" ::: $(seq "$shards") \
  > "$outdir/shards.log"
"$ccmatch" -merge "$outdir"/shard-*.pgn -results "$outdir/results.json" -pgnout "$outdir/all.pgn"
