"""The browser GUI's clocks, analysis, hints, evaluation graph, the board turned to
the person and the rules form built from `cci`, in headless Chromium against the real
engine over websocketd (and once against a wrapper that announces one rule more).
Run by ctest (tests/CMakeLists.txt):
    python3 tests/web/test_gui_study.py build/ccengine
Every wait is on the page's state (data attributes, elements), never a sleep."""

import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import page_test  # noqa: E402  (takes the engine's path from sys.argv)
from browser import SET_CONTROL_JS, gui_server  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from page_test import BROWSER, ENGINE, FAST_ENGINE, PageTest  # noqa: E402

# A short game of two people, for the graph (no engine moves in it).
SHORT_GAME = "position startpos moves m4-l5 e14-f13 k3-k5 f13-g12 m3-m4 g15-g13"


def setUpModule():
    page_test.setUpModule()
    context = gui_server(sys.executable, os.path.join(HERE, "extra_rule_engine.py"), ENGINE)
    BROWSER["contexts"].append(context)
    BROWSER["extra"] = context.__enter__()


def tearDownModule():
    page_test.tearDownModule()


def engine_go_lines(log):
    """The `go` commands of the engine's own moves in these lines of the protocol log,
    without the short glance at a person's position for the evaluation bar
    (web/js/analysis.js)."""
    return [line for line in log if line.startswith("> go") and line != "> go movetime 200"]


