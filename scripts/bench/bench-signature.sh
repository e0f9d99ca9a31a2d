#!/usr/bin/env bash
# Prints an engine binary's bench signature (the node count of `bench`) and its md5, the
# two facts that name a build before a match.
#   bash scripts/bench/bench-signature.sh ENGINE
set -euo pipefail
engine=${1:?usage: bench-signature.sh ENGINE}
nodes=$("$engine" bench 2>/dev/null | awk '$1 == "bench" && $2 == "nodes" { n = $3 } END { print n }')
echo "bench $nodes md5 $(md5sum <"$engine" | cut -c1-12)"
