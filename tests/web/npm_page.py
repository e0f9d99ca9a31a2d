"""The npm package ccengine in a blank page, as a web developer uses it: the tarball of
scripts/web/npm-pack.sh installed offline into an empty folder, served with or without the
headers that make a page cross-origin isolated, and a page whose module script imports
the package's browser entry, starts an engine through its Web Worker and searches. For
the browser test (test_npm_browser.py) and the measurements (scripts/bench/bench-npm.py)."""

import contextlib
import functools
import glob
import http.server
import os
import subprocess
import tempfile
import threading

from serving import REPO

ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}

# What the page does, into window.outcome: the time from the script's start to the first
# readyok, a 3-player search with two threads (with `legal` to check its move), isready
# and stop during `go infinite` (with threads), every line the engine wrote, and quit; or
# the error that stopped it.
PAGE = """<!doctype html>
<meta charset="utf-8">
<title>ccengine in a blank page</title>
<script type="module">
const started = performance.now();
const ask = async (engine, lines, command, start) => {
  engine.send(command);
  for await (const line of lines) if (line.startsWith(start)) return line;
};
try {
  const { createEngine } = await import('./node_modules/ccengine/browser.mjs');
  const engine = await createEngine();
  const said = [];
  (async () => { for await (const line of engine.lines()) said.push(line); })();
  await engine.isready();
  const readyMs = performance.now() - started;
  engine.send('setoption name Threads value 2');
  engine.send('setrules players=3');
  const { bestmove, info } = await engine.go({ movetime: 300 });
  const legal = (await ask(engine, engine.lines(), 'legal', 'legal ')).split(' ').slice(1);
  let stopped = null;
  if (engine.threads) {
    const lines = engine.lines();
    const search = engine.go({ infinite: true });
    for await (const line of lines) if (line.startsWith('info depth')) break;
    await engine.isready();
    engine.send('stop');
    stopped = (await search).bestmove;
  }
  await engine.quit();
  window.outcome = { readyMs, threads: engine.threads, isolated: self.crossOriginIsolated, bestmove,
                     legal, depth: info?.depth ?? null, stopped, said, ended: await engine.ended };
} catch (error) {
  window.outcome = { error: String(error) };
}
</script>
"""


def tarball():
    found = glob.glob(os.path.join(REPO, "build-wasm", "npm", "ccengine-*.tgz"))
    if len(found) != 1:
        raise SystemExit(f"expected one tarball in build-wasm/npm/, found {found}: run bash scripts/web/npm-pack.sh")
    return found[0]


def installed_page():
    """A new empty folder with the package installed (offline) and the blank page."""
    folder = tempfile.mkdtemp(prefix="ccengine-npm-page-")
    subprocess.run(["npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball()],
                   cwd=folder, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as page:
        page.write(PAGE)
    return folder


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def __init__(self, *arguments, headers, **options):
        self.extra_headers = headers
        super().__init__(*arguments, **options)

    def end_headers(self):
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *arguments):
        pass


@contextlib.contextmanager
def serving(folder, isolated):
    """Serves `folder` on a free loopback port, with the isolation headers or without;
    yields the page's address."""
    handler = functools.partial(Handler, directory=folder, headers=ISOLATION if isolated else {})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def outcome(driver, url, seconds):
    """Opens the page and waits for what its script found."""
    driver.get(url)
    driver.set_script_timeout(seconds)
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const poll = () => window.outcome ? done(window.outcome) : setTimeout(poll, 50);
        poll();""")
