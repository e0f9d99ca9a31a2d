"""The browser GUI on a phone and around a party table (issue 33): a setup that changes
nothing until New game, a refused New game said next to its button, touch targets and
no hover drawings after a tap, six-player move trails and the mover's colour and
shape, the result next to the board, focus and picked rings, a board that does not
move while the engine thinks. In headless Chromium against the real engine over
websocketd; run by ctest (tests/CMakeLists.txt):
    python3 tests/web/test_gui_table.py build/ccengine
Every wait is on the page's state (data attributes, elements), never a sleep."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import test_gui  # noqa: E402  (takes the engine's path from sys.argv)
from selenium.webdriver.common.by import By  # noqa: E402
from test_gui import FAST_ENGINE, PageTest  # noqa: E402


def setUpModule():
    test_gui.setUpModule()


def tearDownModule():
    test_gui.tearDownModule()


class TableTest(PageTest):
    def test_seat_changes_wait_for_new_game(self):
        """Setting up the next game while one is played: the game in play keeps its
        players (the engine started playing it at once)."""
        page = self.page
        self.assertEqual(page.body("turn"), "person")
        page.choose("seat-kind-1", "engine")
        page.choose("seat-kind-2", "person")
        self.assertEqual(page.body("turn"), "person")
        self.assertTrue(self.driver.find_element(By.ID, "setup-pending").is_displayed())
        self.assertIn("you", page.text("status"))
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        self.assertTrue(self.driver.find_element(By.ID, "setup-pending").is_displayed())
        # New game: now the engine plays player 1 and moves first.
        page.start_and_wait(lambda: page.click("new-game"), "the new game")
        page.wait_for(lambda: page.body("ply") == "1" and page.body("turn") == "person", "the engine's first move")
        self.assertFalse(self.driver.find_element(By.ID, "setup-pending").is_displayed())

    def test_refused_new_game_is_said_next_to_the_button(self):
        """Seating 1,2,3 with Players 2: the engine refuses; the page says why next to
        New game, in the form's words, and the game in play goes on."""
        page = self.page
        games = page.body("games")
        self.driver.find_element(By.CSS_SELECTOR, "#more-rules summary").click()
        page.type_into("rule-armies", "1,2,3")
        errors = len(page.errors())
        page.click("new-game")
        page.wait_for(lambda: len(page.errors()) > errors, "the engine's refusal")
        message = self.driver.find_element(By.ID, "new-game-refusal")
        page.wait_for(message.is_displayed, "the refusal next to the button")
        self.assertIn("3 players but Players is 2", message.text)
        self.assertIn("game in play goes on", message.text)
        self.assertNotIn("armies", message.text)
        button = self.driver.find_element(By.ID, "new-game").rect
        self.assertLess(abs(message.rect["y"] - (button["y"] + button["height"])), 40, "the message is under the button")
        self.assertEqual(page.body("games"), games)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#legend .legend-item")), 2)
        page.move("m4", "l5")  # the old game goes on
        # A good setup: New game starts and the message goes.
        page.type_into("rule-armies", "1,4")
        self.driver.execute_script("document.getElementById('errors').replaceChildren();")
        page.start_and_wait(lambda: page.click("new-game"), "the new game")
        self.assertFalse(message.is_displayed())

    def test_refused_clock_is_said_next_to_the_button(self):
        page = self.page
        games = page.body("games")
        page.set_value("seat-clock-2", "5 minutes")
        refusals = page.body("refusals")
        page.click("new-game")
        page.wait_for(lambda: page.body("refusals") != refusals, "the refusal")
        message = self.driver.find_element(By.ID, "new-game-refusal")
        self.assertTrue(message.is_displayed())
        self.assertIn("Player 2's clock \"5 minutes\"", message.text)
        self.assertEqual(page.body("games"), games)


if __name__ == "__main__":
    unittest.main(verbosity=2)
