#!/usr/bin/env bash
# Installs what is missing, builds, and starts the engine on this terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec build/ccengine "$@"
