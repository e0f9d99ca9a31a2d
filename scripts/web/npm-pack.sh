#!/usr/bin/env bash
# Packs the npm package `ccengine` (packages/js/, put together with the engine by
# scripts/web/build-wasm.sh in build-wasm/npm/ccengine/) with `npm pack`, offline, into
# build-wasm/npm/ccengine-<version>.tgz, and prints the tarball's path. The npm tests
# (tests/npm/) install it from there into an empty folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
# npm, which the npm tests use too: Debian's package where node.js came without it
# (NodeSource's node.js brings its own, and conflicts with Debian's).
command -v npm >/dev/null || bash scripts/lib/install-packages.sh npm
package=build-wasm/npm/ccengine
if [ ! -f "$package/wasm/ccengine.wasm" ]; then
  echo "npm-pack: no package in $package: run scripts/web/build-wasm.sh first" >&2
  exit 1
fi
rm -f build-wasm/npm/ccengine-*.tgz
# Its list of files and sizes goes to stderr; stdout gets the tarball's name.
name=$(npm pack --offline --pack-destination build-wasm/npm "./$package" | tail -n 1)
echo "build-wasm/npm/$name"
