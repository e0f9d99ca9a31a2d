"""The page served by scripts/web/ccengine-gui, with its limits (protocol-spec/gui.md,
"Serving the page"): it starts and plays through the launcher, and a second tab, one
engine over --max-engines, says that the server runs as many engines as it allows (and
goes on with the in-page engine).
In headless Chromium; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_serve_page.py build/ccengine"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import By, Page, chromium  # noqa: E402
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
        # No engine of the server's for it: it goes on with the in-page engine (or says that
        # that could not start either), and says why next to the board.
        note = lambda: driver.find_element(By.ID, "engine-note").get_attribute("textContent")  # noqa: E731
        second.wait_for(lambda: "runs as many engines as it allows" in note(),
                        "the second tab to say the engine limit is reached")
        assert driver.current_url == url + "?engine=in-page", driver.current_url
        print("ok   the page plays through ccengine-gui; the tab over --max-engines 1 says:", note())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
