#!/usr/bin/env bash
# Builds the in-page engine (cmake/Wasm.cmake) with emscripten into build-wasm/, puts
# together the npm package `ccengine` around it (packages/js/, its README) in
# build-wasm/npm/ccengine/, and copies that where the page finds it: web/engine/ (not in
# git; the page says so when it is missing). scripts/web/npm-pack.sh packs the same folder.
# Arguments go to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/lib/install-packages.sh emscripten libfmt-dev cmake make
# Emscripten's JavaScript optimiser needs Debian's acorn, which a node.js not from Debian
# does not look for.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# A unity build, as scripts/setup.sh: a quarter of the compiler's time.
source scripts/lib/ninja.sh
use_ninja build-wasm
emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON "$@" >&2
cmake --build build-wasm -j "${CCENGINE_JOBS:-$(nproc)}" >&2

# The package: its own files, the engine's in wasm/, the project's licence, and the
# engine's version (its `id name`, CMake's project version) in place of package.json's 0.0.0.
package=build-wasm/npm/ccengine
rm -rf "$package"
mkdir -p "$package/wasm"
cp -r packages/js/. "$package/"
cp LICENSE "$package/"
cp build-wasm/ccengine.js build-wasm/ccengine.wasm build-wasm/ccengine.worker.js \
   build-wasm/ccengine-single.js build-wasm/ccengine-single.wasm "$package/wasm/"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build-wasm/CMakeCache.txt)
node -e '
  const [file, version] = process.argv.slice(1);
  const manifest = JSON.parse(require("fs").readFileSync(file, "utf8"));
  require("fs").writeFileSync(file, JSON.stringify({ ...manifest, version }, null, 2) + "\n");
' "$package/package.json" "$version"
# The page is one more user of the package.
rm -rf web/engine
cp -r "$package" web/engine
