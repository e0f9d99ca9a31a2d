"""refengine: the ccref reference behind the engine's text protocol.

A stand-in engine for trying compare.py (and for reading off what the reference
would answer).  Commands, one per line on stdin, replies on stdout:
  setrules k=v ...        silent, or `error ...` (each call starts from the defaults)
  position startpos|<8-field text> [moves m1 m2 ...]    silent, or `error ...`
  legal                   `legal m1 m2 ...`
  getposition             `position <8-field text>`
  result                  `result <status> <places>`
  isready                 `readyok`
  quit
--bug=drop|crash|hang|text makes it misbehave on purpose after a few moves, to
see that compare.py notices.

Run:  python3 scripts/reference/refengine.py [--bug=KIND]
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ccref import Game, RulesError  # noqa: E402


def main() -> int:
    bug = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--bug=")), None)
    game = Game.from_settings({})
    pos = game.start()
    out = sys.stdout
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        try:
            if cmd == "quit":
                break
            elif cmd == "isready":
                print("readyok", file=out)
            elif cmd == "setrules":
                game = Game.from_settings(" ".join(rest))
                pos = game.start()
            elif cmd == "position":
                if "moves" in rest:
                    k = rest.index("moves")
                    head, moves = rest[:k], rest[k + 1:]
                else:
                    head, moves = rest, []
                new = game.start() if head == ["startpos"] else game.parse(" ".join(head))
                for m in moves:
                    new = game.play(new, game.find_move(new, m))
                pos = new
            elif cmd == "legal":
                moves = game.legal(pos)
                if bug and pos.round > 3:
                    if bug == "drop" and len(moves) > 1:
                        moves = moves[1:]
                    elif bug == "crash":
                        return 3
                    elif bug == "hang":
                        time.sleep(3600)
                print("legal" + "".join(" " + m.text() for m in moves), file=out)
            elif cmd == "getposition":
                text = game.format(pos)
                if bug == "text" and pos.round > 3:
                    text = text.replace(" playing", " finish")
                print("position " + text.strip(), file=out)
            elif cmd == "result":
                print("result " + " ".join(game.format(pos).split()[6:][::-1]), file=out)
            else:
                print(f"error unknown command {cmd}", file=out)
        except (RulesError, ValueError) as exc:
            print(f"error {exc}", file=out)
        out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
