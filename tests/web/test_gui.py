"""The browser GUI (web/) in headless Chromium, against the real engine over websocketd:
games played by clicks as a person plays them, under several rule sets, to their end.
Run by ctest (tests/CMakeLists.txt):
    python3 tests/web/test_gui.py build/ccengine
Every wait is on the page's state (data attributes of <body>, elements), never a sleep."""

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from page_test import ENGINE, FAST_ENGINE, NEAR_END, PageTest  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

setUpModule = page_test.setUpModule
tearDownModule = page_test.tearDownModule

# Card rules: player 1's last piece on h13, player 2's piece on h14 in player 1's goal.
CARD_SWAP = ("1/11/111/1114/.......1...../............/.........../........../........./........../"
             ".........../............/.....4......./..44/444/44/4 1 1 0 0 - - playing")
# Three players, goallock=on finish=all passround=on: no piece can move (protocol-spec/rules.md §8.4 Pass round).
ALL_STUCK = ("5/11/111/1111/............./............/.........../........../........./5........3/"
             "55.......33/555......333/3555.....3331/..../.../../. 1 1 0 0 - - playing")
# Super, three players: player 1's piece on h13 steps into its goal on h14.
SUPER_BONUS = ("./../.../..../3333...1.5555/333......555/33.......55/3........5/........./........../"
               ".........../............/............./111./111/11/1 1 1 0 0 - - playing")


