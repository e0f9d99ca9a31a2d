#!/usr/bin/env bash
# Installs what is missing (Debian packages), then configures and builds ccengine
# into build/. Extra arguments go to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make libboost-program-options-dev libfmt-dev libgtest-dev libgmock-dev python3 parallel)
bash scripts/install-packages.sh "${packages[@]}"

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >&2
cmake --build build -j "$(nproc)" >&2
