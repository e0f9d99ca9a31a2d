#!/usr/bin/env bash
# Serves the browser GUI (web/) and bridges each WebSocket connection to its own
# build/ccengine process with websocketd, one protocol line per message.
#   bash scripts/gui.sh [--port N] [--address A]
# Default: port 8080 on 127.0.0.1. Builds the engine first (scripts/setup.sh); runs
# until interrupted.
set -euo pipefail
cd "$(dirname "$0")/.."

port=8080
address=127.0.0.1
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --address) address="$2"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "gui.sh: unknown argument '$1' (use --port N, --address A)" >&2; exit 2 ;;
  esac
done

dpkg -s websocketd >/dev/null 2>&1 || bash scripts/web-packages.sh serve
# A first run installs and builds everything (scripts/setup.sh); later runs bring
# build/ccengine up to date.
if [ -f build/CMakeCache.txt ]; then
  cmake --build build --target ccengine -j "$(nproc)" >&2
else
  bash scripts/setup.sh
fi

host="$address"
[[ "$host" == *:* ]] && host="[$host]"
echo "ccengine GUI: http://$host:$port/  (Ctrl-C to stop)"
# --loglevel=error: websocketd's access log would fill the terminal with every request.
exec websocketd --port="$port" --address="$address" --staticdir=web --loglevel=error build/ccengine
