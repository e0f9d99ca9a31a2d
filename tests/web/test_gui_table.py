"""The browser GUI on a phone and around a party table: a setup that changes
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
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from page_test import FAST_ENGINE, PageTest  # noqa: E402


# A phone's screen, as Chromium's device emulation gives it.
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
TABLET = {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": True}
LAPTOP = {"width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False}
# Rectangles (CSS pixels) of the elements a selector finds: [left, top, right, bottom].
RECTS = ("return [...document.querySelectorAll(arguments[0])].map((e) => {"
         " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });")


def setUpModule():
    page_test.setUpModule()


def tearDownModule():
    page_test.tearDownModule()


class TableTest(PageTest):
    def tearDown(self):
        super().tearDown()
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

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

    def phone(self, touch=True):
        """The page on a 390x844 phone, a finger's touch screen."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
        self.page.open()
        self.assertEqual(self.driver.execute_script("return window.innerWidth;"), 390)

    def test_touch_targets_on_a_phone(self):
        page = self.page
        self.phone()
        self.assertTrue(self.driver.execute_script("return matchMedia('(pointer: coarse)').matches;"))
        # Every hole's hit area is at least 24x24 CSS pixels (WCAG 2.2, target size minimum).
        sizes = self.driver.execute_script(RECTS, ".hole-hit")
        self.assertEqual(len(sizes), 121)
        smallest = min(min(r[2] - r[0], r[3] - r[1]) for r in sizes)
        self.assertGreaterEqual(smallest, 24, "a hole's hit area on the phone")
        # ... and it is the hole's whole cell: a finger anywhere in it, nearer to this hole
        # than to any other, finds this hole (the centre's empty hole i9, probed towards
        # its neighbours and between them, at nine tenths of the way to the cell's edge).
        found = self.driver.execute_script("""
            const hit = document.querySelector('.hole-hit[data-hole="i9"]');
            const box = hit.getBoundingClientRect();
            const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
            const apothem = box.width / 2, corner = box.height / 2;
            const found = [];
            for (let k = 0; k < 12; k += 1) {
              const angle = k * Math.PI / 6, reach = 0.9 * (k % 2 === 0 ? apothem : corner);
              const under = document.elementFromPoint(cx + reach * Math.cos(angle), cy + reach * Math.sin(angle));
              found.push(under?.dataset?.hole ?? under?.tagName);
            }
            return found;""")
        self.assertEqual(found, ["i9"] * 12)
        # Buttons a finger can hit on a touch screen, and a checkbox larger than 13 px.
        heights = self.driver.execute_script(
            "return [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null)"
            ".map((b) => [b.id || b.textContent, b.getBoundingClientRect().height]);")
        self.assertTrue(heights)
        self.assertEqual([(name, height) for name, height in heights if height < 44], [])
        self.assertGreaterEqual(self.driver.find_element(By.ID, "analyse").rect["height"], 24)
        # A bigger board to play on: larger holes, the board scrolls.
        page.choose("board-size", "large")
        cell = self.driver.execute_script(RECTS, '.hole-hit[data-hole="m4"]')[0]
        self.assertGreaterEqual(cell[2] - cell[0], 44)
        self.assertTrue(self.driver.execute_script(
            "const box = document.getElementById('board'); return box.scrollWidth > box.clientWidth;"))
        page.move("m4", "l5")

    def touch_tap(self, selector):
        """A finger's tap at an element's centre (touch events: the browser makes the
        click and the mouse events a tap brings)."""
        x, y = self.driver.execute_script(
            "const box = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return [box.left + box.width / 2, box.top + box.height / 2];", selector)
        for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def hover_drawings(self):
        return self.driver.execute_script(
            "return [document.querySelector('.layer-preview').childElementCount,"
            " document.querySelector('.hover-label').getAttribute('visibility')];")

    def test_a_tapped_move_leaves_no_hover_drawings(self):
        page = self.page
        self.phone()
        refusals = page.body("refusals")
        self.touch_tap('.piece[data-hole="m4"]')
        page.wait_for(lambda: page.targets() or page.body("refusals") != refusals, "the targets of m4")
        self.assertIn("l5", page.targets())
        self.touch_tap('.target[data-hole="l5"]')
        page.wait_ply(1)
        self.assertEqual(self.hover_drawings(), [0, "hidden"])
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        self.assertEqual(self.hover_drawings(), [0, "hidden"])

    def test_six_players_every_reply_is_drawn_and_the_mover_named(self):
        page = self.page
        page.choose("animation", "off")
        page.new_game(players="6", seats={1: "person", **{player: FAST_ENGINE for player in range(2, 7)}})
        status_seats = lambda: self.driver.execute_script(  # noqa: E731
            "return [...document.querySelectorAll('#status svg.swatch')].map((s) => s.getAttribute('class'));")
        self.assertEqual(status_seats(), ["swatch seat-1"])
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "6" and page.body("turn") == "person", "the five engines' replies")
        trail = self.driver.execute_script(
            "return [...document.querySelectorAll('.layer-paths polyline.last-move')]"
            ".map((line) => [line.closest('[data-seat]')?.dataset.seat, getComputedStyle(line.parentNode).opacity]);")
        self.assertEqual([seat for seat, _ in trail], ["2", "3", "4", "5", "6"])
        opacities = [float(opacity) for _, opacity in trail]
        self.assertEqual(opacities, sorted(opacities), "older moves are fainter")
        self.assertLess(opacities[0], opacities[-1])
        self.assertEqual(status_seats(), ["swatch seat-1"])
        # Three moves back player 4 is to move: the status shows its colour and shape.
        for _ in range(3):
            page.click("previous-move")
        page.wait_for(lambda: page.body("view-ply") == "3", "move 3 shown")
        self.assertEqual(status_seats(), ["swatch seat-4"])
        self.assertIn("Player 4", page.text("status"))

    def test_result_next_to_the_board_with_its_score_explained(self):
        page = self.page
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1366, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        page.open()
        page.new_game(seats={1: "person", 2: "person"})
        page.set_position(page_test.NEAR_END)
        page.move("e8", "f8")
        page.move("h13", "h14")
        page.wait_for(lambda: page.body("game") == "over", "the end of the game")
        self.driver.execute_script("window.scrollTo(0, 0);")
        box = self.driver.find_element(By.ID, "result")
        self.assertTrue(box.is_displayed())
        self.assertLess(box.rect["y"], self.driver.execute_script("return window.innerHeight;"),
                        "the result is on the first screen")
        # ... where the board is: under it (with six players the panel beside it grows).
        board = self.driver.find_element(By.CSS_SELECTOR, "svg.board").rect
        self.assertLess(box.rect["x"], board["x"] + board["width"], "the result is beside the board")
        self.assertLess(box.rect["y"] - (board["y"] + board["height"]), 150, "the result is far below the board")
        self.assertIn("number of players minus the place", box.text)
        self.assertTrue(box.find_elements(By.CSS_SELECTOR, "h2 svg.swatch.seat-1"))
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, "#status svg.swatch.seat-1"))

    def test_focus_and_picked_rings_differ_and_hint_is_near_the_board(self):
        page = self.page
        self.driver.execute_script("document.activeElement.blur();")
        ActionChains(self.driver).send_keys(Keys.TAB).perform()
        self.assertIsNotNone(self.driver.execute_script("return document.activeElement.dataset?.hole ?? null;"))
        self.driver.execute_script("document.querySelector(\".hole-hit[data-hole='m4']\").focus();")
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        page.wait_for(lambda: set(page.targets()) == {"m5", "l5"}, "m4's targets")
        rings = self.driver.execute_script("""
            const look = (e) => { const s = getComputedStyle(e); return [s.stroke, s.strokeDasharray]; };
            return [look(document.activeElement), look(document.querySelector('.selected-ring'))];""")
        focus, picked = rings
        self.assertNotEqual(focus[0], picked[0], f"focus ring {focus}, picked ring {picked}: the same colour")
        self.assertNotEqual(focus[1], picked[1], f"focus ring {focus}, picked ring {picked}: the same dashes")
        # From the board to Hint: the game's buttons come before the setup form.
        tabs = 0
        while self.driver.execute_script("return document.activeElement.id;") != "hint":
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            tabs += 1
            self.assertLess(tabs, 30, "Tab never reached Hint")
        self.assertLessEqual(tabs, 5, "Tabs from the board to Hint")

    def board_top(self):
        return self.driver.execute_script("return document.querySelector('svg.board').getBoundingClientRect().top + scrollY;")

    def test_phone_board_stays_put_while_the_engine_thinks(self):
        page = self.page
        self.phone()
        tops = {"person": {self.board_top()}, "engine": set()}
        for source, target in (("m4", "l5"), ("k3", "k5")):
            ply = int(page.body("ply"))
            page.move(source, target)
            page.wait_for(lambda: page.body("turn") == "engine" or int(page.body("ply")) > ply + 1, "the engine to think")
            tops["engine"].add(self.board_top())
            page.wait_for(lambda: int(page.body("ply")) == ply + 2 and page.body("turn") == "person", "the reply")
            tops["person"].add(self.board_top())
        self.assertTrue(tops["engine"], "the engine's thinking was not seen")
        self.assertEqual(len(tops["person"] | tops["engine"]), 1, f"the board's top moved: {tops}")

    def test_phone_new_game_brings_the_board_into_view(self):
        page = self.page
        self.phone()
        page.start_and_wait(lambda: page.click("new-game"), "the new game")  # the button is at the page's bottom
        top = self.driver.execute_script("return document.querySelector('svg.board').getBoundingClientRect().top;")
        self.assertGreaterEqual(top, 0)
        self.assertLess(top, self.driver.execute_script("return innerHeight;") / 2, "the board is out of view")


    def screen(self, metrics, touch):
        """The page afresh on a screen of this size, from its top."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
        self.page.open()
        self.driver.execute_script("window.scrollTo(0, 0);")

    def in_view(self, element_id):
        """Whether the element lies wholly within the window as it is scrolled now."""
        return self.driver.execute_script(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
            "return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;", element_id)

    def test_new_game_is_one_tap_away_on_phone_and_tablet(self):
        # The setup comes after the game's panels there: a button in the first screen
        # leads to it.
        page = self.page
        for metrics in (PHONE, TABLET):
            self.screen(metrics, True)
            self.assertFalse(self.in_view("new-game"), f"{metrics['width']}: New game is on the first screen already")
            self.assertTrue(self.in_view("to-setup"), f"{metrics['width']}: the way to the setup")
            self.driver.find_element(By.ID, "to-setup").click()
            page.wait_for(lambda: self.in_view("new-game") and self.in_view("preset"), "the setup in view")
            page.start_and_wait(lambda: page.click("new-game"), "the new game")

    def test_game_buttons_and_refusal_in_view_on_a_laptop(self):
        page = self.page
        self.screen(LAPTOP, False)
        self.assertFalse(self.driver.find_element(By.ID, "to-setup").is_displayed(), "the setup is beside the board")
        self.assertTrue(self.in_view("play"), "the game's buttons are below the screen")
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        self.driver.execute_script("window.scrollTo(0, 0);")
        self.assertTrue(self.in_view("play"), "the game's buttons are below the screen")
        # A refused New game with the rules open (the button far down): its message shows.
        self.driver.find_element(By.CSS_SELECTOR, "#more-rules summary").click()
        page.set_value("seat-clock-2", "5 minutes")
        refusals = page.body("refusals")
        page.click("new-game")
        page.wait_for(lambda: page.body("refusals") != refusals, "the refusal")
        page.wait_for(lambda: self.in_view("new-game-refusal"), "the refusal in view")

if __name__ == "__main__":
    unittest.main(verbosity=2)
