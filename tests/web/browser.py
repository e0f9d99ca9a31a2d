"""Shared pieces of the browser tests and the screenshot script: a websocketd server
for web/ on a free loopback port, headless Chromium through Selenium, and waits on the
page's DOM state (data attributes of <body>, see web/js/page-view.js)."""

import contextlib
import os
import shutil
import tempfile

try:
    from selenium import webdriver
    from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                            TimeoutException)
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError as missing:
    raise SystemExit(f"{missing}: the browser tests need Debian's python3-selenium, chromium, "
                     "chromium-driver and websocketd: run bash scripts/web/web-packages.sh") from missing

from serving import REPO, free_port, running

# Generous: the machine has two cores shared with other builds and tests.
WAIT_SECONDS = float(os.environ.get("CCENGINE_WEB_WAIT", "60"))


@contextlib.contextmanager
def gui_server(*engine_command):
    """websocketd serving web/ and one engine process (the command and its arguments)
    per WebSocket connection;
    yields the page's address and websocketd's process id."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = ["websocketd", f"--port={port}", "--address=127.0.0.1",
               f"--staticdir={os.path.join(REPO, 'web')}", "--loglevel=error", *engine_command]
    with running(command, url, WAIT_SECONDS) as (server, _):
        yield url, server.pid


@contextlib.contextmanager
def chromium(width=1400, height=1000):
    profile = tempfile.mkdtemp(prefix="ccengine-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                 f"--window-size={width},{height}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(WAIT_SECONDS)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def child_processes(parent_pid):
    """Ids of the processes whose parent is parent_pid (the engines of our websocketd)."""
    children = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        if int(fields[1]) == parent_pid:
            children.append(int(entry))
    return children


# A page script's `set(id, value)`: a control's value set as a person's choice sets it
# (its change event), for scripts that must act faster than clicks can.
SET_CONTROL_JS = """
    const set = (id, value) => {
      const control = document.getElementById(id);
      control.value = value;
      control.dispatchEvent(new Event('change'));
    };"""


class Page:
    """The GUI page in a browser, with the steps a person takes and waits on its state."""

    def __init__(self, driver, url):
        self.driver = driver
        self.url = url

    def open(self, query="", keep_saved=False):
        """Opens the page; without keep_saved, the game an earlier test left saved in the
        browser (web/js/saved-game.js) is forgotten first, so the page starts afresh."""
        if not keep_saved:
            self.driver.execute_cdp_cmd("Storage.clearDataForOrigin",
                                        {"origin": self.url.rstrip("/"), "storageTypes": "local_storage"})
            # The page in the tab saves its game as it is left: forgotten after that.
            self.driver.execute_script("window.addEventListener('pagehide', () => {"
                                       " try { localStorage.clear(); } catch {} });")
        self.driver.get(self.url + query)
        self.wait_for(lambda: self.body("ready") == "true" or self.errors(), "the page to start")
        assert not self.errors(), self.errors()

    def body(self, name):
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{name}")

    def errors(self):
        return [item.text for item in self.driver.find_elements(By.CSS_SELECTOR, "#errors li")]

    def wait_for(self, condition, what, seconds=WAIT_SECONDS):
        # The page redraws its panels on every change: an element found a moment ago
        # may be gone by the time it is read, so those errors mean "look again".
        waiting = WebDriverWait(self.driver, seconds, poll_frequency=0.05,
                                ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
        try:
            waiting.until(lambda _: condition())
        except TimeoutException as error:
            raise AssertionError(f"timed out waiting for {what}; errors on the page: {self.errors()}; "
                                 f"notice: {self.text('notice')!r}; status: {self.text('status')!r}; "
                                 f"the protocol log's end:\n{self.log_tail()}") from error

    def log_tail(self, lines=40):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#log div')].slice(-arguments[0])"
            ".map((line) => line.textContent).join('\\n');", lines)

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def idle(self):
        return self.body("busy") == "false"

    def wait_ply(self, ply):
        """Waits until move `ply` is on the board (an engine may already have answered it)."""
        self.wait_for(lambda: int(self.body("ply")) >= ply and self.idle(), f"move {ply} to be on the board")

    def click(self, element_id):
        self.driver.find_element(By.ID, element_id).click()

    def choose(self, element_id, value):
        Select(self.driver.find_element(By.ID, element_id)).select_by_value(value)

    def type_into(self, element_id, text):
        box = self.driver.find_element(By.ID, element_id)
        box.clear()
        box.send_keys(text)

    def set_text_box(self, text):
        # send_keys of a long text is slow and types character by character; the value
        # is set as a paste would set it.
        self.driver.execute_script("document.getElementById('text-box').value = arguments[0];", text)

    def set_value(self, element_id, value):
        """Sets a control's value as typing and leaving it would (its change event)."""
        self.driver.execute_script(SET_CONTROL_JS + "set(arguments[0], arguments[1]);", element_id, value)

    def click_when_engine_turns(self, button_id):
        """Presses the button once, as fast as a person cannot, at the moment an engine's
        turn starts (its options and the halting analysis still on their way): the page
        marks that turn on <body> before it sends anything."""
        self.driver.execute_script("""
            const body = document.body;
            const watch = new MutationObserver(() => {
              if (body.dataset.turn !== 'engine') return;
              watch.disconnect();
              document.getElementById(arguments[0]).click();
            });
            watch.observe(body, { attributes: true, attributeFilter: ['data-turn'] });""", button_id)

    def new_game(self, rules_words=None, seats=None, preset="standard", players="2", clocks=None):
        """Sets up and starts a game. rules_words: {key: value} for 'More rules';
        seats: {player: 'person'|('engine', limit, value, skill)}; clocks: {player:
        'BASE+INC'} (seconds), the other players without a clock."""
        self.choose("preset", preset)
        self.choose("players", players)
        if rules_words and not self.driver.find_element(By.ID, "more-rules").get_attribute("open"):
            self.driver.find_element(By.CSS_SELECTOR, "#more-rules summary").click()
        for key, value in (rules_words or {}).items():
            control = self.driver.find_element(By.ID, f"rule-{key}")
            if control.tag_name == "select":
                self.choose(f"rule-{key}", value)
            else:
                self.type_into(f"rule-{key}", value)
        for player in range(1, int(players) + 1):
            self.set_value(f"seat-clock-{player}", (clocks or {}).get(player, ""))
        for player, seat in (seats or {}).items():
            if seat == "person":
                self.choose(f"seat-kind-{player}", "person")
            else:
                _, limit, value, skill = seat
                self.choose(f"seat-kind-{player}", "engine")
                if player not in (clocks or {}):  # a clock replaces the limit
                    self.choose(f"seat-limit-{player}", limit)
                    if limit != "infinite":  # which has no value
                        self.type_into(f"seat-value-{player}", str(value))
                self.type_into(f"seat-skill-{player}", str(skill))
        self.start_and_wait(lambda: self.click("new-game"), "the new game")

    def start_and_wait(self, action, what):
        games = self.body("games")
        errors = len(self.errors())
        action()
        self.wait_for(lambda: (self.body("games") != games and self.idle()) or len(self.errors()) > errors, what)
        assert len(self.errors()) == errors, self.errors()

    def hole(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f".hole-hit[data-hole='{name}']")

    def piece(self, name):
        found = self.driver.find_elements(By.CSS_SELECTOR, f".piece[data-hole='{name}']")
        return found[0] if found else None

    def targets(self):
        # Read in one go: the board is redrawn often while the engine analyses.
        return dict(self.driver.execute_script(
            "return [...document.querySelectorAll('.target')].map((t) => [t.dataset.hole, t.dataset.move]);"))

    def click_piece(self, name):
        """Clicks a piece and waits for its legal targets (or for a refusal)."""
        refusals = self.body("refusals")
        self.piece(name).click()
        self.wait_for(lambda: self.targets() or self.body("refusals") != refusals, f"targets of {name}")
        return self.targets()

    def click_target(self, name):
        self.driver.find_element(By.CSS_SELECTOR, f".target[data-hole='{name}']").click()

    def move(self, source, target):
        """A person's move by two clicks; waits until it is on the board."""
        ply = int(self.body("ply"))
        targets = self.click_piece(source)
        assert target in targets, f"{target} is not among the targets of {source}: {targets}"
        self.click_target(target)
        self.wait_ply(ply + 1)

    def position_text(self):
        before = self.driver.find_element(By.ID, "text-box").get_attribute("value")
        self.set_text_box("")
        self.click("copy-position")
        self.wait_for(lambda: self.driver.find_element(By.ID, "text-box").get_attribute("value") != "",
                      "the position text")
        del before
        return self.driver.find_element(By.ID, "text-box").get_attribute("value")

    def set_position(self, text):
        self.set_text_box(text)
        self.start_and_wait(lambda: self.click("set-position"), "the position to be set")
