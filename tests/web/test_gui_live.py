"""The Watch view: a real ccmatch run writes its live feed (-live FILE),
scripts/web/ccengine-gui --live FILE relays it, and the page lists the game, shows its
moves as they arrive (board, clocks, each engine's last info), moves on to game 2 once
game 1 is over, and shows the standings at the end; then the view at a tablet's size;
then a 4-player run's feed written in pieces (opened mid-run, the run's end, an engine on
three players of a game).
In headless Chromium; run by ctest (tests/CMakeLists.txt):
    /usr/bin/python3 tests/web/test_gui_live.py build/ccmatch build/ccengine
Every wait is on the page's state (data attributes, elements), never a sleep."""

import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import By, Page, chromium  # noqa: E402
from serving import launcher  # noqa: E402

GAMES = 2
# Short games with clocks (about 100 ms a move), slow enough to be watched move by move
# on a busy machine.
TIME_CONTROL = "6+0.1"

# The Watch view's state in one read (the view is redrawn with every feed line).
SHOWN_JS = """
    const watch = document.getElementById('watch');
    const moves = [...document.querySelectorAll('#live-moves button')].map((b) => b.textContent.trim());
    const last = moves.length ? moves[moves.length - 1].split('-').pop() : null;
    return {
      game: watch.dataset.game, ply: Number(watch.dataset.ply ?? -1), over: watch.dataset.over,
      listed: [...document.querySelectorAll('#live-games button')].map((b) => b.textContent),
      moves: moves.length,
      pieceOnLastTarget: last !== null && document.querySelector(`#live-board .piece[data-hole='${last}']`) !== null,
      clocks: [...document.querySelectorAll('#live-clocks .clock')].map((c) => c.dataset.ms),
      depths: [...document.querySelectorAll('.live-engine .live-depth')].map((d) => d.textContent),
      scores: [...document.querySelectorAll('.live-engine .live-score')].map((d) => d.textContent),
      standings: [...document.querySelectorAll('#live-standings tr[data-engine]')]
        .map((row) => [...row.children].map((cell) => cell.textContent)),
      note: document.getElementById('live-standings-note').textContent,
      result: document.getElementById('live-result').textContent,
    };"""

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


# The rectangles (CSS pixels: left, top, right, bottom) of the Watch view's parts.
RECTS_JS = """
    const rect = (selector) => { const r = document.querySelector(selector).getBoundingClientRect();
                                 return [r.left, r.top, r.right, r.bottom]; };
    return { header: rect('header'), toggle: rect('#watch-toggle'), watch: rect('#watch'), game: rect('#live-game'),
             side: rect('#live-side'), board: rect('#live-board svg'), standings: rect('#live-standings'),
             width: innerWidth, height: innerHeight };"""


