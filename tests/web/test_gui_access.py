"""The browser GUI for a newcomer, on a phone and without a mouse: labelled settings and
rule keys, the setup that waits for New game, taps near a hole, feedback next to the
board, a page that does not scroll itself, keyboard and screen-reader play, the
how-to-play text and the New game notice, labels that leave pieces visible, and
Resign's confirm step (the points of a review of the page by a newcomer). In headless
Chromium against the real engine over websocketd; run by ctest (tests/CMakeLists.txt):
    python3 tests/web/test_gui_access.py build/ccengine
Every wait is on the page's state (data attributes, elements), never a sleep."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from page_test import FAST_ENGINE, PageTest  # noqa: E402

# A phone's screen, as Chromium's device emulation gives it (a headless window is at
# least 500 pixels wide).
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}

# Rectangles (CSS pixels) of the elements a selector finds: [left, top, right, bottom].
RECTS = ("return [...document.querySelectorAll(arguments[0])].map((e) => {"
         " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });")


def overlap(rect, disc, margin=0.5):
    """Whether a rectangle covers part of a disc (a piece's body, given by its bounding rectangle)."""
    cx, cy, radius = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2, (disc[2] - disc[0]) / 2
    nearest_x = min(max(cx, rect[0]), rect[2])
    nearest_y = min(max(cy, rect[1]), rect[3])
    return (nearest_x - cx) ** 2 + (nearest_y - cy) ** 2 < (radius - margin) ** 2


def overlap_rects(a, b, margin=0.5):
    return a[0] < b[2] - margin and b[0] < a[2] - margin and a[1] < b[3] - margin and b[1] < a[3] - margin


def setUpModule():
    page_test.setUpModule()


def tearDownModule():
    page_test.tearDownModule()


class AccessTest(PageTest):
    def tearDown(self):
        super().tearDown()
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def label_of(self, element_id):
        """The text of a control's labels (what a screen reader names it by)."""
        return self.driver.execute_script(
            "const c = document.getElementById(arguments[0]);"
            "return [...c.labels].map((l) => l.textContent).join(' ') + ' ' + (c.getAttribute('aria-label') ?? '');",
            element_id)

    def active_hole(self):
        return self.driver.execute_script("return document.activeElement.dataset?.hole ?? null;")

    def active_label(self):
        return self.driver.execute_script("return document.activeElement.getAttribute('aria-label');")

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def test_engine_settings_and_rule_keys_are_labelled(self):
        page = self.page
        self.assertIn("Player 2", self.label_of("seat-kind-2"))
        self.assertIn("method", self.label_of("seat-style-2"))
        self.assertIn("limit", self.label_of("seat-limit-2"))
        self.assertIn("skill", self.label_of("seat-skill-2"))
        unit = lambda: self.driver.find_element(By.CSS_SELECTOR, "[data-player='2'] .limit-unit").text  # noqa: E731
        self.assertEqual(unit(), "ms")
        self.assertIn("ms", self.label_of("seat-value-2"))
        page.choose("seat-limit-2", "depth")
        self.assertEqual(unit(), "plies")
        # The rule keys: a readable name, a one-line meaning tied to the control, and the
        # value of the game in play rather than an empty choice.
        self.driver.find_element(By.CSS_SELECTOR, "#more-rules summary").click()
        self.assertIn("Goal lock", self.label_of("rule-goallock"))
        meaning = self.driver.find_element(By.ID, self.driver.find_element(By.ID, "rule-goallock")
                                           .get_attribute("aria-describedby"))
        self.assertIn("lands only in its goal", meaning.text)
        self.assertTrue(meaning.is_displayed())
        self.assertEqual(page.driver.find_element(By.ID, "rule-goallock").get_attribute("value"), "off")
        self.assertEqual(page.driver.find_element(By.ID, "rule-movelimit").get_attribute("value"), "200")
        page.new_game(preset="super", seats={1: "person", 2: FAST_ENGINE})
        self.assertEqual(page.driver.find_element(By.ID, "rule-hops").get_attribute("value"), "long")
        self.assertEqual(page.driver.find_element(By.ID, "rule-movelimit").get_attribute("value"), "0")
        # Another preset: its own values, which the page names without knowing them.
        page.choose("preset", "masters")
        hops = self.driver.find_element(By.ID, "rule-hops")
        self.assertEqual(hops.get_attribute("value"), "")
        self.assertEqual(self.driver.execute_script("return arguments[0].selectedOptions[0].textContent;", hops),
                         "preset's value")
        page.start_and_wait(lambda: page.click("new-game"), "the masters game")
        self.assertEqual(hops.get_attribute("value"), "short")
        self.assertEqual(self.driver.find_element(By.ID, "rule-goallock").get_attribute("value"), "on")

    def test_setup_changes_wait_for_new_game(self):
        page = self.page
        pending = self.driver.find_element(By.ID, "setup-pending")
        self.assertFalse(pending.is_displayed())
        page.choose("players", "3")
        self.assertTrue(pending.is_displayed())
        self.assertIn("New game", pending.text)
        legend = lambda: self.driver.find_elements(By.CSS_SELECTOR, "#legend .legend-item")  # noqa: E731
        self.assertEqual(len(legend()), 2)
        page.start_and_wait(lambda: page.click("new-game"), "the 3-player game")
        self.assertFalse(pending.is_displayed())
        self.assertEqual(len(legend()), 3)

    def test_taps_near_a_hole_reach_it_on_a_phone(self):
        page = self.page
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        page.open()
        self.assertEqual(self.driver.execute_script("return window.innerWidth;"), 390)
        piece = page.piece("m1")  # the tip of seat 1, at the bottom: nothing below it
        # 21 px below, within the 22 px a tap reaches: the board reaches that far below
        # its bottom tip (it ended 17.4 px below, so that a tap 18 px below was lost or
        # not by a fraction of a pixel as the fonts moved the board).
        self.assertLess(piece.rect["height"] / 2, 21, "the tap 21 px below lands outside the piece")
        refusals = page.body("refusals")
        ActionChains(self.driver).move_to_element_with_offset(piece, 0, 21).click().perform()
        page.wait_for(lambda: page.body("refusals") != refusals, "the tap to reach m1")
        self.assertIn("m1 has no legal move", page.text("notice"))
        # A tap on a piece still picks that piece, not a neighbour.
        self.assertEqual(set(page.click_piece("m4")), {"m5", "l5"})

    def refusal_in_view(self):
        """Clicks an empty hole and returns whether the refusal is on the screen without scrolling."""
        page = self.page
        self.driver.execute_script("window.scrollTo(0, 0);")
        refusals = page.body("refusals")
        page.hole("i9").click()  # the board's centre, on the first screen
        page.wait_for(lambda: page.body("refusals") != refusals, "the refusal")
        self.assertIn("i9 is empty", page.text("notice"))
        return self.driver.execute_script(
            "const box = document.getElementById('notice').getBoundingClientRect();"
            "return window.scrollY === 0 && box.top >= 0 && box.bottom <= window.innerHeight;")

    def test_feedback_next_to_the_board(self):
        """The answer to a click is seen without scrolling, on a phone and
        with six players on a laptop screen."""
        page = self.page
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        page.open()
        self.assertTrue(self.refusal_in_view(), "the refusal is off the phone's screen")
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        page.open()
        page.new_game(players="6", seats={player: "person" for player in range(1, 7)})
        self.assertTrue(self.refusal_in_view(), "the refusal is below the fold with six players")

    def tap(self, selector):
        """A click at an element's centre as a finger gives it (Selenium's own click
        would scroll the element into view first)."""
        self.driver.execute_script(
            "const box = document.querySelector(arguments[0]).getBoundingClientRect();"
            "const x = box.left + box.width / 2, y = box.top + box.height / 2;"
            "document.elementFromPoint(x, y).dispatchEvent("
            "new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));", selector)

    def test_page_stays_put_after_moves(self):
        """On a phone the page never scrolls itself after a move."""
        page = self.page
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        page.open()
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        for ply, (source, target) in enumerate([("m4", "l5"), ("k3", "k5")]):
            self.driver.execute_script("window.scrollTo(0, 0);")
            self.tap(f".piece[data-hole='{source}']")
            page.wait_for(lambda: target in page.targets(), f"{source}'s targets")
            self.tap(f".target[data-hole='{target}']")
            page.wait_for(lambda: page.body("ply") == str(2 * ply + 2) and page.idle(), "the engine's reply")
            self.assertEqual(self.driver.execute_script("return window.scrollY;"), 0)
        # The list's number is the move's; the player is P<n> with its swatch.
        items = self.driver.find_elements(By.CSS_SELECTOR, "#move-list li")
        self.assertRegex(items[2].text, r"^P1 k3-k5$")
        self.assertRegex(items[3].text, r"^P2 [a-q]\d+(-[a-q]\d+)+$")
        self.assertTrue(items[3].find_elements(By.CSS_SELECTOR, "svg.swatch.seat-4"))

    def test_keyboard_and_screen_reader_play(self):
        page = self.page
        # Every drop-down and the history buttons have names.
        unnamed = self.driver.execute_script(
            "return [...document.querySelectorAll('select')].filter((s) => s.labels.length === 0"
            " && !s.getAttribute('aria-label')).map((s) => s.id);")
        self.assertEqual(unnamed, [])
        names = [self.driver.find_element(By.ID, button).get_attribute("aria-label")
                 for button in ("first-move", "previous-move", "next-move", "last-move")]
        self.assertEqual(names, ["first move", "previous move", "next move", "last move"])
        # Tab from the page's start reaches the board: a hole named for screen readers.
        self.driver.execute_script("document.activeElement.blur();")
        self.keys(Keys.TAB)
        hole = self.active_hole()
        self.assertIsNotNone(hole, "Tab did not reach the board")
        self.assertTrue(self.active_label().startswith(f"{hole}, "), self.active_label())
        # Pick up m4 with Enter, walk up with an arrow key, drop with Space.
        self.driver.execute_script("document.querySelector(\".hole-hit[data-hole='m4']\").focus();")
        self.keys(Keys.ENTER)
        page.wait_for(lambda: set(page.targets()) == {"m5", "l5"}, "m4's targets")
        self.assertEqual(self.active_hole(), "m4")
        self.assertIn("picked up", self.active_label())
        self.assertIn("blue circle piece of seat 1", self.active_label())
        # Escape puts it back; Enter picks it up again.
        self.keys(Keys.ESCAPE)
        page.wait_for(lambda: page.targets() == {}, "m4 put back")
        self.keys(Keys.ENTER)
        page.wait_for(lambda: set(page.targets()) == {"m5", "l5"}, "m4's targets again")
        self.keys(Keys.ARROW_UP)
        target = self.active_hole()
        self.assertIn(target, {"m5", "l5"})
        self.assertIn(f"move here: m4-{target}", self.active_label())
        self.assertEqual(page.body("view-ply"), "0")
        self.keys(Keys.SPACE)
        page.wait_ply(1)
        self.assertIsNotNone(page.piece(target))

    def test_arrow_keys_up_then_down_come_back(self):
        # On the hex grid a hole has two neighbours above and two below: Up then Down
        # comes back to the hole it started from (it went m4, l5, l4), and Up, Up goes
        # straight up.
        walks = ((("m4", [Keys.ARROW_UP, Keys.ARROW_DOWN]), "m4"),
                 (("l5", [Keys.ARROW_DOWN, Keys.ARROW_UP]), "l5"),
                 (("m4", [Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_DOWN, Keys.ARROW_DOWN]), "m4"),
                 (("k7", [Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_UP]), "i11"))
        for (start, keys), end in walks:
            with self.subTest(start=start, keys=len(keys)):
                self.driver.execute_script(f"document.querySelector(\".hole-hit[data-hole='{start}']\").focus();")
                for key in keys:
                    self.keys(key)
                self.assertEqual(self.active_hole(), end)
        # Left or Right between them starts a new walk from where the focus is.
        self.driver.execute_script("document.querySelector(\".hole-hit[data-hole='m4']\").focus();")
        for key in (Keys.ARROW_UP, Keys.ARROW_LEFT, Keys.ARROW_DOWN, Keys.ARROW_UP):
            self.keys(key)
        self.assertEqual(self.active_hole(), "k5")

    def test_escape_clears_the_picked_pieces_moves(self):
        # The notice that lists a picked-up piece's moves goes with the piece.
        page = self.page
        self.driver.execute_script("document.querySelector(\".hole-hit[data-hole='k3']\").focus();")
        self.keys(Keys.ENTER)
        page.wait_for(lambda: page.targets(), "k3's targets")
        self.assertTrue(page.text("notice").startswith("k3: k3-"), page.text("notice"))
        self.keys(Keys.ESCAPE)
        page.wait_for(lambda: page.targets() == {}, "k3 put back")
        self.assertEqual(page.text("notice"), "")

    def test_escape_after_a_mouse_pick_puts_the_piece_back(self):
        # After a click the focus is on the board, not on a hole: Escape still puts the
        # piece back and clears its moves.
        page = self.page
        page.click_piece("k3")
        self.assertTrue(page.text("notice").startswith("k3: k3-"), page.text("notice"))
        self.keys(Keys.ESCAPE)
        page.wait_for(lambda: page.targets() == {}, "k3 put back")
        self.assertEqual(page.text("notice"), "")

    def test_move_now_while_the_analysis_halts(self):
        """Move now pressed as the engine's turn starts, while the analysis of the position
        is still being stopped, ends the engine's search (it was lost: an infinite search
        went on)."""
        page = self.page
        # Player 2 an engine that thinks until stopped, paused at its turn (a loaded game
        # waits for Resume), and the analysis of that position running.
        page.choose("seat-limit-2", "infinite")
        page.set_position("startpos moves m4-l5")
        self.driver.find_element(By.ID, "analyse").click()
        page.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#analysis-lines li"), "the analysis")
        # Resume: the analysis halts and the engine's turn starts; Move now is pressed then.
        page.click_when_engine_turns('move-now')
        page.click("pause")
        page.wait_for(lambda: page.body("ply") == "2", "the engine's move")

    def test_how_to_play_and_new_game_notice(self):
        page = self.page
        self.assertEqual(page.text("notice"), "New game: Standard, 2 players; you play Player 1 "
                                              "(seat 1, blue, circle) against the engine (player 2)")
        help_box = self.driver.find_element(By.ID, "how-to-play")
        self.assertIsNone(help_box.get_attribute("open"))
        help_box.find_element(By.TAG_NAME, "summary").click()
        self.assertIn("Enter or Space", help_box.text)
        self.assertIn("opposite arm", help_box.text)
        page.new_game(preset="super", players="3", seats={1: "person", 2: "person", 3: FAST_ENGINE})
        self.assertEqual(page.text("notice"), "New game: Super, 3 players; people play player 1 and player 2 "
                                              "at this board against the engine (player 3)")

    def test_labels_leave_pieces_visible(self):
        page = self.page
        page.new_game(preset="diamond", seats={1: "person", 2: FAST_ENGINE})
        king = page.piece("m1")
        ActionChains(self.driver).move_to_element(king).perform()
        label = self.driver.find_element(By.CLASS_NAME, "hover-label")
        page.wait_for(lambda: label.text == "m1", "the hover label")
        label_rect = self.driver.execute_script(RECTS, ".hover-label")[0]
        for rect in self.driver.execute_script(RECTS, ".crown") + self.driver.execute_script(RECTS, ".piece-body"):
            self.assertFalse(overlap_rects(label_rect, rect), f"hover label {label_rect} covers {rect}")
        self.driver.find_element(By.ID, "show-names").click()
        page.wait_for(lambda: len(self.driver.find_elements(By.CLASS_NAME, "hole-name")) == 121, "hole names")
        bodies = self.driver.execute_script(RECTS, ".piece-body")
        for name in self.driver.execute_script(RECTS, ".hole-name"):
            for body in bodies:
                self.assertFalse(overlap(name, body), f"hole name {name} covers a piece at {body}")

    def test_resign_asks_first(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        confirm = self.driver.find_element(By.ID, "resign-confirm")
        self.assertFalse(confirm.is_displayed())
        page.click("resign")
        self.assertTrue(confirm.is_displayed())
        self.assertEqual(page.body("game"), "playing")
        page.click("resign-no")
        self.assertFalse(confirm.is_displayed())
        self.assertEqual(page.body("game"), "playing")
        self.assertEqual(page.body("ply"), "0")
        page.click("resign")
        page.click("resign-yes")
        self.assert_result("Player 2 (seat 4) wins (resignation)", ["2", "1"], ["0", "1"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
