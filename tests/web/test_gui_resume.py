"""A game that survives leaving the page: saved in the browser after every change and
restored after a reload or a reopened tab (its moves, players, clocks without the time
away, the setup form), New game starting afresh, a damaged saved state ignored with a
note. In headless Chromium against the real engine over websocketd; run by ctest
(tests/CMakeLists.txt):
    python3 tests/web/test_gui_resume.py build/ccengine
Every wait is on the page's state (data attributes of <body>, elements); the one sleep
is the time away from the page that the clocks must not count."""

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from browser import child_processes  # noqa: E402
from page_test import FAST_ENGINE, PageTest  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

setUpModule = page_test.setUpModule
tearDownModule = page_test.tearDownModule

AWAY_SECONDS = 3


class ResumeTest(PageTest):
    def clock(self, player):
        """The player's time left in seconds."""
        return int(self.driver.find_element(By.CSS_SELECTOR, f".clock[data-player='{player}']")
                   .get_attribute("data-ms")) / 1000

    def test_game_survives_leaving_the_page(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE}, clocks={1: "300+0", 2: "300+0"})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        moves = page.text("move-list")
        position = page.position_text()
        page.choose("players", "3")  # the next game's setup, not started
        left_with = self.clock(1)
        self.driver.get("about:blank")
        time.sleep(AWAY_SECONDS)  # away from the page: the clocks must not count it
        page.open(keep_saved=True)
        page.wait_for(lambda: page.body("ply") == "2", "the saved moves")
        self.assertIn("Restored the game", page.text("notice"))
        self.assertEqual(page.text("move-list"), moves)
        self.assertEqual(page.position_text(), position)
        self.assertGreater(self.clock(1), left_with - 1.5, "the time away was charged")
        self.assertGreater(self.clock(2), 290)
        self.assertEqual(self.driver.find_element(By.ID, "players").get_attribute("value"), "3")
        self.assertTrue(self.driver.find_element(By.ID, "setup-pending").is_displayed())
        # The engine still plays player 2.
        page.move("k3", "k5")
        page.wait_for(lambda: page.body("ply") == "4" and page.body("turn") == "person", "the engine's reply")

    def test_new_game_starts_afresh(self):
        page = self.page
        page.new_game(seats={1: "person", 2: "person"})
        page.move("m4", "l5")
        page.open(keep_saved=True)
        page.wait_for(lambda: page.body("ply") == "1", "the saved move")
        page.new_game(seats={1: "person", 2: "person"})
        self.assertEqual(page.body("ply"), "0")
        page.open(keep_saved=True)
        self.assertEqual(page.body("ply"), "0")
        self.assertIn("(0 moves)", page.text("notice"))

    def test_damaged_or_old_saved_state_is_ignored(self):
        page = self.page
        for saved, why in [("{not json", "not readable"), ('{"format": 0, "game": null}', "older version"),
                           ('{"format": 1, "game": {"rules": "preset=standard\\nquit"}, "form": {}}', "damaged")]:
            # Written as the page is left, after the page saves its own game then.
            self.driver.execute_script("window.addEventListener('pagehide', () => "
                                       "localStorage.setItem('ccengine.savedGame', arguments[0]));", saved)
            page.open(keep_saved=True)
            self.assertIn("not restored", page.text("notice"))
            self.assertIn(why, page.text("notice"))
            self.assertEqual(page.body("ply"), "0")
            page.move("m4", "l5")  # the page plays on

    def test_saved_game_the_engine_refuses_is_dropped(self):
        page = self.page
        person = {"kind": "person", "limit": "movetime", "value": 1000, "skill": 20, "style": "search", "clock": ""}
        ply = {"clocks": None, "timeLoss": False, "eval": None}
        saved = {"format": 1, "form": {}, "game": {
            "rules": "preset=standard players=2", "start": "startpos", "moves": ["m4-m9"], "plies": [ply, ply],
            "seats": [person, person], "paused": False, "clocks": [None, None]}}
        self.driver.execute_script("window.addEventListener('pagehide', () => "
                                   "localStorage.setItem('ccengine.savedGame', JSON.stringify(arguments[0])));", saved)
        self.driver.get(self.url)  # not page.open: the engine's error line is expected
        page.wait_for(lambda: page.body("ready") == "true", "the page to start")
        self.assertIn("the engine refused it", page.text("notice"))
        self.assertTrue(page.errors())  # the engine's own error line
        self.driver.execute_script("document.getElementById('errors').replaceChildren();")
        self.assertEqual(page.body("ply"), "0")
        page.move("m4", "l5")

    def engines(self):
        return len(child_processes(self.server_pid))

    def test_leaving_releases_the_engine(self):
        """pagehide frees the server's engine; pageshow from the Back/Forward cache opens
        a new one without an error, and the game goes on. Then a real trip away and Back."""
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        page.wait_for(lambda: self.engines() == 1, "one engine process")
        self.driver.execute_script("window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));")
        page.wait_for(lambda: self.engines() == 0, "the engine to end")
        self.driver.execute_script("window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));")
        page.wait_for(lambda: page.body("connected") == "true" and self.engines() == 1, "a new engine")
        self.assertFalse(self.driver.find_element(By.ID, "reconnect").is_displayed())
        page.move("k3", "k5")
        page.wait_for(lambda: page.body("ply") == "4" and page.body("turn") == "person", "the new engine's reply")
        # Away and Back: from the cache or loaded again, the game goes on.
        self.driver.get("about:blank")
        page.wait_for(lambda: self.engines() == 0, "the engine to end")
        self.driver.back()
        page.wait_for(lambda: page.body("ready") == "true" and page.body("connected") == "true"
                      and page.body("ply") == "4", "the game after Back")
        page.click_target(min(page.click_piece("l5")))
        page.wait_for(lambda: page.body("ply") == "6", "the engine's reply after Back")


if __name__ == "__main__":
    unittest.main(verbosity=2)
