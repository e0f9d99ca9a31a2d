"""The page served by scripts/ccengine-gui, with its limits (protocol-spec/gui.md,
"Serving the page"): it starts and plays through the launcher, and a second tab, one
engine over --max-engines, says that the server runs as many engines as it allows.
In headless Chromium; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_serve_page.py build/ccengine"""

import os
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import REPO, WAIT_SECONDS, Page, chromium, free_port  # noqa: E402


def main(engine_binary):
    port = free_port()
    server = subprocess.Popen(
        ["bash", os.path.join(REPO, "scripts", "ccengine-gui"), "--engine", engine_binary,
         "--page", os.path.join(REPO, "web"), "--port", str(port), "--max-engines", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as reply:
                    reply.read()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # polling for the port to open
        with chromium() as driver:
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
    finally:
        server.terminate()
        server.wait(timeout=10)
        server.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
