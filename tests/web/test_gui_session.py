"""The browser GUI's session with its engine, in headless Chromium against the real
engine over websocketd: taking moves back, records copied and loaded (the page's and
ccmatch's), engine errors shown, a closed connection reopened, and the thinking panel
with Move now and Pause. Run by ctest (tests/CMakeLists.txt):
    python3 tests/web/test_gui_session.py build/ccengine
Every wait is on the page's state (data attributes of <body>, elements), never a sleep."""

import os
import signal
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from browser import child_processes  # noqa: E402
from serving import REPO  # noqa: E402
from page_test import FAST_ENGINE, PageTest  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

setUpModule = page_test.setUpModule
tearDownModule = page_test.tearDownModule

# A record written by ccmatch (protocol-spec/match.md, "Records").
CCMATCH_RECORD = """[Event "ccmatch"]
[Date "2026.12.01"]
[Game "1"]
[Round "1"]
[Rules "preset=standard players=2 armies=1,4 first=1 pieces=10 king=off hops=short other=free unused=free goallock=off finish=fill swap=off bonus=off end=all fairfinish=off passround=off movelimit=20 limitresult=draw stall=50 repetition=0 adjacent=off mustleave=off"]
[Players "2"]
[Player1 "A"]
[Seat1 "1"]
[TimeControl1 "10"]
[Player2 "B"]
[Seat2 "4"]
[TimeControl2 "10"]
[Opening "startpos"]
[Start "4/44/444/4444/............./............/.........../........../........./........../.........../............/............./1111/111/11/1 1 1 0 0 - - playing"]
[Result "1-0"]
[Places "1,2"]
[Reason "illegal-move"]
[Termination "player 2 (B) forfeits: bestmove 'm3-l3': illegal move 'm3-l3'"]
[Forfeit2 "illegal-move 10 bestmove 'm3-l3': illegal move 'm3-l3'"]
[Plies "10"]
[MoveTimes "1,1,1,1,1,1,1,1,1,0"]

k3-i5 g15-g13 m3-m5 g13-h13 m4-m6 e15-e13 m5-l6 h13-i12 l6-l7 resign

"""


