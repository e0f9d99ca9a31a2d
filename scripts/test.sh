#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The browser GUI's tests (tests/web/) need Chromium, its driver, Selenium and websocketd.
bash scripts/web-packages.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"

# The portable build (no -march=native) compiles the move generator's other short-hop
# path: run the unit, rule, perft and protocol tests against it too.
cmake -S . -B build-portable -DCMAKE_BUILD_TYPE=Release -DCCENGINE_NATIVE=OFF >&2
cmake --build build-portable -j "$(nproc)" >&2
build-portable/tests/ccengine_tests --gtest_brief=1