def tablet_layout(driver):
    """At 820x1180 with touch (the tablet a person tried it at): the 44-pixel Watch button inside the
    header, the board and the standings on the first screen, and the engines panel,
    under the board, across the width (not half of it, the rest left empty)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        driver.execute_script("window.scrollTo(0, 0);")
        rects = driver.execute_script(RECTS_JS)
        check(rects["toggle"][3] <= rects["header"][3],
              f"the Watch button ({rects['toggle']}) lies inside the header ({rects['header']})")
        check(rects["board"][2] <= rects["width"] and rects["board"][3] <= rects["height"],
              f"the board fits the first screen: {rects['board']}")
        check(rects["standings"][3] <= rects["height"], f"the standings are on the first screen: {rects['standings']}")
        side_width, watch_width = rects["side"][2] - rects["side"][0], rects["watch"][2] - rects["watch"][0]
        check(rects["side"][1] < rects["game"][3] or side_width >= 0.9 * watch_width,
              f"the engines panel under the board spans the width: {side_width:.0f} of {watch_width:.0f} px")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def standings_order(driver):
    """A standings line whose engines are not in the order of their points is shown
    most points first (ties in the feed's order)."""
    names = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('./js/live-feed.js').then(({ LiveFeed }) => {
          const feed = new LiveFeed();
          feed.read(JSON.stringify({ type: 'standings', games: 3, players: 3, engines: [
            { name: 'a', games: 3, points: 1 }, { name: 'b', games: 3, points: 4 }, { name: 'c', games: 3, points: 1 }] }));
          done(feed.standings.engines.map((engine) => engine.name));
        }, (error) => done(String(error)));""")
    check(names == ["b", "a", "c"], f"the standings most points first: {names}")


def becomes(page, condition, what, seconds):
    """Whether the condition holds within the seconds (a check, not a stop)."""
    try:
        page.wait_for(condition, what, seconds=seconds)
        return True
    except AssertionError:
        return False


def replayed_run(match_binary, engine_binary, driver):
    """A 4-player run of two engines (alpha, and beta on three players a game) played
    first, its feed then written to the watched file in pieces: the view opened mid-run
    shows the game in play at once, not the finished game 1; once the game it showed
    ends (result up a while) and the run's last two games come and end, it shows the
    last game; the standings count games, not players; the three betas of a game are told
    apart; one game finished reads "after 1 game"."""
    folder = tempfile.mkdtemp(prefix="ccengine-replay-")
    source, feed = os.path.join(folder, "source.jsonl"), os.path.join(folder, "live.jsonl")
    subprocess.run([match_binary, "-rules", "players=4 movelimit=3", "-engine", f"cmd={engine_binary}", "name=alpha",
                    "-engine", f"cmd={engine_binary}", "name=beta", "-each", "depth=1", "-live", source],
                   check=True, stdout=subprocess.DEVNULL)
    with open(source) as lines:
        records = lines.readlines()
    kinds = [json.loads(record) for record in records]
    game2_moves = [i for i, record in enumerate(kinds) if record["type"] == "move" and record["game"] == 2]
    cut = game2_moves[2] + 1  # game 1 whole, then game 2's first three moves
    with open(feed, "w") as out:
        out.writelines(records[:cut])
    with launcher(engine_binary, "--live", feed) as (url, _, _page):
        page = Page(driver, url)
        page.open("?watch=1")
        shown = lambda: driver.execute_script(SHOWN_JS)  # noqa: E731
        page.wait_for(lambda: len(shown()["listed"]) == 2, "the two games so far to be listed")
        check(becomes(page, lambda: shown()["game"] == "2" and shown()["over"] == "false", "game 2 shown", 2),
              f"opened mid-run, the view shows game 2 in play at once, not the finished game 1 (game {shown()['game']})")
        check(shown()["note"].startswith("after 1 game;"), f"one game finished: {shown()['note']!r}")
        names = driver.execute_script("return [...document.querySelectorAll('#live-clocks .clock-name')]"
                                      ".map((name) => name.textContent.trim());")
        title = page.text("live-title")
        check(len(set(names)) == 4 and "beta (1)" in title and "beta (3)" in title,
              f"the three betas of a game are told apart: {names}, {title!r}")
        time.sleep(1.5)  # game 2 watched in play for a while: its result is then held
        with open(feed, "a") as out:
            out.writelines(records[cut:])
        page.wait_for(lambda: len(shown()["listed"]) == 4 and all("finished" in item for item in shown()["listed"]),
                      "the run's four games, finished")
        held = shown()
        check(held["game"] == "2" and held["over"] == "true", f"game 2's result is up first (game {held['game']})")
        check(becomes(page, lambda: shown()["game"] == "4", "game 4 shown", 10),
              f"after the run, the view shows its last game, 4 (game {shown()['game']})")
        final = [json.loads(record) for record in records if json.loads(record)["type"] == "standings"][-1]
        seats = {engine["name"]: engine["games"] for engine in final["engines"]}
        standings = {name: games for name, games, _points in shown()["standings"]}
        check(standings == {"alpha": "4", "beta": "4"} and seats["beta"] == 12,
              f"the standings count games (4 each), not players (the feed's {seats}): {standings}")
        check(shown()["note"].startswith("after 4 games;"), f"four games finished: {shown()['note']!r}")


def main(match_binary, engine_binary):
    folder = tempfile.mkdtemp(prefix="ccengine-live-")
    feed = os.path.join(folder, "live.jsonl")
    match = None
    with launcher(engine_binary, "--live", feed) as (url, _, _page), chromium(1366, 800) as driver:
        page = Page(driver, url)
        page.open()
        standings_order(driver)
        page.click("watch-toggle")
        page.wait_for(lambda: "waiting for games" in page.text("live-status"), "the live feed to connect")
        shown = lambda: driver.execute_script(SHOWN_JS)  # noqa: E731
        match = subprocess.Popen(
            [match_binary, "-engine", f"cmd={engine_binary}", "name=alpha", "-engine", f"cmd={engine_binary}",
             "name=beta", "-each", f"tc={TIME_CONTROL}", "-games", str(GAMES), "-concurrency", "1",
             "-live", feed], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            page.wait_for(lambda: shown()["listed"], "the first game to be listed")
            first = shown()
            check(first["listed"][0].startswith("Game 1 (round 1): alpha vs beta"),
                  f"the game in progress is listed: {first['listed']}")
            # Moves arrive while the page looks: the shown game grows by several moves.
            page.wait_for(lambda: shown()["over"] == "false" and shown()["ply"] >= 3, "game 1's first moves")
            before = shown()
            page.wait_for(lambda: shown()["ply"] >= before["ply"] + 3, "more moves to arrive")
            during = shown()
            check(during["game"] == "1" and during["over"] == "false" and during["moves"] == during["ply"],
                  f"the view follows game 1 move by move ({during['moves']} moves listed at ply {during['ply']})")
            check(during["pieceOnLastTarget"], "the board shows the last move's piece on its target hole")
            check(len(during["clocks"]) == 2 and all(ms.isdigit() and 0 < int(ms) <= 6000 for ms in during["clocks"]),
                  f"both engines' clocks are shown: {during['clocks']}")
            check(len(during["depths"]) == 2 and all(depth.isdigit() for depth in during["depths"]),
                  f"each engine's last depth: {during['depths']}")
            check(all("moves ahead of the best opponent" in score or "finishes" in score or "opponent first" in score
                      for score in during["scores"]),
                  f"each engine's last score: {during['scores']}")
            # Game 1 over and its result up a while, the view moves on to game 2 in play.
            page.wait_for(lambda: shown()["game"] == "2" or match.poll() is not None, "the view to follow game 2", seconds=300)
            followed = shown()
            check(followed["game"] == "2" and followed["over"] == "false",
                  f"game 1 over, the view follows game 2 in play (game {followed['game']}, over {followed['over']})")
            check(match.wait(timeout=300) == 0, "ccmatch ran")
            page.wait_for(lambda: len(shown()["listed"]) == GAMES and "after 2 games" in shown()["note"],
                          "both games and the final standings")
            with open(feed) as lines:
                records = [json.loads(line) for line in lines]
            final = [record for record in records if record["type"] == "standings"][-1]
            expected = [[engine["name"], str(engine["games"]), str(engine["points"]).removesuffix(".0")]
                        for engine in sorted(final["engines"], key=lambda engine: -engine["points"])]
            after = shown()
            standings = [[name, games, points.removesuffix(".0")] for name, games, points in after["standings"]]
            check(standings == expected, f"the standings at the end are the feed's: {standings} vs {expected}")
            check(all("finished after" in item for item in after["listed"]), f"every game finished: {after['listed']}")
            check(after["game"] == "2" and after["over"] == "true" and after["result"].startswith("Game over"),
                  f"game 2, the last followed, ends with its result: {after['result']!r}")
            driver.find_element(By.CSS_SELECTOR, "#live-games button[data-game='1']").click()
            page.wait_for(lambda: shown()["game"] == "1", "game 1 to be shown")
            picked = shown()
            check(picked["over"] == "true" and picked["result"].startswith("Game over"),
                  f"choosing game 1 shows it, finished: {picked['result']!r}")
            moves_of_game_1 = sum(1 for record in records if record["type"] == "move" and record["game"] == 1)
            check(picked["ply"] == moves_of_game_1, f"all {moves_of_game_1} moves of game 1 arrived ({picked['ply']})")
            check("follows" not in page.text("live-status"), f"a picked game stays: {page.text('live-status')!r}")
            tablet_layout(driver)
        finally:
            if match.poll() is None:
                match.kill()
            match.wait()
            match.stderr.close()
        replayed_run(match_binary, engine_binary, driver)
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
