"""What every browser test module shares: the engine's path (the first argument),
one Chromium and one GUI server for the module, and PageTest, a fresh page (so a
fresh engine process) for every test, with no engine error left on it.
    import page_test  (takes the engine's path from sys.argv)
    setUpModule = page_test.setUpModule; tearDownModule = page_test.tearDownModule"""

import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from browser import Page, chromium, gui_server  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

ENGINE = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                                                "build", "ccengine")
# The fastest engine setting: one ply, weakest skill.
FAST_ENGINE = ("engine", "depth", 1, 0)

# Standard rules, player 2 (engine) to move; player 1 has nine pieces in its goal and
# the tenth on h13 next to the empty h14. Player 2's one piece outside its goal is far
# from j4, so the engine cannot finish first.
NEAR_END = ("1/11/111/111./.......1...../............/.........../........../........./4........./"
            ".........../............/............./.444/444/44/4 2 30 0 0 - - playing")

BROWSER = {}


def setUpModule():
    BROWSER["started"] = time.monotonic()
    BROWSER["contexts"] = []

    def enter(context):
        BROWSER["contexts"].append(context)
        return context.__enter__()

    BROWSER["engine"] = enter(gui_server(ENGINE))
    BROWSER["driver"] = enter(chromium())


def tearDownModule():
    for context in reversed(BROWSER["contexts"]):
        context.__exit__(None, None, None)
    print(f"browser tests took {time.monotonic() - BROWSER['started']:.1f} s", file=sys.stderr)


class PageTest(unittest.TestCase):
    """A fresh page (and so a fresh engine process) for every test."""
    server = "engine"

    @classmethod
    def setUpClass(cls):
        cls.url, cls.server_pid = BROWSER[cls.server]
        cls.driver = BROWSER["driver"]

    def setUp(self):
        self.page = Page(self.driver, self.url)
        self.page.open()

    def tearDown(self):
        # Engine errors must never pass unnoticed: a test that expects one clears them.
        self.assertEqual(self.page.errors(), [], "errors shown on the page")

    def assert_result(self, outcome, places, scores):
        """outcome: the winner or "Draw" and the reason in words, as the status line says."""
        page = self.page
        page.wait_for(lambda: page.body("game") == "over", "the game to end")
        self.assertEqual(page.text("status"), f"Game over: {outcome}")
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#result tr[data-player]")
        self.assertEqual([row.find_element(By.CLASS_NAME, "place").text for row in rows], places)
        self.assertEqual([row.find_element(By.CLASS_NAME, "score").text for row in rows], scores)
