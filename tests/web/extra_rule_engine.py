#!/usr/bin/python3
"""An engine that announces one rule key more than it has: the real engine, with
    rule name zzzextra type combo default north var north var south
added to its `cci` reply before `cciok`. The browser test uses it to show that the
page's rules form is built from `cci` alone: the new key appears with no change to
the page. Everything else passes through unchanged.
    extra_rule_engine.py <engine>"""

import subprocess
import sys
import threading

EXTRA_RULE = "rule name zzzextra type combo default north var north var south"


def main():
    engine = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def forward_input():
        for line in sys.stdin:
            engine.stdin.write(line)
            engine.stdin.flush()
        engine.stdin.close()

    threading.Thread(target=forward_input, daemon=True).start()
    for line in engine.stdout:
        if line.strip() == "cciok":
            print(EXTRA_RULE, flush=True)
        print(line, end="", flush=True)
    sys.exit(engine.wait())


if __name__ == "__main__":
    main()
