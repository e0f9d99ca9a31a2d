"""The page with the in-page engine (the npm package ccengine in web/engine/, put together
by scripts/web/build-wasm.sh) on a plain static file server, no engine server (protocol-spec/gui.md, "The in-page engine"):
the page finds no server's engine and goes on with the in-page engine by itself, saying
so next to the board, makes itself cross-origin isolated (and stays so on a person's first reload), says which engine it plays
with, plays a person against it, and the engine's `go infinite` leaves the page working
until Move now stops it. Then, the server gone, the page starts again from its service
worker's copies and goes on with the game. Last, copies of the page whose in-page
engine cannot load (no engine files; no worker script) say so next to the board and
offer the server's engine, and a browser without service workers plays on the
one-thread build and says so. In headless Chromium; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_in_page.py"""

import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import WAIT_SECONDS, Page, chromium  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from serving import REPO, free_port, running  # noqa: E402


def main():
    web = os.path.join(REPO, "web")
    if not os.path.exists(os.path.join(web, "engine", "wasm", "ccengine.wasm")):
        print("no in-page engine in web/engine/: build it with bash scripts/web/build-wasm.sh")
        return 1
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    static_server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", web, str(port)]
    with chromium() as driver:
        page = Page(driver, url)
        with running(static_server, url, WAIT_SECONDS):
            # By default the page looks for its server's engine: none here, so it goes on
            # with the in-page engine by itself and says so next to the board. On a
            # 1366x768 laptop.
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False})
            driver.get(url)
            page.wait_for(lambda: page.body("ready") == "true" or page.errors(),
                          "the page to start with the in-page engine by itself")
            assert page.body("ready") == "true", page.errors()
            assert driver.current_url == url + "?engine=in-page", driver.current_url
            note = driver.find_element(By.ID, "engine-note")
            assert note.is_displayed() and "no engine server here" in note.text and "in-page engine" in note.text, \
                note.text
            # Why, folded after the line: the server's reason.
            assert "serves files only" in note.get_attribute("textContent"), note.get_attribute("textContent")
            # The normal case on a static host: a quiet line, not a warning box, and no
            # link that would only show it again (the Engine panel links to the server's).
            assert not note.find_elements(By.TAG_NAME, "a"), note.get_attribute("innerHTML")
            look = driver.execute_script("const style = getComputedStyle(arguments[0]);"
                                         "return [style.backgroundColor, style.borderLeftStyle];", note)
            assert look == ["rgba(0, 0, 0, 0)", "none"], look
            # The game's buttons on the laptop's first screen, the note notwithstanding.
            below = driver.execute_script(
                "return ['pass', 'resign', 'take-back', 'hint', 'pause']"
                ".filter((id) => document.getElementById(id).getBoundingClientRect().bottom > innerHeight);")
            assert below == [], f"below the first screen at 1366x768: {below}"
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            print("ok   no server's engine: the page went on with the in-page engine and said quietly:",
                  note.get_attribute("textContent"))
            assert driver.execute_script("return window.crossOriginIsolated"), "the page is not isolated"
            # A person's first reload after that first visit (in Chromium its reload was
            # once loaded past the service worker, and the page hung at "connecting").
            driver.refresh()
            page.wait_for(lambda: page.body("ready") == "true" or page.errors(), "the page to start after a reload",
                          seconds=20)
            assert not page.errors(), page.errors()
            assert driver.execute_script("return window.crossOriginIsolated"), "not isolated after the reload"
            print("ok   the first reload after the first visit started the page, isolated")
            hash_guard(driver)
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
        broken_engines(driver, web)
    one_thread(web)
    return 0


