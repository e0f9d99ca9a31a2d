"""The page with the in-page engine (the WebAssembly build, scripts/build-wasm.sh) on a
plain static file server, no engine server (protocol-spec/gui.md, "The in-page engine"):
the page finds no server's engine and points at the in-page engine, makes itself
cross-origin isolated, says which engine it plays with, plays a person against it, and
the engine's `go infinite` leaves the page working until Move now stops it. Then, the
server gone, the page starts again from its service worker's copies and goes on with
the game. In headless Chromium; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_in_page.py"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import WAIT_SECONDS, Page, chromium  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from serving import REPO, free_port, running  # noqa: E402


def main():
    web = os.path.join(REPO, "web")
    if not os.path.exists(os.path.join(web, "engine", "ccengine.wasm")):
        print("no in-page engine in web/engine/: build it with bash scripts/build-wasm.sh")
        return 1
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    static_server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", web, str(port)]
    with chromium() as driver:
        page = Page(driver, url)
        with running(static_server, url, WAIT_SECONDS):
            # By default the page looks for its server's engine: none here, so it says so and
            # points at the in-page engine, whose link starts the page with it.
            driver.get(url)
            page.wait_for(lambda: page.errors(), "the page to say that no engine answers")
            assert "in-page engine" in page.errors()[0], page.errors()
            driver.find_element(By.ID, "engine-switch").click()
            page.wait_for(lambda: page.body("ready") == "true", "the page to start with the in-page engine")
            assert driver.current_url == url + "?engine=in-page", driver.current_url
            assert driver.execute_script("return window.crossOriginIsolated"), "the page is not isolated"
            status = page.text("connection-status")
            assert "in-page engine" in status, status
            assert page.text("engine-switch") == "Play with the server's engine", page.text("engine-switch")
            page.move("m3", "m5")
            page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
            print("ok   a person and the in-page engine played:", page.text("move-list"))

            page.new_game(seats={1: ("engine", "infinite", 0, 20), 2: "person"})
            time_ms = lambda: driver.find_element(By.CSS_SELECTOR, "#thinking-text [data-field=time]").text  # noqa: E731
            page.wait_for(lambda: time_ms().split()[0].isdigit() and int(time_ms().split()[0]) >= 1500,
                          "1.5 s of thinking", seconds=120)
            assert page.body("ply") == "0"
            page.click("move-now")
            page.wait_for(lambda: page.body("ply") == "1" and page.body("turn") == "person",
                          "the stopped search's move")
            assert not page.errors(), page.errors()
            played = page.text("move-list")
            print("ok   go infinite thought without blocking the page; Move now stopped it:", played)
        # The server has ended: nothing answers on its port.
        page.open("?engine=in-page", keep_saved=True)
        assert "in-page engine" in page.text("connection-status"), page.text("connection-status")
        assert page.text("move-list") == played, page.text("move-list")
        print("ok   offline, the page started from its copies and went on with the game:", played)
    return 0


if __name__ == "__main__":
    sys.exit(main())
