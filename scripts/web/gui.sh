#!/usr/bin/env bash
# Serves the browser GUI (web/) of this checkout and bridges each WebSocket connection
# to its own build/ccengine process with websocketd, one protocol line per message.
#   bash scripts/web/gui.sh [--port N] [--address A] [--allow-origin O] [--max-engines N] ...
# Default: port 8080 on 127.0.0.1. Builds the engine first (scripts/setup.sh), then runs
# scripts/web/ccengine-gui (the installed launcher: its --help lists the limits it sets on
# origins, engines, Hash, Threads, MultiPV and search time, and --live FILE, which
# relays a ccmatch run's live feed to the page's Watch view) until interrupted.
set -euo pipefail
cd "$(dirname "$0")/../.."

for argument in "$@"; do
  case "$argument" in
    -h|--help) sed -n '2,8p' "$0"; echo; bash scripts/web/ccengine-gui --help; exit 0 ;;
  esac
done

dpkg -s websocketd >/dev/null 2>&1 || bash scripts/web/web-packages.sh serve
# A first run installs and builds the programs (scripts/setup.sh --programs); later runs
# bring build/ccengine up to date.
if [ -f build/CMakeCache.txt ]; then
  cmake --build build --target ccengine -j "$(nproc)" >&2
else
  bash scripts/setup.sh --programs
fi

exec bash scripts/web/ccengine-gui --engine build/ccengine --page web "$@"
