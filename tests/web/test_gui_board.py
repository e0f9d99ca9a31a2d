"""The board as drawn at a person's sizes: pieces that use a phone's width; arrows that
end on one hole stay apart; a one-step hint shows on its piece; the header on a phone;
the moves in a row under the board on a phone and a tablet.
In headless
Chromium against the real engine over websocketd; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_board.py build/ccengine
Every wait is on the page's state (data attributes, elements), never a sleep."""

import math
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

# The standard two-player start, player 1 (rows 1-4) to move.
START = ("4/44/444/4444/............./............/.........../........../........./........../.........../"
         "............/............./1111/111/11/1 1 1 0 0 - - playing")
# A board of its own drawn on the page (web/js/board-view.js) with the given analysis
# arrows and hint; returns each arrow's kind, its shaft's points and its head's tip,
# in the board's units.
DRAW_JS = """
    const [start, arrows, hint, done] = arguments;
    Promise.all([import('./js/board-view.js'), import('./js/position.js')]).then(([{ BoardView }, { parsePositionText }]) => {
      document.getElementById('test-board')?.remove();
      const box = Object.assign(document.createElement('div'), { id: 'test-board' });
      box.style.width = '600px';
      document.body.prepend(box);
      new BoardView(box, () => {}).render({
        position: parsePositionText(start), seatsInPlay: new Set([1, 4]), campSize: 10, finishedSeats: new Set(),
        moverSeats: new Set([1]), selected: null, targets: [], trail: [], bestLine: [], arrows, hint });
      const points = (text) => text.trim().split(' ').map((pair) => pair.split(',').map(Number));
      done([...box.querySelectorAll('.layer-arrows > g[data-move]')].map((group) => ({
        kind: group.getAttribute('class'), move: group.dataset.move,
        shaft: points(group.querySelector('.arrow-shaft').getAttribute('points')),
        tip: points(group.querySelector('.arrow-head').getAttribute('points'))[0] })));
    }).catch((error) => done(String(error)));"""

