#!/usr/bin/env bash
# Lists the slowest tests of a build folder's last ctest run, with their label and
# that label's budget (the TIMEOUT a test over it fails by; tests/CMakeLists.txt).
#   bash scripts/check/slowest-tests.sh [build-dir] [count]     (default build, 20)
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir="${1:-build}"
count="${2:-20}"
log="$build_dir/Testing/Temporary/LastTest.log"
if [ ! -f "$log" ]; then
  echo "slowest-tests: no $log; run ctest --test-dir $build_dir first" >&2
  exit 2
fi
# Kept aside first: ctest writes a new log even when it only lists the tests.
kept="$(mktemp)"
trap 'rm -f "$kept"' EXIT
cp "$log" "$kept"
# Each test's label and timeout, from ctest's own description of the tests.
ctest --test-dir "$build_dir" --show-only=json-v1 | python3 -c '
import json, re, sys
tests = json.load(sys.stdin)["tests"]
info = {}
for test in tests:
    properties = {p["name"]: p["value"] for p in test.get("properties", [])}
    info[test["name"]] = (",".join(properties.get("LABELS", [])) or "-",
                          properties.get("TIMEOUT", 0))
times, name = [], None
for line in open(sys.argv[1], errors="replace"):
    match = re.match(r"\d+/\d+ Testing: (.+)$", line)
    if match:
        name = match.group(1).strip()
    match = re.match(r"Test time =\s+([\d.]+) sec", line)
    if match and name:
        times.append((float(match.group(1)), name))
        name = None
times.sort(reverse=True)
print("{:>8}  {:<8} {:>6}  test".format("seconds", "label", "budget"))
for seconds, test in times[:int(sys.argv[2])]:
    label, budget = info.get(test, ("?", 0))
    print(f"{seconds:8.2f}  {label:<8} {budget:>6.0f}  {test}")
print(f"{len(times)} tests, {sum(s for s, _ in times):.1f} s in all")
' "$kept" "$count"
