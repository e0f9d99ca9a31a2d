"""The npm package in headless Chromium: installed from its tarball into an empty
folder and loaded by a blank page through its Web Worker (npm_page.py). Served with the
cross-origin isolation headers, the engine runs on its threads: it answers readyok,
plays a legal move at 3 players, answers isready and stop during `go infinite`, and
quits. Served without them, it falls back to its one-thread build, says so in its first
line (an `info string`), sets Threads 2 to 1 (saying so too), and plays a legal move. Run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_npm_browser.py"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import WAIT_SECONDS, chromium  # noqa: E402
from npm_page import installed_page, outcome, serving  # noqa: E402


def main():
    folder = installed_page()
    with chromium() as driver, serving(folder, isolated=True) as url:
        found = outcome(driver, url, WAIT_SECONDS)
        assert "error" not in found, found
        assert found["isolated"] and found["threads"], found
        assert found["bestmove"] in found["legal"], found
        assert found["depth"] >= 1, found
        assert found["stopped"] in found["legal"], found
        assert found["ended"] == "the engine ended its session", found
        assert not any(line.startswith(("error", "info string Threads")) for line in found["said"]), found["said"]
        print(f"ok   isolated: readyok after {found['readyMs']:.0f} ms, bestmove {found['bestmove']} "
              f"(depth {found['depth']}), stopped go infinite with {found['stopped']}, quit")
    with chromium() as driver, serving(folder, isolated=False) as url:
        found = outcome(driver, url, WAIT_SECONDS)
        assert "error" not in found, found
        assert not found["isolated"] and not found["threads"], found
        assert found["said"][0].startswith("info string one thread: no SharedArrayBuffer here"), found["said"]
        assert "info string Threads 2 is above this server's limit: set to 1" in found["said"], found["said"]
        assert found["bestmove"] in found["legal"], found
        assert found["ended"] == "the engine ended its session", found
        assert not any(line.startswith("error") for line in found["said"]), found["said"]
        print(f"ok   not isolated: {found['said'][0]}; readyok after {found['readyMs']:.0f} ms, "
              f"bestmove {found['bestmove']} (depth {found['depth']}), quit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
