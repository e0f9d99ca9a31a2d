#!/usr/bin/python3
"""Saves screenshots of the browser GUI: the start positions of three presets (one also
turned, with hole names), the engine thinking, a finished game, a game with clocks,
analysis with its arrows (also at tablet and phone widths) and the evaluation graphs of
a finished two-player game and of four- and six-player games, played by clicks in headless
Chromium against build/ccengine.
    /usr/bin/python3 scripts/web/gui-screenshots.py [output folder]   (default build/screenshots)
    /usr/bin/python3 scripts/web/gui-screenshots.py --table [folder]  only the phone and party-table
        shots at 1366x800, 820x1180 and 390x844 with touch
    /usr/bin/python3 scripts/web/gui-screenshots.py --watch [folder]  only the Watch view of a
        short ccmatch run (build/ccmatch, -live) at 1366x800, 820x1180 and 390x844 with touch
    /usr/bin/python3 scripts/web/gui-screenshots.py --graphs [folder]  only the win-chance
        graphs: a finished two-player game of engines and six engines after 120 moves
    /usr/bin/python3 scripts/web/gui-screenshots.py --session [folder]  only a game against
        the engine with clocks after a reload, at 1366x768, 820x1180 and 390x844 with touch
    /usr/bin/python3 scripts/web/gui-screenshots.py --help  this text
Needs the packages of scripts/web/web-packages.sh and a built engine (scripts/setup.sh)."""

import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tests", "web"))
from browser import By, Page, chromium, gui_server  # noqa: E402
from serving import launcher  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# Standard rules, player 2 to move; player 1 finishes with h13-h14 after it.
NEAR_END = ("1/11/111/111./.......1...../............/.........../........../........./4........./"
            ".........../............/............./.444/444/44/4 2 30 0 0 - - playing")


# The sizes a person tried the page at: a laptop, a tablet, a phone with touch.
SIZES = {"desktop": (1366, 800, False), "tablet": (820, 1180, True), "phone": (390, 844, True)}
# The same with a laptop's 768 pixels high.
SESSION_SIZES = {"laptop": (1366, 768, False), "tablet": (820, 1180, True), "phone": (390, 844, True)}


MODES = ("--table", "--watch", "--graphs", "--session")


def main():
    if any(argument in ("-h", "--help") for argument in sys.argv[1:]):
        print(__doc__)
        return
    unknown = [argument for argument in sys.argv[1:] if argument.startswith("-") and argument not in MODES]
    if unknown:
        raise SystemExit(f"unknown option {unknown[0]}; --help lists the options")
    arguments = [argument for argument in sys.argv[1:] if argument not in MODES]
    folder = arguments[0] if arguments else os.path.join(REPO, "build", "screenshots")
    os.makedirs(folder, exist_ok=True)
    engine = os.path.join(REPO, "build", "ccengine")
    if "--watch" in sys.argv:
        watch_shots(engine, os.path.join(REPO, "build", "ccmatch"), folder)
        return
    with gui_server(engine) as (url, _), chromium(width=1400, height=1050) as driver:
        page = Page(driver, url)
        if "--table" in sys.argv:  # only the phone and party-table shots
            for size in SIZES:
                table_shots(driver, page, folder, size)
            return
        if "--session" in sys.argv:
            for size in SESSION_SIZES:
                session_shots(driver, page, folder, size)
            return
        if "--graphs" in sys.argv:
            page.open()
            graph_shots(driver, page, folder)
            return
        page.open()
        people = {1: "person", 2: "person", 3: "person"}
        shots = [
            ("start-standard-2.png", dict(preset="standard", players="2")),
            ("start-super-3.png", dict(preset="super", players="3")),
            ("start-diamond-3.png", dict(preset="diamond", players="3")),
        ]
        for name, setup in shots:
            page.new_game(seats={p: people[p] for p in range(1, int(setup["players"]) + 1)}, **setup)
            save(driver, folder, name)
            if setup["preset"] == "super":
                # The same board turned so that seat 3 sits at the bottom, with hole names.
                page.choose("rotate", "3")
                page.click("show-names")
                save(driver, folder, "start-super-3-seat3-names.png")
                page.choose("rotate", "1")
                page.click("show-names")
        # The engine thinking (ten minutes a move, paused after the picture).
        page.new_game(seats={1: "person", 2: ("engine", "movetime", 600000, 20)}, preset="standard", players="2")
        page.move("m4", "l5")
        depth = lambda: driver.find_element(By.CSS_SELECTOR, "#thinking-text [data-field=depth]").text  # noqa: E731
        page.wait_for(lambda: depth().split("/")[0].isdigit() and int(depth().split("/")[0]) >= 4, "depth 4")
        save(driver, folder, "thinking-standard-2.png")
        page.click("pause")
        page.wait_for(lambda: page.body("turn") == "waiting", "the pause")
        page.new_game(seats={1: "person", 2: "person"}, preset="standard", players="2")
        page.set_position(NEAR_END)
        page.move("e8", "f8")
        page.move("h13", "h14")
        page.wait_for(lambda: page.body("game") == "over", "the end of the game")
        save(driver, folder, "finished-standard-2.png")
        study_shots(driver, page, folder)
        if page.errors():
            raise SystemExit(f"errors on the page: {page.errors()}")