class StudyTest(PageTest):
    def attributes(self, selector, name):
        """An attribute of every element the selector finds, read at one moment (the
        board is redrawn on every line the analysis prints)."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.getAttribute(arguments[1]));",
            selector, name)

    def texts(self, selector):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent);", selector)

    def clock_ms(self, player):
        value = self.driver.find_element(By.CSS_SELECTOR, f"#clocks .clock[data-player='{player}']").get_attribute("data-ms")
        return int(value) if value else None

    def record(self):
        page = self.page
        page.set_text_box("")
        page.click("copy-record")
        box = self.driver.find_element(By.ID, "text-box")
        page.wait_for(lambda: box.get_attribute("value").startswith("[Event"), "the record")
        return box.get_attribute("value")

    def test_clock_game_engine_plays_by_its_clock_and_a_flag_falls(self):
        """1+0.1 for both: the engine (player 1) gets its clock in `go` and its clock
        runs; the person does not move, and its flag falls, which
        loses the two-player game."""
        page = self.page
        page.new_game(seats={1: ("engine", "movetime", 1000, 20), 2: "person"}, clocks={1: "1+0.1", 2: "1+0.1"})
        page.wait_for(lambda: page.body("ply") == "1", "the engine's move")
        go_lines = engine_go_lines(page.log_tail(200).split("\n"))
        self.assertRegex(go_lines[-1], r"^> go p1time \d+ p2time \d+ p1inc 100 p2inc 100$")
        # The engine's clock ran while it thought (the increment's arithmetic, which
        # real time cannot pin down, is checked exactly in test_clock_arithmetic).
        self.assertLess(self.clock_ms(1), 1100)
        self.assertGreater(self.clock_ms(1), 0)
        person_clock = self.driver.find_element(By.CSS_SELECTOR, "#clocks .clock[data-player='2']")
        self.assertIn("(you)", person_clock.text)
        # The person does not move: its flag falls.
        page.wait_for(lambda: page.body("game") == "over", "the person's flag to fall", seconds=30)
        self.assertEqual(page.text("status"), "Game over: Player 1 (seat 1) wins (player 2 out of time)")
        self.assertEqual(self.clock_ms(2), 0)
        self.assertIn("flagged", person_clock.get_attribute("class"))
        self.assertEqual(page.text("move-list").split("\n")[-1], "P2 resign (time)")
        record = self.record()
        for tag in ['[TimeControl1 "1+0.1"]', '[TimeControl2 "1+0.1"]', '[Result "1-0"]', '[Reason "time-loss"]',
                    '[Termination "player 2 loses on time"]', '[Forfeit2 "time-loss 2 the clock ran out"]']:
            self.assertIn(tag, record)
        self.assertTrue(record.rstrip().endswith("resign"), record)

    def test_an_engine_on_its_clock_says_it_is_thinking(self):
        """300+3 for both: the engine may spend many seconds a move, so its clock says that
        it is thinking and for how long this move has taken; the person's does not, and
        the engine's says nothing once it has moved."""
        page = self.page
        page.new_game(seats={1: "person", 2: ("engine", "movetime", 1000, 20)}, clocks={1: "300+3", 2: "300+3"})
        # Every text the engine's clock box shows while it thinks, however short.
        self.driver.execute_script("""
            window.seenThinking = [];
            window.clockRows = new Set([document.getElementById('clocks').offsetHeight]);
            const box = document.querySelector("#clocks .clock[data-player='2']");
            new MutationObserver(() => {
              const state = box.querySelector('.clock-state')?.textContent ?? '';
              if (box.classList.contains('thinking') && state) window.seenThinking.push(state);
              window.clockRows.add(document.getElementById('clocks').offsetHeight);
            }).observe(box, { attributes: true, childList: true, subtree: true, characterData: true });""")
        page.move("m3", "m5")
        page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
        seen = self.driver.execute_script("return window.seenThinking;")
        self.assertTrue(seen and all(re.fullmatch(r"thinking \d+\.\d s", text) for text in seen), seen)
        # The row of clocks kept its height: the board under it did not move.
        self.assertEqual(len(self.driver.execute_script("return [...window.clockRows];")), 1)
        for player in ("1", "2"):
            clock = self.driver.find_element(By.CSS_SELECTOR, f"#clocks .clock[data-player='{player}']")
            self.assertNotIn("thinking", clock.get_attribute("class"))
            self.assertNotIn("thinking", clock.text)

    def test_seat_changes_while_a_new_game_starts_leave_its_engine_to_its_clock(self):
        """New game is pressed while the game it replaces has its engine to move, and a
        seat's setting changes every few milliseconds while the new game is set up (a
        loaded machine spreads a person's clicks so): no engine starts on the old game,
        and the new game's engine plays by its clock."""
        page = self.page
        games = page.body("games")
        self.driver.execute_script(SET_CONTROL_JS + """
            set('seat-clock-1', '1+0.1');
            set('seat-clock-2', '1+0.1');
            set('seat-kind-2', 'person');
            set('seat-kind-1', 'engine');  // the game in play: its engine starts
            document.getElementById('new-game').click();
            const skill = document.getElementById('seat-skill-1');
            let changes = 0;
            const nudge = setInterval(() => {
              skill.dispatchEvent(new Event('change'));
              if (++changes === 150) clearInterval(nudge);
            }, 2);""")
        page.wait_for(lambda: page.body("games") != games and page.body("ply") == "1", "the new game's first move")
        log = page.log_tail(2000).split("\n")
        setrules = max(i for i, line in enumerate(log) if line.startswith("> setrules"))
        go_lines = engine_go_lines(log[setrules:])
        self.assertTrue(go_lines)
        for line in go_lines:
            self.assertRegex(line, r"^> go p1time \d+ p2time \d+ p1inc 100 p2inc 100$")
        self.assertLess(self.clock_ms(1), 1100)

    def test_resigning_adds_no_increment(self):
        # The increment is for a move made; a resignation ends the player's game.
        page = self.page
        page.new_game(seats={1: "person", 2: "person"}, clocks={1: "60+30", 2: "60+30"})
        page.click("resign")
        page.click("resign-yes")
        page.wait_for(lambda: page.body("game") == "over", "the resignation")
        self.assertLessEqual(self.clock_ms(1), 60000)
        self.assertEqual(self.clock_ms(2), 60000)

    def test_clock_arithmetic(self):
        """The page's clocks with a time source the test sets: a move costs the time it
        took and gains the increment, a pause costs nothing, `go` gets the time left."""
        steps = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            import('./js/clock.js').then(({ GameClocks, parseTimeControl }) => {
              let t = 0;
              const clocks = new GameClocks([parseTimeControl('1+0.1'), null, parseTimeControl('2')], () => t);
              const seen = [];
              const look = () => seen.push([clocks.left(1), clocks.left(2), clocks.left(3), clocks.goWords()]);
              clocks.start(1); t = 100; look();
              clocks.moved(1); clocks.start(2); t = 5000; look();
              clocks.moved(2); clocks.start(3); t = 5300; clocks.halt(); t = 9000; look();
              clocks.start(3); t = 9200; clocks.moved(3); look();
              done(seen);
            }, (error) => done(String(error)));""")
        self.assertEqual(steps, [
            [900, None, 2000, "p1time 900 p3time 2000 p1inc 100"],
            [1000, None, 2000, "p1time 1000 p3time 2000 p1inc 100"],
            [1000, None, 1700, "p1time 1000 p3time 1700 p1inc 100"],
            [1000, None, 1500, "p1time 1000 p3time 1500 p1inc 100"]])

    def test_a_flag_in_a_three_player_game_resigns_and_play_goes_on(self):
        page = self.page
        page.new_game(players="3", seats={1: "person", 2: "person", 3: "person"}, clocks={1: "0.5"})
        page.wait_for(lambda: page.body("ply") == "1", "player 1's flag to fall", seconds=30)
        self.assertEqual(page.body("game"), "playing")
        self.assertEqual(page.body("mover"), "2")
        self.assertIn("Player 1, resigned (place 3)", page.text("legend"))
        # Player 2 has no clock and plays on: the first of its pieces that can move.
        for hole in self.attributes(".piece.seat-3", "data-hole"):
            targets = page.click_piece(hole)
            if targets:
                page.click_target(sorted(targets)[0])
                break
        page.wait_ply(2)
        self.assertEqual(page.body("mover"), "3")

    def test_pause_stops_the_clock_and_resume_runs_it(self):
        page = self.page
        page.new_game(seats={1: "person", 2: "person"}, clocks={1: "600+0", 2: "600+0"})
        page.move("m4", "l5")
        after_move = self.clock_ms(1)
        self.assertLess(after_move, 600000)
        page.wait_for(lambda: self.clock_ms(2) < 600000, "player 2's clock to run")
        self.assertEqual(self.clock_ms(1), after_move)  # stopped, no increment
        page.click("pause")
        page.wait_for(lambda: self.driver.find_element(By.ID, "pause").text == "Resume", "the pause")
        paused_at = self.clock_ms(2)
        # A move is refused while paused; the clock has not moved meanwhile.
        refusals = page.body("refusals")
        page.piece("e14").click()
        page.wait_for(lambda: page.body("refusals") != refusals, "the refusal")
        self.assertIn("paused", page.text("notice"))
        self.assertEqual(self.clock_ms(2), paused_at)
        page.click("pause")
        page.wait_for(lambda: self.clock_ms(2) < paused_at, "the clock to run again")
        page.move("e14", "f13")
        # Player 2's clock stopped at its move; player 1's runs.
        stopped_at = self.clock_ms(2)
        page.wait_for(lambda: self.clock_ms(1) < 600000, "player 1's clock to run")
        self.assertEqual(self.clock_ms(2), stopped_at)
        # Take back restores the clocks as they were before the move taken back.
        page.click("take-back")
        page.wait_for(lambda: page.body("ply") == "1", "the take-back")
        self.assertEqual(self.clock_ms(1), after_move)

    def test_analysis_with_three_lines_shows_three_arrows(self):
        page = self.page
        page.new_game(seats={1: "person", 2: "person"})
        page.choose("multipv", "3")
        self.driver.find_element(By.ID, "analyse").click()
        arrows = lambda: self.attributes(".analysis-arrow", "data-move")  # noqa: E731
        lines = lambda: self.texts("#analysis-lines li")  # noqa: E731
        page.wait_for(lambda: len(arrows()) == 3 and len(lines()) == 3, "three arrows and three lines")
        player1 = set(self.attributes(".piece.seat-1", "data-hole"))
        starts = lambda: {move.split("-")[0] for move in arrows()}  # noqa: E731
        self.assertTrue(starts() <= player1, arrows())
        self.assertEqual(len(set(arrows())), 3)
        self.assertEqual(len(self.attributes(".analysis-arrow.rank-1", "data-move")), 1)
        for line in lines():
            self.assertRegex(line, r"^[+-]\d+\.\d\dd\d+[a-q]\d+(-[a-q]\d+)+")
        page.wait_for(lambda: self.driver.find_element(By.ID, "eval-bar").get_attribute("data-value"), "the bar's value")
        # A move by clicks, then stepping back: each position shown is analysed.
        page.move("m4", "l5")
        page.wait_for(lambda: len(arrows()) == 3 and not starts() & player1, "player 2's lines")
        page.click("previous-move")
        page.wait_for(lambda: page.body("view-ply") == "0" and len(arrows()) == 3 and starts() <= player1,
                      "the start position's lines")
        self.assertEqual(page.body("ply"), "1")
        # One line: one arrow.
        page.choose("multipv", "1")
        page.wait_for(lambda: len(arrows()) == 1 and len(lines()) == 1, "one line")
        self.driver.find_element(By.ID, "analyse").click()
        page.wait_for(lambda: not arrows() and page.text("analysis-note") == "off", "analysis off")

    def test_evaluation_graph_has_a_point_per_move_and_goes_to_it(self):
        page = self.page
        page.new_game(seats={1: "person", 2: "person"})
        page.set_position(SHORT_GAME)
        graph = self.driver.find_element(By.CSS_SELECTOR, "svg.eval-graph")
        # At most the last move's point: a glance for the evaluation bar on a person's turn.
        self.assertLessEqual(int(graph.get_attribute("data-points")), 1)
        evaluated = page.body("evaluated")
        page.click("evaluate-game")
        page.wait_for(lambda: page.body("evaluated") != evaluated, "the evaluation")
        self.assertEqual(graph.get_attribute("data-points"), "6")
        self.assertEqual(page.body("ply"), "6")
        point = self.driver.find_element(By.CSS_SELECTOR, ".graph-point[data-ply='3']")
        ActionChains(self.driver).move_to_element(point).click().perform()
        page.wait_for(lambda: page.body("view-ply") == "3", "move 3")
        self.assertEqual(page.body("ply"), "6")

    def test_a_hint_is_shown_and_changes_nothing(self):
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        before = page.position_text()
        page.click("hint")
        page.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".hint-arrow"), "the hint")
        move = self.driver.find_element(By.CSS_SELECTOR, ".hint-arrow").get_attribute("data-move")
        self.assertIn(f"Hint: {move}", page.text("notice"))
        self.assertEqual(page.body("ply"), "0")
        self.assertEqual(page.body("turn"), "person")
        self.assertEqual(page.position_text(), before)
        # It is a legal move of the person's piece, and playing it is up to the person.
        holes = move.split("-")
        self.assertIn(holes[-1], page.click_piece(holes[0]))
        page.click_target(holes[-1])
        page.wait_ply(1)
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, ".hint-arrow"))

    def test_a_seat_plays_at_its_strength_and_the_hint_at_full_strength(self):
        # The strength by name and number sets UCI_LimitStrength and UCI_Elo for that
        # seat's moves (one engine plays every seat), hides the skill it replaces, and is
        # saved with the game; the hint and the analysis turn the limit off and say so.
        page = self.page
        page.choose("seat-kind-2", "engine")
        page.choose("seat-strength-2", "1000")
        self.assertFalse(self.driver.find_element(By.ID, "seat-skill-2").is_displayed())
        page.new_game(seats={1: "person"})
        page.move("m4", "l5")
        page.wait_for(lambda: page.body("turn") == "person" and page.body("ply") == "2", "the engine's move")
        log = page.log_tail(200)
        limited = log.rfind("> setoption name UCI_Elo value 1000")
        self.assertGreaterEqual(limited, 0, log)
        self.assertLess(log.rfind("> setoption name UCI_LimitStrength value true"), limited)
        saved = self.driver.execute_script("return localStorage.getItem('ccengine.savedGame');") or ""
        self.assertIn('"strength":"1000"', saved)
        page.click("hint")
        page.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".hint-arrow"), "the hint")
        self.assertIn("at full strength", page.text("notice"))
        self.assertGreater(page.log_tail(200).rfind("> setoption name UCI_LimitStrength value false"), 0)
        headings = self.driver.execute_script("return [...document.querySelectorAll('h2')].map((h) => h.textContent);")
        self.assertIn("Analysis at full strength", headings)

    def test_a_hint_while_analysing_is_the_first_line(self):
        # One search: the hint is the analysis's best move, not a second search's that
        # may disagree with it.
        page = self.page
        page.new_game(seats={1: "person", 2: "person"})
        page.choose("multipv", "1")
        # Every move the best-line arrow shows, from now on.
        self.driver.execute_script("""
            window.bestMoves = new Set();
            new MutationObserver(() => document.querySelectorAll('.analysis-arrow.rank-1')
              .forEach((arrow) => window.bestMoves.add(arrow.dataset.move)))
              .observe(document.getElementById('board'), { subtree: true, childList: true, attributes: true });""")
        self.driver.find_element(By.ID, "analyse").click()
        page.wait_for(lambda: self.attributes(".analysis-arrow.rank-1", "data-move"), "the analysis's best line")
        searches = lambda: self.driver.execute_script(  # noqa: E731
            "return [...document.querySelectorAll('#log div')].filter((d) => d.textContent.startsWith('> go ')).length;")
        before = searches()
        page.click("hint")
        page.wait_for(lambda: self.attributes(".hint-arrow", "data-move"), "the hint")
        move = self.attributes(".hint-arrow", "data-move")[0]
        self.assertIn(f"Hint: {move}", page.text("notice"))
        self.assertIn(move, self.driver.execute_script("return [...window.bestMoves];"))
        self.assertEqual(searches(), before, "the hint started a search of its own")

    def test_bar_holds_a_value_on_every_turn_of_the_person(self):
        # The analysis off: the bar is never left empty on the person's turn, at the
        # start and after each of the engine's replies, and draws no arrows.
        page = self.page
        page.new_game(seats={1: "person", 2: FAST_ENGINE})
        bar = lambda: self.driver.find_element(By.ID, "eval-bar")  # noqa: E731
        for ply, (source, target) in enumerate([(None, None), ("m4", "l5"), ("k3", "k5")]):
            if source:
                page.move(source, target)
                page.wait_for(lambda: page.body("ply") == str(2 * ply) and page.body("turn") == "person",
                              "the engine's reply")
            page.wait_for(lambda: bar().get_attribute("data-value"), f"the bar's value at move {2 * ply}")
            self.assertTrue(0 < float(bar().get_attribute("data-value")) < 1)
            self.assertEqual(page.text("analysis-note"), "off")
            self.assertEqual(self.attributes(".analysis-arrow", "data-move"), [])

    def test_bar_and_graph_show_win_chances(self):
        # The engine's win chances (ShowWDL), with axes and a legend,
        # and the score in moves ahead of the best opponent.
        page = self.page
        bar = lambda: self.driver.find_element(By.ID, "eval-bar")  # noqa: E731
        for players, what in [("2", "chance to win"), ("3", "chance of first place"), ("6", "chance of first place")]:
            page.new_game(seats={p: "person" for p in range(1, int(players) + 1)}, players=players)
            if not self.driver.find_element(By.ID, "analyse").is_selected():
                self.driver.find_element(By.ID, "analyse").click()
            page.wait_for(lambda: bar().get_attribute("data-value"), "the bar's chance")
            self.assertTrue(0 < float(bar().get_attribute("data-value")) < 1)
            self.assertRegex(self.driver.execute_script(
                "return document.querySelector('#eval-bar .eval-label').textContent;"), r"^\d+%$")
            self.assertIn(f"player 1's {what}", bar().get_attribute("title"))
            self.assertIn("moves ahead of the best opponent", bar().get_attribute("title"))
            self.assertIn("moves ahead of the best opponent", page.text("analysis-note"))
            page.move("m4", "l5")
            page.wait_for(lambda: self.attributes(".graph-point", "data-chance"), "a point on the graph")
            chances = [float(chance) for chance in self.attributes(".graph-point", "data-chance")]
            self.assertTrue(all(0 <= chance <= 1 for chance in chances), chances)
            plotted = set(self.attributes(".graph-point", "data-player"))
            self.assertEqual(plotted, {"1"} if players == "2" else {str(p) for p in range(1, int(players) + 1)})
            axis = self.texts("svg.eval-graph .graph-axis")
            self.assertIn("100%", axis)
            self.assertIn("0%", axis)
            legend = self.driver.find_element(By.CSS_SELECTOR, ".graph-legend").text
            self.assertIn("player 1's chance to win" if players == "2" else "chance of first place", legend)
            self.assertEqual(len(self.texts(".graph-legend-item")), 1 if players == "2" else int(players))
        log = page.log_tail(2000)
        self.assertIn("> setoption name ShowWDL value true", log)
        self.assertRegex(log, r"< info .* first \d+ \d+ \d+ ")

    def test_scores_in_moves_of_the_player_count(self):
        # A move brings home 370 centi-steps at 2 players and 302 at 6
        # (protocol.md, "go"); 3 to 5 players on the line between (gui.md).
        texts = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            import('./js/search-info.js').then(({ scoreText }) => done([2, 3, 4, 5, 6].map(
              (players) => scoreText({ kind: 'cp', value: 1020 }, players))), (error) => done(String(error)));""")
        self.assertEqual([text.split()[0] for text in texts], ["+2.76", "+2.89", "+3.04", "+3.20", "+3.38"])

    def test_graph_of_three_or_more_players_does_not_zigzag(self):
        # Chances that swing with the mover (player 1 at 90% after its own moves, 10%
        # after the others') are drawn as their mean over the last round: a flat line.
        points = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            import('./js/eval-graph.js').then(({ EvalGraph }) => {
              const plies = [{ result: { over: false } }];
              for (let ply = 1; ply <= 12; ply += 1) {
                const first = ply % 3 === 1 ? [900, 50, 50] : [100, 450, 450];
                plies.push({ eval: { player: ply % 3 + 1, score: { kind: 'cp', value: 0 }, first }, result: { over: false } });
              }
              const graph = new EvalGraph(document.createElement('div'), () => {});
              graph.render({ playersSeats: [[1], [3], [5]], plies, moveCount: 12 }, 12);
              done([...graph.root.querySelectorAll('.graph-point[data-player="1"]')].map((p) => +p.dataset.chance));
            }, (error) => done(String(error)));""")
        self.assertEqual(len(points), 12, points)
        self.assertLess(max(points[2:]) - min(points[2:]), 0.01, points)

    def test_board_turns_to_the_person(self):
        page = self.page
        page.new_game(seats={1: FAST_ENGINE, 2: "person"})
        self.assertEqual(self.driver.find_element(By.ID, "rotate").get_attribute("value"), "4")
        # Seat 4's camp (e17) is now at the bottom of the board.
        y = float(self.driver.execute_script(
            "return document.querySelector(\".hole[data-hole='e17']\").getAttribute('cy');"))
        self.assertGreater(y, 200)
        self.assertIn("you", page.text("status") + page.text("clocks"))


class ExtraRuleTest(PageTest):
    """The rules form comes from `cci`: a key the engine adds appears with no change."""
    server = "extra"

    def test_rules_form_from_cci(self):
        page = self.page
        cci = subprocess.run([ENGINE], input="cci\n", capture_output=True, text=True, check=True).stdout
        announced = [line.split()[2] for line in cci.splitlines() if line.startswith("rule name ")]
        self.assertIn("movelimit", announced)
        controls = {element.get_attribute("id")[len("rule-"):]
                    for element in self.driver.find_elements(By.CSS_SELECTOR, "#more-rules [id^='rule-']")}
        self.assertEqual(controls, set(announced + ["zzzextra"]) - {"preset", "players"})
        options = [option.get_attribute("value")
                   for option in self.driver.find_elements(By.CSS_SELECTOR, "#rule-zzzextra option")]
        self.assertEqual(options, ["", "north", "south"])
        for line in cci.splitlines():
            words = line.split()
            if line.startswith("rule name preset "):
                values = [option.get_attribute("value") for option in self.driver.find_elements(By.CSS_SELECTOR, "#preset option")]
                self.assertEqual(values, [words[i + 1] for i, word in enumerate(words) if word == "var"])
            elif re.match(r"rule name \S+ type spin ", line) and words[2] not in ("players",):
                control = self.driver.find_element(By.ID, f"rule-{words[2]}")
                self.assertEqual(control.get_attribute("min"), words[words.index("min") + 1])


if __name__ == "__main__":
    unittest.main(verbosity=2)