class SessionTest(PageTest):
    """Moves taken back, records, errors and the connection."""

    def test_take_back_against_the_engine(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        start = page.position_text()
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        page.click("take-back")
        page.wait_for(lambda: page.body("ply") == "0", "the take-back")
        self.assertEqual(page.body("turn"), "person")
        self.assertEqual(page.position_text(), start)
        self.assertIsNotNone(page.piece("m4"))
        self.assertIsNone(page.piece("l5"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#move-list li"), [])
        # Play goes on from there.
        page.move("m4", "m5")
        page.wait_for(lambda: page.body("ply") == "2", "the engine's reply")

    def test_record_copied_and_loaded_back(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        page.move("k3", "k5")
        page.wait_for(lambda: page.body("ply") == "4" and page.body("turn") == "person", "the engine's reply")
        final = page.position_text()
        page.click("copy-record")
        box = self.driver.find_element(By.ID, "text-box")
        page.wait_for(lambda: box.get_attribute("value").startswith("[Event"), "the record")
        record = box.get_attribute("value")
        self.assertIn('[Rules "preset=standard players=2', record)
        for tag in ['[Players "2"]', '[Player1 "person"]', '[Seat2 "4"]', '[TimeControl2 "depth=1"]',
                    '[Opening "startpos"]', '[Result "*"]', '[Places "0,0"]', '[Plies "4"]']:
            self.assertIn(tag, record)
        page.new_game(seats={1: "person", 2: "person"})
        page.set_text_box(record)
        page.start_and_wait(lambda: page.click("load-record"), "the record to load")
        page.wait_for(lambda: page.body("ply") == "4", "the record's moves")
        self.assertEqual(page.position_text(), final)
        # Stepping back shows earlier positions without changing the game.
        page.click("first-move")
        page.wait_for(lambda: page.body("view-ply") == "0", "the start position")
        self.assertIsNotNone(page.piece("m4"))
        page.click("next-move")
        page.wait_for(lambda: page.body("view-ply") == "1", "move 1")
        self.assertIsNotNone(page.piece("l5"))
        self.assertEqual(page.body("ply"), "4")
        # A position command's arguments with moves set the game with its history.
        page.set_position("position startpos moves m4-l5 e14-f13")
        self.assertEqual(page.body("ply"), "2")
        self.assertEqual(page.text("move-list").split("\n"), ["P1 m4-l5", "P2 e14-f13"])

    def test_ccmatch_record_loads(self):
        page = self.page
        page.set_text_box(CCMATCH_RECORD)
        page.start_and_wait(lambda: page.click("load-record"), "the record to load")
        page.wait_for(lambda: page.body("ply") == "10", "the record's moves")
        self.assert_result("Player 1 (seat 1) wins (resignation)", ["1", "2"], ["1", "0"])
        self.assertTrue(page.text("move-list").endswith("P2 resign"))

    def test_engine_errors_are_shown(self):
        page = self.page
        page.choose("players", "2")
        self.driver.execute_script("document.getElementById('rule-armies').value = '1,7';")
        page.click("new-game")
        page.wait_for(lambda: any("bad value '1,7' for armies" in error for error in page.errors()),
                      "the engine's error on the page")
        self.driver.execute_script("document.getElementById('errors').replaceChildren();")

    def test_closed_connection_is_reported_and_reopened(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        position = page.position_text()
        # End this page's engine process (a child of our websocketd) as a crash would.
        page.wait_for(lambda: len(child_processes(self.server_pid)) == 1, "one engine process")
        for pid in child_processes(self.server_pid):
            os.kill(pid, signal.SIGKILL)
        page.wait_for(lambda: page.body("connected") == "false", "the closed connection to be noticed")
        self.assertTrue(any("connection closed" in error for error in page.errors()), page.errors())
        self.assertIn("Disconnected", page.text("status"))
        reconnect = self.driver.find_element(By.ID, "reconnect")
        self.assertTrue(reconnect.is_displayed())
        reconnect.click()
        page.wait_for(lambda: page.body("connected") == "true" and page.text("notice").startswith("Reconnected"),
                      "the new connection")
        self.assertEqual(page.position_text(), position)
        page.move("k3", "k5")
        page.wait_for(lambda: page.body("ply") == "4", "the new engine's reply")
        self.driver.execute_script("document.getElementById('errors').replaceChildren();")


class ThinkingTest(PageTest):
    """The thinking panel, Move now and Pause: the engine gets ten minutes a move, so
    every move here is one that was stopped."""

    def start_long_search(self):
        page = self.page
        page.new_game(seats={1: ("engine", "movetime", 600000, 20), 2: "person"})
        page.wait_for(lambda: page.body("turn") == "engine", "the engine to think")
        # The depth field reads "<depth>/<seldepth>".
        depth = lambda: self.driver.find_element(By.CSS_SELECTOR, "#thinking-text [data-field=depth]").text  # noqa: E731
        page.wait_for(lambda: depth().split("/")[0].isdigit() and int(depth().split("/")[0]) >= 2,
                      "depth 2 on the thinking panel")
        self.assertRegex(page.text("thinking-text"), r"best line: [a-q]\d+-[a-q]\d+")
        page.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".path.best-line"), "the best line drawn")

    def test_thinking_shown_live_and_move_now(self):
        page = self.page
        self.start_long_search()
        page.click("move-now")
        page.wait_for(lambda: page.body("ply") == "1" and page.body("turn") == "person", "the engine's move")
        self.assertRegex(page.text("move-list"), r"^P1 [a-q]\d+(-[a-q]\d+)+$")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".path.best-line"), [])

    def test_infinite_search_until_move_now(self):
        page = self.page
        page.new_game(seats={1: ("engine", "infinite", 0, 20), 2: "person"})
        page.wait_for(lambda: page.body("turn") == "engine", "the engine to think")
        # Still thinking after 1.5 s by its own clock (the info lines' time).
        time_ms = lambda: self.driver.find_element(By.CSS_SELECTOR, "#thinking-text [data-field=time]").text  # noqa: E731
        page.wait_for(lambda: time_ms().split()[0].isdigit() and int(time_ms().split()[0]) >= 1500,
                      "1.5 s of thinking", seconds=120)
        self.assertEqual(page.body("ply"), "0")
        page.click("move-now")
        page.wait_for(lambda: page.body("ply") == "1" and page.body("turn") == "person", "the engine's move")

    def test_pause_as_the_search_starts(self):
        """A stop that comes while the engine's options are still being set must end the
        search that follows (else an infinite search would never end)."""
        page = self.page
        # Player 1 is an engine that thinks until stopped, and Pause is pressed as its
        # turn starts, while its options are on their way.
        page.click_when_engine_turns('pause')
        page.new_game(seats={1: ("engine", "infinite", 0, 20), 2: "person"})
        page.wait_for(lambda: page.text("thinking-text") == "Engines paused" and page.body("turn") == "waiting",
                      "the pause")
        self.assertEqual(page.body("ply"), "0")

    def test_pause_stops_the_search_without_a_move(self):
        page = self.page
        self.start_long_search()
        page.click("pause")
        page.wait_for(lambda: page.text("thinking-text") == "Engines paused" and page.body("turn") == "waiting",
                      "the pause")
        self.assertEqual(page.body("ply"), "0")
        page.click("pause")  # Resume
        page.wait_for(lambda: page.body("turn") == "engine", "the engine to think again")
        page.click("move-now")
        page.wait_for(lambda: page.body("ply") == "1", "the engine's move")



class ScreenshotScriptTest(unittest.TestCase):
    def test_help_prints_help(self):
        """--help prints the script's use and takes no screenshots (into a folder named
        --help, as a folder argument)."""
        script = os.path.join(REPO, "scripts", "web", "gui-screenshots.py")
        with tempfile.TemporaryDirectory() as folder:
            run = subprocess.Popen([sys.executable, script, "--help"], cwd=folder, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, start_new_session=True)
            try:
                out, err = run.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(run.pid, signal.SIGKILL)
                run.communicate()
                self.fail("--help ran the screenshots")
            self.assertEqual(run.returncode, 0, err)
            self.assertIn("Saves screenshots of the browser GUI", out)
            self.assertIn("--session", out)
            self.assertEqual(os.listdir(folder), [])

if __name__ == "__main__":
    unittest.main(verbosity=2)