def study_shots(driver, page, folder):
    # A clock game: the person against the engine at 5 minutes + 3 s each.
    page.new_game(seats={1: "person", 2: ("engine", "movetime", 1000, 20)}, clocks={1: "300+3", 2: "300+3"})
    page.move("m4", "l5")
    page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
    page.move("k3", "k5")
    page.wait_for(lambda: page.body("ply") == "4" and page.body("turn") == "person", "the engine's reply")
    save(driver, folder, "clocks-standard-2.png")
    # Analysis with three lines of the position after those moves, at three widths.
    page.click("pause")
    page.choose("multipv", "3")
    driver.find_element(By.ID, "analyse").click()
    lines = lambda: driver.execute_script(  # noqa: E731
        "return [...document.querySelectorAll('#analysis-lines li .line-depth')].map((e) => +e.textContent.slice(1));")
    page.wait_for(lambda: len(lines()) == 3 and min(lines()) >= 5, "three lines at depth 5")
    save(driver, folder, "analysis-standard-2.png")
    for name, (width, height) in [("tablet", (820, 1180)), ("phone", (390, 844))]:
        driver.set_window_size(width, height)
        save(driver, folder, f"analysis-standard-2-{name}.png")
    driver.set_window_size(1400, 1050)
    driver.find_element(By.ID, "analyse").click()
    graph_shots(driver, page, folder)


def graph_shots(driver, page, folder):
    """The win-chance graphs: a whole two-player game of engines (three plies deep,
    then Evaluate game), one line; four and six engines part way, one line a player."""
    page.choose("animation", "off")
    fast = ("engine", "depth", 3, 20)
    page.new_game(seats={1: fast, 2: fast})
    page.wait_for(lambda: page.body("game") == "over", "the end of the engines' game", seconds=600)
    page.click("first-move")
    page.click("evaluate-game")
    page.wait_for(lambda: page.body("evaluated") == "1", "the evaluation")
    page.click("last-move")
    save(driver, folder, "graph-finished-standard-2.png", scroll_to="moves")
    for players, moves in [(4, 80), (6, 120)]:
        page.new_game(players=str(players), seats={p: fast for p in range(1, players + 1)})
        page.wait_for(lambda: int(page.body("ply")) >= moves, f"{moves} moves", seconds=600)
        page.click("pause")
        page.wait_for(lambda: page.body("turn") == "waiting", "the pause")
        save(driver, folder, f"graph-standard-{players}.png", scroll_to="moves")


def table_shots(driver, page, folder, size):
    """At one of SIZES: a six-player game after the person's move and the five replies,
    a refused New game, the keyboard's focus next to a picked-up piece, a finished game,
    and on the phone the large board."""
    width, height, touch = SIZES[size]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
    page.open()
    page.choose("animation", "off")
    fast = ("engine", "depth", 1, 0)
    page.new_game(players="6", seats={1: "person", **{player: fast for player in range(2, 7)}})
    page.move("m4", "l5")
    page.wait_for(lambda: page.body("ply") == "6" and page.body("turn") == "person", "the five replies")
    save(driver, folder, f"table-six-{size}.png")
    driver.find_element(By.CSS_SELECTOR, "#more-rules summary").click()
    page.choose("players", "2")
    page.type_into("rule-armies", "1,2,3")
    page.click("new-game")
    page.wait_for(lambda: driver.find_element(By.ID, "new-game-refusal").is_displayed(), "the refusal")
    save(driver, folder, f"table-refused-{size}.png", scroll_to="new-game-refusal")
    driver.execute_script("document.getElementById('errors').replaceChildren();")
    page.type_into("rule-armies", "1,4")
    page.new_game(seats={1: "person", 2: "person"})
    driver.execute_script("document.querySelector(\".hole-hit[data-hole='m4']\").focus();")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait_for(lambda: page.targets(), "m4's targets")
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
    save(driver, folder, f"table-focus-{size}.png")
    page.set_position(NEAR_END)
    page.move("e8", "f8")
    page.move("h13", "h14")
    page.wait_for(lambda: page.body("game") == "over", "the end of the game")
    save(driver, folder, f"table-finished-{size}.png")
    if size == "phone":
        page.new_game(seats={1: "person", 2: ("engine", "movetime", 1000, 20)})
        page.choose("board-size", "large")
        page.click_piece("m4")
        save(driver, folder, "table-large-board-phone.png", scroll_to="board-area")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def emulate(driver, width, height, touch):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})


