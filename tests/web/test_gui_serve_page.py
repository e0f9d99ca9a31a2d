"""The page served by scripts/ccengine-gui, with its limits (protocol-spec/gui.md,
"Serving the page"): it starts and plays through the launcher, and a second tab, one
engine over --max-engines, says that the server runs as many engines as it allows.
In headless Chromium; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_serve_page.py build/ccengine"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Page, chromium  # noqa: E402
from serving import launcher  # noqa: E402


def main(engine_binary):
    with launcher(engine_binary, "--max-engines", "1") as (url, _, _page), chromium() as driver:
        first = Page(driver, url)
        first.open()  # the page starts: handshake, rules, a new game
        first.move("m3", "m5")
        first.wait_ply(1)
        driver.switch_to.new_window("tab")
        second = Page(driver, url)
        driver.get(url)
        second.wait_for(lambda: "runs as many engines as it allows" in second.text("connection-status"),
                        "the second tab to say the engine limit is reached")
        print("ok   the page plays through ccengine-gui; the tab over --max-engines 1 says:",
              second.text("connection-status"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