# Whether the Watch button, made three lines tall (over 50 px), is inside the header.
TOGGLE_IN_HEADER_JS = """
    const toggle = document.getElementById('watch-toggle').getBoundingClientRect();
    return toggle.height > 50 && toggle.bottom <= document.querySelector('header').getBoundingClientRect().bottom;"""


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

    def test_arrows_ending_on_one_hole_stay_apart(self):
        """Three analysis lines and the hint (line 1's move again) end on l5, three of
        them coming in along m4-l5: four arrows, each with its own tip and its own last
        stretch of shaft (drawn over each other they read as two)."""
        arrows = self.driver.execute_async_script(DRAW_JS, START, [["m4", "l5"], ["m2", "m4", "l5"], ["l4", "l5"]],
                                                  ["m4", "l5"])
        self.assertEqual(len(arrows), 4, arrows)
        for i, first in enumerate(arrows):
            for second in arrows[i + 1:]:
                apart = math.dist(first["tip"], second["tip"])
                self.assertGreaterEqual(apart, 6, f"the tips of {first['kind']} and {second['kind']}: {arrows}")
                self.assertNotEqual(first["shaft"][-2:], second["shaft"][-2:], arrows)
        # An arrow alone at its end still points at the hole's centre.
        alone = self.driver.execute_async_script(DRAW_JS, START, [["m4", "l5"], ["l4", "k5"]], [])
        centre = self.driver.execute_script(
            "const hole = document.querySelector('#test-board .hole[data-hole=\"l5\"]');"
            "return [Number(hole.getAttribute('cx')), Number(hole.getAttribute('cy'))];")
        self.assertLess(math.dist(alone[0]["tip"], centre), 0.2, alone)

    def test_a_one_step_hint_shows_on_its_piece(self):
        """On a phone a one-step hint's arrow (k4-k5) is shorter than its piece is wide,
        and blue on a blue piece: the piece and the hole it goes to are ringed above the
        pieces, wider than a piece, and the arrow has a white edge."""
        self.at(PHONE)
        arrows = self.driver.execute_async_script(DRAW_JS, START, [], ["k4", "k5"])
        self.assertEqual([arrow["move"] for arrow in arrows], ["k4-k5"], arrows)
        marks = self.driver.execute_script("""
            const board = document.querySelector('#test-board svg');
            const layers = [...board.children].map((layer) => layer.getAttribute('class'));
            const piece = Number(board.querySelector('.piece[data-hole="k4"] .piece-body').getAttribute('r'));
            return { piece, layers,
                     rings: [...board.querySelectorAll('.hint-hole')].map((ring) => [ring.dataset.hole,
                       ring.parentNode.getAttribute('class'), Number(ring.querySelector('.hint-ring').getAttribute('r'))]),
                     edge: board.querySelector('.hint-arrow .arrow-edge') !== null };""")
        above = marks["layers"].index("layer-arrows") > marks["layers"].index("layer-pieces")
        self.assertTrue(above, marks)
        self.assertEqual([(hole, layer) for hole, layer, _ in marks["rings"]],
                         [("k4", "layer-arrows"), ("k5", "layer-arrows")], marks)
        self.assertTrue(all(radius > marks["piece"] for _, _, radius in marks["rings"]), marks)
        self.assertTrue(marks["edge"], marks)

    def test_analysis_arrows_read_on_small_pieces(self):
        """Three analysis lines on the start position (pieces of 24 px on a phone and a
        laptop): each arrow has a head half a step long and nearly a piece wide (the
        lesser lines' heads were 11-15 units long, short marks on the piece), a white edge
        under its shaft, and is nearly opaque (the third line's was at 0.42)."""
        self.at(PHONE)
        arrows = self.driver.execute_async_script(DRAW_JS, START, [["m4", "l5"], ["k4", "k5"], ["l3", "l5", "l7"]], [])
        self.assertEqual(len(arrows), 3, arrows)
        shown = self.driver.execute_script("""
            const points = (text) => text.trim().split(' ').map((pair) => pair.split(',').map(Number));
            return [...document.querySelectorAll('#test-board .analysis-arrow')].map((group) => {
              const [tip, left, right] = points(group.querySelector('.arrow-head').getAttribute('points'));
              const base = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];
              return { move: group.dataset.move, length: Math.hypot(tip[0] - base[0], tip[1] - base[1]),
                       width: Math.hypot(left[0] - right[0], left[1] - right[1]),
                       edge: group.querySelector('.arrow-edge') !== null,
                       opacity: Number(getComputedStyle(group).opacity) }; });""")
        for arrow in shown:
            with self.subTest(move=arrow["move"]):
                # Board units: neighbouring holes are 40 apart, a piece 28 or 36 across.
                self.assertGreaterEqual(arrow["length"], 20, arrow)
                self.assertGreaterEqual(arrow["width"], 24, arrow)
                self.assertTrue(arrow["edge"], arrow)
                self.assertGreaterEqual(arrow["opacity"], 0.75, arrow)

    def test_kings_crowns_inside_the_board(self):
        """Diamond's kings start on the arms' tips: the top one's crown, drawn above its
        piece, was cut off by the board's top edge on a phone (the narrow board has no
        margin). Every crown is inside the board at every size."""
        for screen in (PHONE, SMALL_PHONE, TABLET, LAPTOP):
            with self.subTest(width=screen["width"]):
                self.at(screen)
                self.page.new_game(preset="diamond", seats={1: "person", 2: page_test.FAST_ENGINE})
                shown = self.driver.execute_script("""
                    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
                    return { board: box(document.querySelector('#board svg.board')),
                             crowns: [...document.querySelectorAll('#board .crown')].map(box) };""")
                self.assertEqual(len(shown["crowns"]), 2, shown)
                left, top, right, bottom = shown["board"]
                for crown in shown["crowns"]:
                    self.assertTrue(left <= crown[0] and top <= crown[1] and crown[2] <= right and crown[3] <= bottom,
                                    shown)

    def test_the_header_fits_a_phone(self):
        """On a phone the engine's name and server take two lines at most beside the
        Watch button, inside the header (they took three), the whole in a tooltip."""
        for screen in (PHONE, SMALL_PHONE):
            with self.subTest(width=screen["width"]):
                self.at(screen)
                self.page.wait_for(lambda: "server" in self.page.text("connection-status"), "the engine's name")
                header = self.driver.execute_script("""
                    const rect = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                                           return [r.left, r.top, r.right, r.bottom]; };
                    const status = document.getElementById('connection-status');
                    return { status: rect('connection-status'), toggle: rect('watch-toggle'),
                             header: document.querySelector('header').getBoundingClientRect().bottom,
                             font: parseFloat(getComputedStyle(status).fontSize), title: status.title };""")
                left, top, right, bottom = header["status"]
                # Two lines of the normal line height (some 1.2 em each), not three.
                self.assertLessEqual(bottom - top, 2.6 * header["font"], header)
                self.assertLessEqual(right, header["toggle"][0], header)
                self.assertLessEqual(header["toggle"][3], header["header"], header)
                self.assertIn("server ws://", header["title"], header)
                # The header holds the button whatever its height: in a font wider than
                # Arial's metrics (DejaVu or Nimbus Sans, without fonts-liberation) it took
                # three lines, 56.6 px in a 53.6 px header. Made so here whatever the fonts.
                self.driver.execute_script("document.getElementById('watch-toggle').style.width = '4.5em';")
                self.page.wait_for(lambda: self.driver.execute_script(TOGGLE_IN_HEADER_JS),
                                   "the header to hold a taller Watch button", seconds=5)

    def test_moves_in_a_strip_under_the_board_on_a_phone_and_a_tablet(self):
        """On a phone or tablet the Moves panel is 1,200 px or more below the board, its list
        a small box of its own: the moves are also in one row right under the board (the
        last move marked and in view; a tap on one shows it). Beside the panels (a
        laptop) the row is not drawn."""
        for screen in (PHONE, TABLET, LAPTOP):
            with self.subTest(width=screen["width"]):
                self.at(screen)
                page = self.page
                page.new_game(seats={1: "person", 2: page_test.FAST_ENGINE})
                for source, target in (("m3", "m5"), ("l3", "l5")):
                    ply = int(page.body("ply"))
                    page.move(source, target)
                    page.wait_for(lambda: page.body("ply") == str(ply + 2) and page.body("turn") == "person",
                                  "the engine's reply")
                strip = self.driver.execute_script("""
                    const strip = document.getElementById('move-strip');
                    const moves = document.getElementById('strip-moves');
                    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
                    const current = moves.querySelector('li.current');
                    return { shown: strip.getClientRects().length > 0, strip: box(strip), row: box(moves),
                             board: box(document.querySelector('#board svg.board')),
                             moves: [...moves.querySelectorAll('li[data-ply]')].map((item) => item.textContent),
                             current: current && [current.dataset.ply, box(current)] };""")
                if screen is LAPTOP:
                    self.assertFalse(strip["shown"], strip)
                    continue
                self.assertTrue(strip["shown"], strip)
                self.assertLess(strip["strip"][1] - strip["board"][3], 60, strip)  # right under the board
                self.assertEqual(len(strip["moves"]), 4, strip)
                self.assertTrue(strip["moves"][0].startswith("1") and strip["moves"][0].endswith("m3-m5"), strip)
                ply, (left, _, right, _) = strip["current"]
                self.assertEqual(ply, "4", strip)
                self.assertTrue(strip["row"][0] <= left and right <= strip["row"][2] + 1, strip)
                self.driver.execute_script(
                    "document.querySelector('#strip-moves li[data-ply=\"1\"] button').click();")
                page.wait_for(lambda: page.body("view-ply") == "1", "move 1 shown")
                self.driver.execute_script("document.getElementById('strip-next').click();")
                page.wait_for(lambda: page.body("view-ply") == "2", "move 2 shown")


if __name__ == "__main__":
    unittest.main()