def session_shots(driver, page, folder, size):
    """At one of SESSION_SIZES: a game against the engine with clocks, the person's
    turn after the engine's reply, the page reloaded, and the page scrolled down."""
    emulate(driver, *SESSION_SIZES[size])
    page.open()
    page.choose("animation", "off")
    page.new_game(seats={1: "person", 2: ("engine", "depth", 2, 20)}, clocks={1: "300+3", 2: "300+3"})
    page.move("m4", "l5")
    page.wait_for(lambda: page.body("ply") == "2" and page.body("turn") == "person", "the engine's reply")
    save(driver, folder, f"session-turn-{size}.png")
    page.open(keep_saved=True)
    page.wait_for(lambda: page.body("ply") == "2", "the restored game")
    save(driver, folder, f"session-reloaded-{size}.png")
    driver.execute_script("window.scrollTo(0, window.innerHeight);")
    path = os.path.join(folder, f"session-second-screen-{size}.png")
    driver.save_screenshot(path)
    print(path)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def watch_shots(engine, match_binary, folder):
    """The Watch view of a three-engine, three-player ccmatch run of three games at each
    of SIZES (a tab each): a game in progress, then the end with the standings."""
    feed = os.path.join(tempfile.mkdtemp(prefix="ccengine-live-"), "live.jsonl")
    command = [match_binary, "-engine", f"cmd={engine}", "name=ccengine-a", "-engine", f"cmd={engine}",
               "name=ccengine-b", "-engine", f"cmd={engine}", "name=ccengine-c", "-rules", "preset=standard players=3",
               "-each", "tc=12+0.1", "-games", "3", "-concurrency", "1", "-live", feed]
    with launcher(engine, "--live", feed) as (url, _, _page), chromium(width=1366, height=800) as driver:
        pages = {}
        for size in SIZES:
            if size != "desktop":
                driver.switch_to.new_window("tab")
            width, height, touch = SIZES[size]
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
            driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
            driver.get(url + "?watch=1")
            pages[size] = (driver.current_window_handle, Page(driver, url))
        match = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            # A game in play at move 40 or later in each tab (the view follows the games
            # in play, so a tab looked at after game 1 ended shows a later one).
            watch = lambda p: p.driver.find_element(By.ID, "watch")  # noqa: E731
            stages = [("playing", lambda p: watch(p).get_attribute("data-over") == "false"
                       and int(watch(p).get_attribute("data-ply") or 0) >= 40),
                      ("end", lambda p: f"after {finished_games(feed)} games" in p.text("live-standings-note"))]
            for stage, ready in stages:
                if stage == "end":
                    match.wait(timeout=600)  # a broken engine may end the run early
                for size, (handle, page) in pages.items():
                    driver.switch_to.window(handle)
                    page.wait_for(lambda: ready(page), f"the Watch view: {stage}")
                    save(driver, folder, f"watch-{stage}-{size}.png")
                    if size != "desktop":
                        save(driver, folder, f"watch-{stage}-{size}-board.png", scroll_to="live-game")
                        save(driver, folder, f"watch-{stage}-{size}-engines.png", scroll_to="live-side")
        finally:
            if match.poll() is None:
                match.kill()
            match.wait()


def finished_games(feed):
    """The games the feed's last standings count."""
    with open(feed) as lines:
        standings = [json.loads(line) for line in lines if '"standings"' in line]
    return standings[-1]["games"] if standings else 0


def save(driver, folder, name, scroll_to=None):
    """The page from its top (Selenium's clicks scroll it), or with the element of
    that id at the top."""
    if scroll_to:
        driver.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'start'});", scroll_to)
    else:
        driver.execute_script("window.scrollTo(0, 0);")
    path = os.path.join(folder, name)
    driver.save_screenshot(path)
    print(path)


if __name__ == "__main__":
    main()
