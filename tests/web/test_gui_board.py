"""The board as drawn at a person's sizes: pieces that use a phone's width. In headless
Chromium against the real engine over websocketd; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_board.py build/ccengine
Every wait is on the page's state (data attributes, elements), never a sleep."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from page_test import PageTest  # noqa: E402

# Screens a person tried the page at, as Chromium's device emulation gives them.
LAPTOP = {"width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False}
TABLET = {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": True}
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
SMALL_PHONE = {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True}
# The board's rectangle and the pieces' sizes (CSS pixels), and the distance between
# the centres of two neighbouring holes of a row (m4, l4).
BOARD_JS = """
    const rect = (e) => e.getBoundingClientRect();
    const board = rect(document.querySelector('#board svg.board'));
    const sizes = [...document.querySelectorAll('#board .piece-body')].map((e) => rect(e).width);
    const centre = (name) => { const r = rect(document.querySelector(`#board .hole[data-hole='${name}']`));
                               return [r.left + r.width / 2, r.top + r.height / 2]; };
    const [a, b] = [centre('m4'), centre('l4')];
    return { board: [board.left, board.top, board.right, board.bottom], width: innerWidth,
             piece: Math.min(...sizes), spacing: Math.hypot(a[0] - b[0], a[1] - b[1]) };"""


def setUpModule():
    page_test.setUpModule()


def tearDownModule():
    page_test.tearDownModule()


class BoardTest(PageTest):
    def tearDown(self):
        super().tearDown()
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def at(self, screen):
        """The page opened afresh at a screen's size (with touch when it is a phone's or tablet's)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", screen)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                                    {"enabled": screen["mobile"], "maxTouchPoints": 5})
        self.page.open()
        return self.driver.execute_script(BOARD_JS)

    def test_pieces_use_a_phone_width(self):
        """On a phone the star spans nearly the screen's width and a piece is at least 24
        CSS pixels across (it was 18.6, and 15 at 320 wide); at 320 wide at least 20. At
        every size the whole star is on the screen and neighbouring pieces do not touch."""
        for screen, smallest in ((PHONE, 24), (SMALL_PHONE, 20), (TABLET, 24), (LAPTOP, 18)):
            with self.subTest(width=screen["width"]):
                shown = self.at(screen)
                left, _top, right, _bottom = shown["board"]
                self.assertGreaterEqual(left, 0)
                self.assertLessEqual(right, shown["width"])
                self.assertGreaterEqual(shown["piece"], smallest, shown)
                self.assertLess(shown["piece"], shown["spacing"], shown)
                if screen["width"] < 500:
                    self.assertGreaterEqual(right - left, 0.9 * shown["width"], shown)


if __name__ == "__main__":
    unittest.main()
