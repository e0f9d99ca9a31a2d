#!/usr/bin/python3
"""Saves screenshots of the browser GUI: the start positions of three presets (one also
turned, with hole names), the engine thinking and a finished game, played by clicks in headless Chromium against build/ccengine.
    /usr/bin/python3 scripts/gui-screenshots.py [output folder]   (default build/screenshots)
Needs the packages of scripts/web-packages.sh and a built engine (scripts/setup.sh)."""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "tests", "web"))
from browser import By, Page, chromium, gui_server  # noqa: E402

# Standard rules, player 2 to move; player 1 finishes with h13-h14 after it.
NEAR_END = ("1/11/111/111./.......1...../............/.........../........../........./4........./"
            ".........../............/............./.444/444/44/4 2 30 0 0 - - playing")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "build", "screenshots")
    os.makedirs(folder, exist_ok=True)
    engine = os.path.join(REPO, "build", "ccengine")
    with gui_server(engine) as (url, _), chromium(width=1400, height=1050) as driver:
        page = Page(driver, url)
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
        if page.errors():
            raise SystemExit(f"errors on the page: {page.errors()}")


def save(driver, folder, name):
    path = os.path.join(folder, name)
    driver.save_screenshot(path)
    print(path)


if __name__ == "__main__":
    main()
