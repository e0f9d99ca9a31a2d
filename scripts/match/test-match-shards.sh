#!/usr/bin/env bash
# Checks the GNU parallel recipe (scripts/match/match-shards.sh): 3 shards run by parallel and
# merged give the same JSON totals and records as one run with the same seed.
#
#   scripts/match/test-match-shards.sh CCMATCH FAKE_ENGINE
set -euo pipefail
ccmatch=$1 fake=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=(-engine "cmd=$fake --seed 3" name=A -engine "cmd=$fake --seed 4 --mode resign --at 50"
      name=B -each tc=10+0.1 -rules movelimit=30 -rounds 6 -openings plies=2 -srand 11)
"$ccmatch" "${args[@]}" -pgnout "$work/one.pgn" > /dev/null
"$ccmatch" -merge "$work/one.pgn" -results "$work/one.json" -pgnout "$work/one-sorted.pgn" > /dev/null
bash "$(dirname "$0")/match-shards.sh" 3 2 "$work/shards" "$ccmatch" "${args[@]}" > /dev/null
diff "$work/one.json" "$work/shards/results.json"
# The records agree but for the date, the measured move times and the engines'
# processes (ids and memory differ from run to run).
diff <(grep -v -e '^\[Date ' -e '^\[MoveTimes ' -e '^\[Process' "$work/one-sorted.pgn") \
  <(grep -v -e '^\[Date ' -e '^\[MoveTimes ' -e '^\[Process' "$work/shards/all.pgn")
grep -q '"games": 12,' "$work/one.json"
echo "3 shards under GNU parallel merge to the totals of one run"
