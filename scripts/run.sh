#!/usr/bin/env bash
# Installs what is missing, builds the engine and ccmatch (not the test suite), and
# starts the engine on this terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --programs
exec build/ccengine "$@"