class GuiTest(PageTest):
    """The page against the real engine."""

    def test_board_geometry_is_the_engines(self):
        """Every hole is drawn where the engine's `d` picture puts it: column 2q + r + 12
        (protocol-spec/protocol.md, "d"), rows of equilateral triangles, row 17 on top."""
        picture = subprocess.run([ENGINE, "d"], capture_output=True, text=True, check=True).stdout.splitlines()[:17]
        expected = {}
        for row, line in zip(range(17, 0, -1), picture):
            first = line[:4].strip()
            columns = [i for i, c in enumerate(line[6:31]) if c != " "]
            for k, column in enumerate(columns):
                expected[f"{chr(ord(first[0]) + k)}{row}"] = (column - 12, row - 9)
        self.assertEqual(len(expected), 121)
        drawn = self.driver.execute_script(
            "return [...document.querySelectorAll('circle.hole')].map((c) => [c.dataset.hole, +c.getAttribute('cx'), +c.getAttribute('cy')]);")
        self.assertEqual(sorted(name for name, _, _ in drawn), sorted(expected))
        unit = 20  # web/js/board-view.js UNIT: half the distance of neighbours in a row
        for name, cx, cy in drawn:
            x, y = expected[name]
            self.assertAlmostEqual(cx, x * unit, places=3, msg=name)
            self.assertAlmostEqual(cy, -y * unit * 3 ** 0.5, places=3, msg=name)

    def test_standard_game_against_the_engine_ends_by_clicks(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        page.set_position(NEAR_END)
        page.wait_for(lambda: page.body("ply") == "1" and page.body("turn") == "person", "the engine's move")
        page.move("h13", "h14")
        self.assert_result("Player 1 (seat 1) wins (finished)", ["1", "2"], ["1", "0"])
        self.assertIn("h13-h14", page.text("move-list"))
        # A finished game takes no more clicks.
        page.piece("h14").click()
        page.wait_for(lambda: page.text("notice") == "The game is over", "the refusal")

    def test_whole_game_from_the_start_to_the_finish(self):
        """A whole standard game by clicks: the person's moves are the ones a separate
        engine process suggests (one ply deep), each made by clicking the piece and its
        target on the page, until the game ends."""
        page = self.page
        page.choose("animation", "off")  # some 100 moves: no time for their animations
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        with subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as adviser:
            moves = 0
            while True:
                page.wait_for(lambda: page.body("turn") == "person" or page.body("game") == "over", "a person's turn")
                if page.body("game") == "over":
                    break
                adviser.stdin.write(f"position {page.position_text()}\ngo depth 1\n")
                adviser.stdin.flush()
                reply = adviser.stdout.readline()
                while not reply.startswith("bestmove"):
                    self.assertNotEqual(reply, "", "the adviser ended")
                    reply = adviser.stdout.readline()
                holes = reply.split()[1].rstrip("*").split("-")
                page.move(holes[0], holes[-1])
                moves += 1
                self.assertLess(moves, 200, "no end after 200 moves")
            adviser.stdin.close()
        page.wait_for(lambda: page.body("game") == "over", "the end")
        self.assertRegex(page.text("status"), r"^Game over: Player [12] \(seat [14]\) wins \(finished\)$")
        places = [row.find_element(By.CLASS_NAME, "place").text
                  for row in self.driver.find_elements(By.CSS_SELECTOR, "#result tr[data-player]")]
        self.assertIn(places, [["1", "2"], ["2", "1"]])

    def test_whole_game_from_the_start_to_the_move_limit(self):
        page = self.page
        page.new_game(rules_words={"movelimit": "2"}, seats={1: "person", 2: FAST_ENGINE})
        moves = 0
        while page.body("game") != "over":
            page.wait_for(lambda: page.body("turn") == "person" or page.body("game") == "over", "a person's turn")
            if page.body("game") == "over":
                break
            # The first piece with a legal move, and its first target.
            for piece in list(self.driver.find_elements(By.CSS_SELECTOR, ".piece.seat-1")):
                hole = piece.get_attribute("data-hole")
                targets = page.click_piece(hole)
                if targets:
                    ply = int(page.body("ply"))
                    page.click_target(sorted(targets)[0])
                    page.wait_ply(ply + 1)
                    moves += 1
                    break
            self.assertLess(moves, 10, "the move limit of 2 rounds did not end the game")
        self.assertEqual(moves, 2)
        self.assert_result("Draw (move limit)", ["1", "1"], ["1", "1"])

    def test_three_player_super_bonus_move(self):
        page = self.page
        page.new_game(preset="super", players="3", seats={1: "person", 2: FAST_ENGINE, 3: FAST_ENGINE})
        page.set_position(SUPER_BONUS)
        page.move("h13", "h14")
        # The goal entry earns player 1 a second move at once.
        self.assertEqual(page.body("mover"), "1")
        self.assertEqual(page.body("bonus"), "true")
        self.assertIn("bonus move", page.text("status"))
        self.assertIn("bonus-earned", page.piece("h14").get_attribute("class"))
        page.move("j4", "j5")
        # Then both engines move and it is player 1's turn again.
        page.wait_for(lambda: page.body("ply") == "4" and page.body("turn") == "person", "the engines' moves")
        self.assertEqual(page.body("bonus"), "false")
        self.assertEqual(page.body("mover"), "1")
        movers = [item.get_attribute("data-player") for item in self.driver.find_elements(By.CSS_SELECTOR, "#move-list li")]
        self.assertEqual(movers, ["1", "1", "2", "3"])

    def test_diamond_king_hops_a_row(self):
        page = self.page
        page.new_game(preset="diamond", seats={1: "person", 2: FAST_ENGINE})
        king = page.piece("m1")
        self.assertIn("king", king.get_attribute("class"))
        self.assertTrue(king.find_elements(By.CLASS_NAME, "crown"))
        targets = page.click_piece("m1")
        self.assertEqual(targets, {"m6": "m1-m6", "h6": "m1-h6"})
        # Over a target, the move's path is previewed.
        ActionChains(self.driver).move_to_element(
            self.driver.find_element(By.CSS_SELECTOR, ".target[data-hole='h6']")).perform()
        page.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".path.preview"), "the path preview")
        page.click_target("m6")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        self.assertIsNone(page.piece("m1"))
        self.assertIn("king", page.piece("m6").get_attribute("class"))
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".path.last-move"))

    def test_swap_completes_the_army(self):
        page = self.page
        page.new_game(preset="card", seats={1: "person", 2: FAST_ENGINE})
        page.set_position(CARD_SWAP)
        targets = page.click_piece("h13")
        self.assertEqual(targets["h14"], "h13-h14*")
        swap_target = self.driver.find_element(By.CSS_SELECTOR, ".target[data-hole='h14']")
        self.assertIn("swap", swap_target.get_attribute("class"))
        page.click_target("h14")
        self.assert_result("Player 1 (seat 1) wins (finished)", ["1", "2"], ["1", "0"])
        # The displaced piece went to the hole the move started from.
        self.assertEqual(page.piece("h14").get_attribute("data-seat"), "1")
        self.assertEqual(page.piece("h13").get_attribute("data-seat"), "4")

    def test_forced_passes_end_in_a_pass_round(self):
        page = self.page
        page.new_game(players="3", rules_words={"goallock": "on", "finish": "all", "passround": "on"},
                      seats={1: "person", 2: "person", 3: "person"})
        page.set_position(ALL_STUCK)
        for ply in range(3):
            pass_button = self.driver.find_element(By.ID, "pass")
            page.wait_for(pass_button.is_enabled, "the Pass button")
            self.assertIn("has no move", page.text("notice"))
            pass_button.click()
            page.wait_ply(ply + 1)
        self.assert_result("Draw (a round of passes)", ["1", "1", "1"], ["2", "2", "2"])
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "#result .places").text,
                         "1st Player 1 (seat 1) · 1st Player 2 (seat 3) · 1st Player 3 (seat 5)")
        self.assertEqual(page.text("move-list").split("\n"), ["P1 pass", "P2 pass", "P3 pass"])

    def test_resign(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        page.click("resign")
        page.click("resign-yes")  # Resign asks first (test_gui_access.py)
        self.assert_result("Player 2 (seat 4) wins (resignation)", ["2", "1"], ["0", "1"])
        self.assertIn("P1 resign", page.text("move-list"))
        self.assertIn("Player 1, resigned (place 2)", page.text("legend"))
        # The one person at the table is told in the second person, not "played resign",
        # and there is no engine left to pause.
        self.assertTrue(page.text("notice").startswith("You resigned"), page.text("notice"))
        self.assertFalse(self.driver.find_element(By.ID, "pause").is_enabled())

    def test_illegal_clicks_are_refused(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        start = page.position_text()
        # A piece with no move.
        self.assertEqual(page.click_piece("m1"), {})
        self.assertIn("no legal move", page.text("notice"))
        # A hole that is not one of the selected piece's targets.
        self.assertEqual(set(page.click_piece("m4")), {"m5", "l5"})
        refusals = page.body("refusals")
        page.hole("i9").click()
        page.wait_for(lambda: page.body("refusals") != refusals, "the refusal")
        self.assertIn("i9 is not a legal target", page.text("notice"))
        self.assertEqual(page.targets(), {})
        # The other player's piece.
        refusals = page.body("refusals")
        page.piece("e17").click()
        page.wait_for(lambda: page.body("refusals") != refusals, "the refusal")
        self.assertIn("not player 1's", page.text("notice"))
        # Pass is refused while moves exist.
        self.assertFalse(self.driver.find_element(By.ID, "pass").is_enabled())
        self.assertEqual(page.body("ply"), "0")
        self.assertEqual(page.position_text(), start)


if __name__ == "__main__":
    unittest.main(verbosity=2)
