#!/usr/bin/env bash
# Installs what the browser GUI and its tests need (Debian packages): websocketd (the
# WebSocket bridge of scripts/web/gui.sh), chromium with chromium-driver and
# python3-selenium (the tests in tests/web/ and scripts/web/gui-screenshots.py).
#   bash scripts/web/web-packages.sh          everything
#   bash scripts/web/web-packages.sh serve    websocketd only (enough to serve the GUI)
set -euo pipefail

packages=(websocketd chromium chromium-driver python3-selenium)
[ "${1:-}" = serve ] && packages=(websocketd)
bash "$(dirname "$0")/../lib/install-packages.sh" "${packages[@]}"
