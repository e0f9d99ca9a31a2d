#!/usr/bin/python3
"""The npm package's size and speed (protocol-spec/measurements.md): the tarball's size
and its unpacked size, the time from loading the package to the first `readyok` in
node.js and in headless Chromium (a blank page, served with the cross-origin isolation
headers and without them: the one-thread build), and `bench` through the package and
on its one-thread build against the native engine, alternately, in one run. Build first: scripts/setup.sh,
scripts/web/build-wasm.sh, scripts/web/npm-pack.sh. Debian's Python (for Selenium):
    /usr/bin/python3 scripts/bench/bench-npm.py [--runs N] [NATIVE_ENGINE]"""

import argparse
import os
import statistics
import subprocess
import sys
import tarfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tests", "web"))
from browser import WAIT_SECONDS, chromium  # noqa: E402
from npm_page import installed_page, outcome, serving, tarball  # noqa: E402

# From the package's import to the first readyok, in a new node.js process.
NODE_READY = """const started = performance.now();
const { createEngine } = await import('ccengine');
const engine = await createEngine();
await engine.isready();
console.log(performance.now() - started);
await engine.quit();
"""


# The one-thread build (what a page that is not cross-origin isolated runs) as a program:
# protocol lines on stdin, replies on stdout; each line is handled within its call.
SINGLE_PROGRAM = """const fs = require('fs');
const wasm = require('path').join(__dirname, 'node_modules', 'ccengine', 'wasm');
require(wasm + '/ccengine-single.js')({
  wasmBinary: fs.readFileSync(wasm + '/ccengine-single.wasm'),
  onLine: (text) => process.stdout.write(text + '\\n'),
  onClosed: () => process.stdout.end(),
}).then((engine) => {
  const session = engine._ccengine_start();
  require('readline').createInterface({ input: process.stdin }).on('line', (line) => engine.sendText(session, line + '\\n'));
});
"""


def sizes(path):
    with tarfile.open(path) as packed:
        unpacked = sum(member.size for member in packed.getmembers())
    return os.path.getsize(path), unpacked


def node_ready_ms(folder, runs):
    script = os.path.join(folder, "ready.mjs")
    with open(script, "w", encoding="utf-8") as program:
        program.write(NODE_READY)
    return [float(subprocess.run(["node", script], cwd=folder, check=True, capture_output=True,
                                 text=True).stdout) for _ in range(runs)]


def chromium_ready_ms(folder, runs, isolated):
    times = []
    with chromium() as driver, serving(folder, isolated) as url:
        for _ in range(runs):
            found = outcome(driver, url, WAIT_SECONDS)
            assert "error" not in found and found["threads"] == isolated, found
            times.append(found["readyMs"])
    return times


def bench(command):
    """(nodes, milliseconds) of one `bench` at its default depth (`quit` only after its
    answer: it would stop the bench)."""
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as engine:
        engine.stdin.write("bench\n")
        engine.stdin.flush()
        line = ""
        while not line.startswith("bench nodes "):
            line = engine.stdout.readline()
            if not line:
                raise RuntimeError(f"{command} ended without answering bench")
        engine.stdin.write("quit\n")
        engine.stdin.close()
    words = line.split()
    return int(words[2]), int(words[4])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("native", nargs="?", default=os.path.join(REPO, "build", "ccengine"))
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    path = tarball()
    packed, unpacked = sizes(path)
    print(f"tarball {os.path.basename(path)}: {packed:,} bytes, unpacked {unpacked:,} bytes")
    folder = installed_page()
    for where, times in (("node.js", node_ready_ms(folder, arguments.runs)),
                         ("Chromium, isolated", chromium_ready_ms(folder, arguments.runs, True)),
                         ("Chromium, not isolated (one thread)", chromium_ready_ms(folder, arguments.runs, False))):
        print(f"first readyok, {where}: median {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}, {len(times)} runs)")
    package = os.path.join(folder, "node_modules", "ccengine")
    single = os.path.join(folder, "single.cjs")
    with open(single, "w", encoding="utf-8") as program:
        program.write(SINGLE_PROGRAM)
    engines = {"package": ["node", os.path.join(REPO, "tests", "wasm", "ccengine-wasm.cjs"), package],
               "one-thread build": ["node", single], "native": [arguments.native]}
    totals = dict.fromkeys(engines, 0)
    for round_number in (1, 2, 3):
        said = {name: bench(command) for name, command in engines.items()}
        if len({nodes for nodes, _ in said.values()}) != 1:
            print(f"bench node counts differ: {said}")
            return 1
        print(f"bench {round_number}: nodes {said['native'][0]}, "
              + ", ".join(f"{name} {ms} ms" for name, (_, ms) in said.items()))
        for name, (_, ms) in said.items():
            totals[name] += ms
    for name in ("package", "one-thread build"):
        print(f"bench ratio ({name} speed / native speed, the three together): "
              f"{totals['native'] / totals[name]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
