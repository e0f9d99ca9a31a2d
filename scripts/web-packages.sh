#!/usr/bin/env bash
# Installs what the browser GUI and its tests need (Debian packages): websocketd (the
# WebSocket bridge of scripts/gui.sh), chromium with chromium-driver and
# python3-selenium (the tests in tests/web/ and scripts/gui-screenshots.py).
#   bash scripts/web-packages.sh          everything
#   bash scripts/web-packages.sh serve    websocketd only (enough to serve the GUI)
set -euo pipefail

packages=(websocketd chromium chromium-driver python3-selenium)
[ "${1:-}" = serve ] && packages=(websocketd)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "web-packages: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
