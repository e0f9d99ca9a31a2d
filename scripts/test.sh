#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test and check (what CI runs):
# the test suite, the static checks, the suite again under sanitizers, a valgrind
# session and a bounded fuzzing run. CONTRIBUTING.md (Tests and checks) says what
# each stage covers and what it takes. The developer loop is `ctest --test-dir build -L fast`.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { echo "test: $1 ($((SECONDS - started)) s in)" >&2; }

# Every package first: configuring build/ looks for the tests' programs (node.js for the
# in-page engine's test), and a program installed after it would go unseen.
step "packages"
# The checks' tools; the browser GUI's tests (tests/web/) need Chromium, its driver,
# Selenium and websocketd.
bash scripts/lib/install-packages.sh clang clang-format clang-tidy valgrind strace libclang-rt-14-dev
bash scripts/web/web-packages.sh
# The Debian package's library dependencies (dpkg-shlibdeps, and `file`, which cpack
# runs on the programs first) and the man page check.
bash scripts/lib/install-packages.sh dpkg-dev file man-db
# The shards-over-ssh test runs its own sshd on 127.0.0.1; parallel moves files by rsync.
bash scripts/lib/install-packages.sh openssh-server rsync
# The in-page engine's compiler, and node.js, which runs its test.
bash scripts/lib/install-packages.sh emscripten nodejs

step "build"
bash scripts/setup.sh -DCCENGINE_WERROR=ON

# The in-page engine (web/engine/), for its test (tests/wasm/): about two minutes on one core.
step "wasm build"
bash scripts/web/build-wasm.sh

# The npm package around it (build-wasm/npm/ccengine-<version>.tgz), which the npm tests
# install into an empty folder.
step "npm pack"
bash scripts/web/npm-pack.sh

step "format check"
bash scripts/check/check-format.sh
step "test suite"
ctest --test-dir build --output-on-failure -j "$(nproc)"
bash scripts/check/slowest-tests.sh build 20 >&2
step "Debian package"
rm -f build/ccengine_*.deb
(cd build && cpack -G DEB >&2)
dpkg-deb --info build/ccengine_*.deb
dpkg-deb --contents build/ccengine_*.deb
# The package carries the licence: LICENSE and Debian's copyright file (DEP-5).
deb_root="$(mktemp -d)"
dpkg-deb -x build/ccengine_*.deb "$deb_root"
bash tests/licence_check.sh "$deb_root/usr/share/doc/ccengine"
rm -rf "$deb_root"
step "clang-tidy"
bash scripts/check/check-tidy.sh
step "sanitizers"
bash scripts/check/test-sanitizers.sh address thread
# valgrind's session and each fuzz target run on one core apiece: the valgrind session
# beside one fuzz target, then the other targets side by side.
step "valgrind session and fuzzing"
bash scripts/fuzz/fuzz.sh --build-only
bash scripts/check/valgrind-session.sh --build-only
bash scripts/check/valgrind-session.sh >build/valgrind-session.log 2>&1 &
valgrind_job=$!
FUZZ_JOBS=$(( $(nproc) > 1 ? $(nproc) - 1 : 1 )) bash scripts/fuzz/fuzz.sh 60 || fuzz_status=$?
valgrind_status=0
wait "$valgrind_job" || valgrind_status=$?
cat build/valgrind-session.log >&2
[ "$valgrind_status" -eq 0 ] || exit "$valgrind_status"
[ "${fuzz_status:-0}" -eq 0 ] || exit "$fuzz_status"
step "all passed"