def one_thread(web):
    """A browser without service workers (as over http:// to an address other than
    localhost) cannot isolate the page: the in-page engine plays on its one-thread build,
    and the page says so quietly next to the board and in the header."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    static_server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", web, str(port)]
    with chromium() as driver, running(static_server, url, WAIT_SECONDS):
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": "delete Navigator.prototype.serviceWorker;"})
        page = Page(driver, url)
        driver.get(url)
        page.wait_for(lambda: page.body("ready") == "true" or page.errors(), "the page to start on one thread")
        assert page.body("ready") == "true" and not page.errors(), page.errors()
        assert not driver.execute_script("return window.crossOriginIsolated")
        assert "in-page engine (WebAssembly, in this browser, one thread)" in page.text("connection-status"), \
            page.text("connection-status")
        note = driver.find_element(By.ID, "engine-note")
        assert note.is_displayed() and "one thread" in note.text, note.text
        page.move("m3", "m5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        assert not page.errors(), page.errors()
        print("ok   without a service worker the in-page engine played on one thread:", page.text("move-list"))


# A session of the page's in-page engine of its own: its Hash option, a Hash near
# WebAssembly's 2 GB (2047 MB ended the engine), then a search.
HASH_SESSION_JS = """
    const done = arguments[arguments.length - 1];
    import('./js/in-page-engine.js').then(({ InPageEngineSocket }) => {
      const socket = new InPageEngineSocket();
      const lines = [];
      const finish = (ended) => { socket.onclose = null; socket.close(); done({ lines, ended }); };
      socket.onmessage = ({ data }) => {
        lines.push(data);
        if (data.startsWith('bestmove')) finish(null);
      };
      socket.onclose = (event) => finish(event.reason);
      socket.onopen = () => {
        socket.send('cci');
        socket.send('setoption name Hash value 2047');
        socket.send('isready');
        socket.send('go depth 3');
      };
    }).catch((error) => done({ lines: [], ended: String(error) }));"""


def hash_guard(driver):
    """The in-page engine offers only the Hash that fits its 2 GB of memory, and a Hash
    above it is lowered to it with a word: the engine goes on."""
    driver.set_script_timeout(WAIT_SECONDS)
    session = driver.execute_async_script(HASH_SESSION_JS)
    assert session["ended"] is None, session
    option = [line for line in session["lines"] if line.startswith("option name Hash ")]
    assert option == ["option name Hash type spin default 16 min 1 max 1024"], option
    assert "info string Hash 2047 is above the in-page engine's limit (its memory is at most 2 GB): set to 1024" \
        in session["lines"], session["lines"]
    assert session["lines"][-1].startswith("bestmove"), session["lines"][-5:]
    print("ok   a Hash of 2047 MB was lowered to the 1024 that fits; the engine played on")


def broken_engines(driver, web):
    """Copies of the page on a static file server whose in-page engine cannot start: without
    its package (engine/), the page (by itself, there being no server's engine) and with
    ?engine=in-page say so next to the board and offer the server's engine; with the
    package but without its worker script, the same with the worker named."""
    for missing, said in (("engine", "could not be loaded: build it with scripts/web/build-wasm.sh"),
                          (os.path.join("engine", "engine-worker.js"), "engine/engine-worker.js could not be loaded")):
        copy = os.path.join(tempfile.mkdtemp(prefix="ccengine-page-"), "web")
        shutil.copytree(web, copy)
        remove = shutil.rmtree if missing == "engine" else os.remove
        remove(os.path.join(copy, missing))
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        static_server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", copy, str(port)]
        with running(static_server, url, WAIT_SECONDS):
            page = Page(driver, url)
            for query, fell_back in (("", True), ("?engine=in-page", False)):
                driver.get(url + query)
                page.wait_for(lambda: page.errors() and driver.find_element(By.ID, "engine-note").is_displayed(),
                              "the page to say that the in-page engine could not start")
                note = driver.find_element(By.ID, "engine-note")
                link = note.find_element(By.TAG_NAME, "a")
                assert driver.current_url == url + "?engine=in-page", driver.current_url
                whole = note.get_attribute("textContent")  # the reason is folded under the line
                assert "The in-page engine could not start" in note.text and said in whole, whole
                assert ("no engine server answered" in note.text) == fell_back, note.text
                assert link.text == "Play with the server's engine" and link.get_attribute("href") == url, \
                    (link.text, link.get_attribute("href"))
                print(f"ok   without {missing}, {url + query} said:", whole)


if __name__ == "__main__":
    sys.exit(main())
