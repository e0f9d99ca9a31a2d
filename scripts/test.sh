#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test and check (what CI runs):
# the test suite, the static checks, the suite again under sanitizers, a valgrind
# session and a bounded fuzzing run. The developer loop is
# `ctest --test-dir build -L fast`.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { echo "test: $1 ($((SECONDS - started)) s in)" >&2; }

step "build"
bash scripts/setup.sh -DCCENGINE_WERROR=ON
# The checks' tools; the browser GUI's tests (tests/web/) need Chromium, its driver,
# Selenium and websocketd.
bash scripts/install-packages.sh clang clang-format clang-tidy valgrind libclang-rt-14-dev
bash scripts/web-packages.sh
# The Debian package's library dependencies (dpkg-shlibdeps) and the man page check.
bash scripts/install-packages.sh dpkg-dev man-db
# The shards-over-ssh test runs its own sshd on 127.0.0.1; parallel moves files by rsync.
bash scripts/install-packages.sh openssh-server rsync

step "format check"
bash scripts/check-format.sh
step "test suite"
ctest --test-dir build --output-on-failure -j "$(nproc)"
step "Debian package"
rm -f build/ccengine_*.deb
(cd build && cpack -G DEB >&2)
dpkg-deb --info build/ccengine_*.deb
dpkg-deb --contents build/ccengine_*.deb
step "clang-tidy"
bash scripts/check-tidy.sh build
step "valgrind session"
bash scripts/valgrind-session.sh
step "sanitizers"
bash scripts/test-sanitizers.sh address thread
step "fuzzing"
bash scripts/fuzz.sh 60
step "all passed"
