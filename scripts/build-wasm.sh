#!/usr/bin/env bash
# Builds the in-page engine (cmake/Wasm.cmake) with emscripten into build-wasm/ and
# copies its files where the page finds them: web/engine/ (not in git; the page says
# so when they are missing). Arguments go to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-packages.sh emscripten libfmt-dev cmake make
# Emscripten's JavaScript optimiser needs Debian's acorn, which a node.js not from Debian
# does not look for.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# A unity build, as scripts/setup.sh: a quarter of the compiler's time.
source scripts/ninja.sh
use_ninja build-wasm
emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON "$@" >&2
cmake --build build-wasm -j "${CCENGINE_JOBS:-$(nproc)}" >&2
mkdir -p web/engine
cp build-wasm/ccengine.js build-wasm/ccengine.wasm build-wasm/ccengine.worker.js web/engine/
