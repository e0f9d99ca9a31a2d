"""A deliberately broken engine for the client's tests: it shakes hands like ccengine,
then misbehaves as its first argument says.
    ok        plays m3-m5 after an info line (a well-behaved engine)
    die       exits during a search
    stall     never answers a search
    garbage   writes a line the protocol does not allow during a search
    badinfo   writes an info line with a word where a number goes
    illegal   answers an illegal move
    badbest   answers a malformed bestmove line
    mute      never finishes the handshake
    quitless  ignores quit (the client must kill it)
    refuse    refuses every setoption with an error line
"""

import sys
import time

FAULT = sys.argv[1] if len(sys.argv) > 1 else "ok"


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    command = words[0]
    if command == "cci":
        if FAULT == "mute":
            continue
        say("id name fake")
        say("option name Hash type spin default 16 min 1 max 1024")
        say("option name MultiPV type spin default 1 min 1 max 10")
        say("option name Clear Hash type button")
        say("cciok")
    elif command == "isready":
        say("readyok")
    elif command == "setoption" and FAULT == "refuse":
        say("error setoption: refused by the fake engine")
    elif command == "go":
        if FAULT == "die":
            sys.exit(3)
        if FAULT == "stall":
            continue
        if FAULT == "garbage":
            say("hello there")
        if FAULT == "badinfo":
            say("info depth two score cp 5")
        say("info depth 1 seldepth 1 multipv 1 score cp 12 nodes 5 nps 5000 time 1 hashfull 0 pv m3-m5")
        if FAULT == "illegal":
            say("bestmove m1-m9")
        elif FAULT == "badbest":
            say("bestmove m3-m5 extra")
        else:
            say("bestmove m3-m5")
    elif command == "quit":
        if FAULT == "quitless":
            time.sleep(60)
        break
