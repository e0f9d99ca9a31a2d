#!/usr/bin/env bash
# Installs what is missing (Debian packages), then configures and builds ccengine
# into build/ (a unity build): everything, or with --programs only ccengine, ccmatch and
# the Python module (what scripts/run.sh starts, and the package python/README.md shows;
# the test suite is most of the build). Further arguments go to
# cmake's configure step. Compiler outputs are cached by ccache (cmake/Ccache.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
if [ "${1:-}" = --programs ]; then
  targets=(--target ccengine ccmatch ccengine_python)
  shift
fi

# The Python module: pybind11 and Debian's python3 headers; numpy for its arrays, pytest
# for its tests.
packages=(g++ cmake make ccache libboost-program-options-dev libfmt-dev libgtest-dev libgmock-dev
  python3 parallel python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest)
bash scripts/lib/install-packages.sh "${packages[@]}"

# A unity build: batches of files compiled as one parse each header once, a quarter of
# the compiler's time (clang-tidy compiles every file on its own: scripts/check/check-tidy.sh).
source scripts/lib/ninja.sh
use_ninja build
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON "$@" >&2
cmake --build build -j "$(nproc)" "${targets[@]}" >&2
