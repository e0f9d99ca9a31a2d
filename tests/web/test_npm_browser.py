"""The npm package in headless Chromium: installed from its tarball into an empty
folder and loaded by a blank page through its Web Worker (npm_page.py). Served with the
cross-origin isolation headers, the engine runs on its threads: it answers readyok,
plays a legal move at 3 players, answers isready and stop during `go infinite`, and
quits. Run by ctest (tests/CMakeLists.txt):
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
        assert not any(line.startswith("error") for line in found["said"]), found["said"]
        print(f"ok   isolated: readyok after {found['readyMs']:.0f} ms, bestmove {found['bestmove']} "
              f"(depth {found['depth']}), stopped go infinite with {found['stopped']}, quit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
