"""selftest: checks of the ccref reference implementation against known figures.

  * board geometry and the numeric index of notation.md;
  * the standard two-player start text of notation.md;
  * perft of the standard 2-player start: 14, 196, 4760, 115600 (and 3188520 at
    depth 5 with --deep, about half a minute);
  * hand-worked positions, one or more per rule: long hop, king row hop, own start
    empty during a chain, pass arm, closed arm, goal lock, swap any / final,
    must-leave, bonus, fill / all finishing, adjacent entry, fair finish, pass,
    move limit, repetition, resign, filled unused arms, Diamond Game start.

Run:  python3 scripts/reference/selftest.py [--deep]
Exit status 0 when every check passes.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ccref import (ARM_HOLES, NAME_INDEX, NAMES, PASS, PRINT_ROWS, RESIGN,  # noqa: E402
                   Game)

FAILURES: list[str] = []
CHECKS = 0


def check(label: str, got, want) -> None:
    global CHECKS
    CHECKS += 1
    if got != want:
        FAILURES.append(f"{label}: got {got!r}, want {want!r}")
        print(f"FAIL {label}: got {got!r}, want {want!r}")


def make(game: Game, pieces: dict[str, str], mover: str = "1", tail: str = "1 0 0 - - playing"):
    """A position from {hole name: cell text}; the other holes are empty."""
    cells = {NAME_INDEX[h]: t for h, t in pieces.items()}
    board = "/".join("".join(cells.get(i, ".") for i in row) for row in PRINT_ROWS)
    return game.parse(f"{board} {mover} {tail}")


def moves_from(game: Game, pos, hole: str) -> dict[str, int]:
    """{`to` name (with * for a swap): hop count} for the moves from one hole."""
    return {NAMES[m.to] + ("*" if m.swap else ""): m.hops
            for m in game.legal(pos) if m is not PASS and NAMES[m.frm] == hole}


def play(game: Game, pos, text: str):
    return game.play(pos, game.find_move(pos, text))


def fields(game: Game, pos) -> list[str]:
    return game.format(pos).split()


# --------------------------------------------------------------------------

def test_geometry():
    check("index 0..3", [NAMES[i] for i in range(4)], ["m1", "m2", "l2", "m3"])
    check("index 9, 10, 60, 120", [NAMES[i] for i in (9, 10, 60, 120)],
          ["j4", "q5", "i9", "e17"])
    check("row lengths", [len(r) for r in PRINT_ROWS],
          [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1])
    check("seat 2 arm", sorted(NAMES[i] for i in ARM_HOLES[2]),
          ["e5", "e6", "e7", "e8", "f5", "f6", "f7", "g5", "g6", "h5"])


def test_start_texts():
    g = Game.from_settings("preset=standard players=2")
    want = ("4/44/444/4444/............./............/.........../........../........./"
            "........../.........../............/............./1111/111/11/1 1 1 0 0 - - playing")
    check("standard 2p start text", g.format(g.start()), want)
    check("parse/print round trip", g.format(g.parse(want)), want)

    d = Game.from_settings("preset=diamond players=2")
    text = d.format(d.start())
    check("diamond start", text.split()[0],
          "4k/44/444/4444/....44444..../............/.........../........../........./"
          "........../.........../............/....11111..../1111/111/11/1k")
    f = Game.from_settings("unused=filled players=2")
    board = f.format(f.start()).split()[0]
    check("filled unused arms: 40 spares", board.count("x"), 40)
    check("filled row 13", board.split("/")[4], "xxxx.....xxxx")
    s = Game.from_settings("players=3 armies=1+4,2+5,3+6 first=2")
    check("3 players x 2 armies: turn order", s.order, [2, 3, 1])
    check("mover is first player", s.format(s.start()).split()[1], "2")


def test_perft(deep: bool):
    g = Game.from_settings("preset=standard players=2")
    pos = g.start()
    want = [14, 196, 4760, 115600] + ([3188520] if deep else [])
    for depth, n in enumerate(want, start=1):
        t = time.time()
        got = g.perft(pos, depth)
        print(f"  perft {depth} = {got} ({time.time() - t:.1f}s)")
        check(f"perft {depth}", got, n)


def test_hops():
    short = Game.from_settings("players=2")
    long_ = Game.from_settings("players=2 hops=long")
    # i5 with a bridge two holes up the column at i7: a long hop lands on i9.
    p = make(long_, {"i5": "1", "i7": "4"})
    check("long hop i5-i9", moves_from(long_, p, "i5").get("i9"), 1)
    p = make(short, {"i5": "1", "i7": "4"})
    check("no long hop with short hops", "i9" in moves_from(short, p, "i5"), False)
    # Blocked: i8 between the bridge and the landing.
    p = make(long_, {"i5": "1", "i7": "4", "i8": "4"})
    check("long hop needs empty holes beyond", "i9" in moves_from(long_, p, "i5"), False)
    # Chain i5-i9 then along row 9 over k9 to m9.
    p = make(long_, {"i5": "1", "i7": "4", "k9": "4"})
    check("long hop chain i5-i9-m9", moves_from(long_, p, "i5").get("m9"), 2)
    # Short hops: adjacent bridge only.
    p = make(short, {"i5": "1", "i6": "4"})
    check("short hop i5-i7", moves_from(short, p, "i5"),
          {"h5": 1, "h6": 1, "j4": 1, "j5": 1, "i7": 1})
    # The start hole is empty during the chain: i9-i11-k9 then a long hop west over
    # h9 passes through i9 itself and lands on e9.
    p = make(long_, {"i9": "1", "i10": "4", "j10": "4", "h9": "4"})
    m = {mv.to: mv for mv in long_.legal(p) if NAMES[mv.frm] == "i9"}
    check("start counts empty: i9-...-e9", m[NAME_INDEX["e9"]].text(), "i9-i11-k9-e9")
    check("no move ends on its start", NAME_INDEX["i9"] in m, False)


def test_king():
    g = Game.from_settings("players=2 king=on")
    p = make(g, {"i5": "1k", "i6": "4", "i7": "4", "i8": "4"})
    check("king row hop i5-i9", moves_from(g, p, "i5").get("i9"), 1)
    p = make(g, {"i5": "1k", "i6": "4", "i7": "4k", "i8": "4"})
    check("king may not hop a row holding a king", "i9" in moves_from(g, p, "i5"), False)
    p = make(g, {"i5": "1", "i6": "4k"})
    check("no piece hops over a king", "i7" in moves_from(g, p, "i5"), False)
    lg = Game.from_settings("players=2 king=on hops=long")
    p = make(lg, {"i5": "1k", "i7": "4"})
    check("king does not long-hop", "i9" in moves_from(lg, p, "i5"), False)
    p = make(lg, {"i5": "1k", "i6": "4", "i7": "4"})
    check("king row hop with long hops on", moves_from(lg, p, "i5").get("i8"), 1)


def test_arms():
    # Three players on 1, 3, 5: every arm belongs to someone; seat 2 is P3's goal.
    for other, want_end, want_through in (("free", True, True), ("pass", False, True),
                                          ("closed", False, False)):
        g = Game.from_settings(f"players=3 other={other}")
        check(f"other={other}: step into h5",
              "h5" in moves_from(g, make(g, {"i5": "1"}), "i5"), want_end)
        p = make(g, {"i5": "1", "h5": "3", "g6": "3"})
        m = moves_from(g, p, "i5")
        check(f"other={other}: hop ending in g5", "g5" in m, want_end)
        check(f"other={other}: hop through g5 to g7", m.get("g7"), 2 if want_through else None)
    # Closed arm: a piece standing in it may hop over a piece in it, out of it.
    g = Game.from_settings("players=3 other=closed")
    p = make(g, {"g5": "1", "h5": "3"})
    check("closed: hop out over a piece in the arm", moves_from(g, p, "g5"), {"i5": 1})
    # Unused arms (2 players): pass / closed.
    g = Game.from_settings("players=2 unused=pass")
    p = make(g, {"i5": "1", "h5": "4", "g6": "4"})
    check("unused=pass", moves_from(g, p, "i5").get("g7"), 2)
    check("unused=pass no end", "g5" in moves_from(g, p, "i5"), False)
    # Own arms: with 1+4 against 2+5, seat 4 (own start) is always free.
    g = Game.from_settings("players=2 armies=1+4,2+5 other=closed")
    p = make(g, {"h13": "1"})
    check("own start arm of another army of the player", "h14" in moves_from(g, p, "h13"), True)


def test_goal_lock():
    off = Game.from_settings("players=2")
    on = Game.from_settings("players=2 goallock=on")
    pcs = {"h14": "1", "g14": "4", "h13": "4"}
    check("no lock: leave the goal", "h12" in moves_from(off, make(off, pcs), "h14"), True)
    m = moves_from(on, make(on, pcs), "h14")
    check("lock: stay in goal", m, {"g15": 1, "f14": 1})


def test_swap():
    g = Game.from_settings("preset=masters players=2")
    p = make(g, {"i13": "1", "h14": "4", "e9": "4"})
    m = moves_from(g, p, "i13")
    check("swap any by a step", m.get("h14*"), 1)
    after = play(g, p, "i13-h14*")
    b = after.board
    check("swap exchanges", (b[NAME_INDEX["h14"]].seat, b[NAME_INDEX["i13"]].seat), (1, 4))
    p = make(g, {"h12": "1", "h13": "4", "h14": "4"})
    check("swap any at the end of a hop", moves_from(g, p, "h12").get("h14*"), 1)
    p = make(g, {"f14": "1", "g14": "4", "h14": "4"})
    check("swap inside the goal (goal lock holds)", moves_from(g, p, "f14").get("h14*"), 1)
    # swap=final: only when it completes the army.
    c = Game.from_settings("preset=card")
    goal = ["e14", "f14", "g14", "e15", "f15", "g15", "e16", "f16", "e17"]
    pcs = {h: "1" for h in goal}
    pcs.update({"i13": "1", "h14": "4", "m1": "4"})
    p = make(c, pcs)
    check("swap final completes", moves_from(c, p, "i13").get("h14*"), 1)
    after = play(c, p, "i13-h14*")
    check("swap final ends the game", fields(c, after)[5:], ["1", "1,2", "finish"])
    pcs2 = dict(pcs)
    del pcs2["e17"]
    pcs2["e9"] = "1"
    p = make(c, pcs2)
    check("swap final refused when incomplete", "h14*" in moves_from(c, p, "i13"), False)
    n = Game.from_settings("players=2")
    p = make(n, {"i13": "1", "h14": "4"})
    check("swap off", "h14*" in moves_from(n, p, "i13"), False)


def test_must_leave():
    g = Game.from_settings("preset=sec5 players=2")
    arm1 = ["m1", "m2", "l2", "m3", "l3", "k3", "m4", "l4", "k4"]
    pcs = {h: "4" for h in arm1}
    pcs.update({"j4": "1", "i9": "1", "e13": "4"})
    p = make(g, pcs)
    check("must-leave", sorted(m.text() for m in g.legal(p)), ["j4-i5", "j4-j5"])
    free = Game.from_settings("preset=sec5 players=2 mustleave=off")
    check("must-leave off", len(free.legal(make(free, pcs))) > 2, True)
    pcs.update({"i5": "4", "j5": "4", "h6": "4", "j6": "4"})
    p = make(g, pcs)
    check("must-leave binds only when able", any(NAMES[m.frm] == "i9" for m in g.legal(p)), True)


def test_bonus():
    g = Game.from_settings("preset=super players=2")
    p = make(g, {"h13": "1", "i9": "1", "e9": "4"})
    after = play(g, p, "h13-h14")
    f = fields(g, after)
    check("bonus: same player again", f[1], "1+")
    check("bonus: piece marked", after.board[NAME_INDEX["h14"]].text(), "1'")
    after2 = play(g, after, "i9-i10")
    check("bonus move over: next player", fields(g, after2)[1], "2")
    again = play(g, after2, "e9-e10")
    again = play(g, again, "h14-h13")
    again = play(g, again, "e10-e9")
    again = play(g, again, "h13-h14")
    check("bonus earned once only", fields(g, again)[1], "2")
    # No bonus for the move that finishes the player (the game ends: end=first).
    goal = ["e14", "f14", "g14", "e15", "f15", "g15", "e16", "f16", "e17"]
    pcs = {h: "1'" for h in goal}
    pcs.update({"h13": "1", "e9": "4"})
    after = play(g, make(g, pcs), "h13-h14")
    check("no bonus when finishing", after.board[NAME_INDEX["h14"]].text(), "1")
    check("... and fair finish gives player 2 its turn", fields(g, after)[1:], 
          ["2", "1", "0", "0", "1", "1,0", "playing"])
    end = play(g, after, "e9-e10")
    check("fair finish over", fields(g, end)[5:], ["1", "1,2", "finish"])


def test_finishing():
    goal4 = ["e14", "f14", "g14", "e15", "f15", "g15", "e16", "f16", "e17"]
    goal1 = ["m1", "m2", "l2", "m3", "l3", "k3", "m4", "l4", "k4"]
    # fill: 9 own + one opponent piece fill the goal.
    g = Game.from_settings("players=2")
    pcs = {h: "1" for h in goal4[:8]}
    pcs.update({"e17": "4", "h13": "1", "i9": "1", "e9": "4"})
    after = play(g, make(g, pcs), "h13-h14")
    check("fill finishes (2 players: game over)", fields(g, after)[5:], ["1", "1,2", "finish"])
    a = Game.from_settings("players=2 finish=all")
    after = play(a, make(a, pcs), "h13-h14")
    check("all: not finished", fields(a, after)[5:], ["-", "-", "playing"])
    # fill can finish a player on someone else's move; mover is checked first.
    pcs = {h: "1" for h in goal4[:8]}
    pcs.update({"h14": "4", "e9": "4", "d13": "1"})
    after = play(g, make(g, pcs, mover="2"), "e9-e10")
    check("fill on another's move (d13-... not needed)", fields(g, after)[5:],
          ["-", "-", "playing"])
    pcs["e17"] = "4"
    after = play(g, make(g, pcs, mover="2"), "e9-e10")
    check("fill on another's move", fields(g, after)[5:], ["1", "1,2", "finish"])
    # Three players, end=all: play on for places.
    t = Game.from_settings("players=3")
    goal_p1 = {h: "1" for h in goal4 + ["h14"]}
    after = play(t, make(t, {**goal_p1, "e9": "3", "i9": "5"}, mover="1"), "h14-h13")
    check("3p: unfinished", fields(t, after)[5], "-")
    pcs = {**{h: "1" for h in goal4}, "h13": "1", "e9": "3", "i9": "5"}
    after = play(t, make(t, pcs), "h13-h14")
    check("3p end=all: first place, play on", fields(t, after)[1:], 
          ["2", "1", "0", "0", "1", "1,0,0", "playing"])
    # Adjacent entry (sec5): P2's blocker on h14 cannot move; P1 waits on i13.
    s = Game.from_settings("preset=sec5 players=2")
    pcs = {h: "1" for h in goal4}
    pcs.update({"i13": "1", "h14": "4", "h13": "4", "h12": "4", "j12": "4", "e9": "4"})
    after = play(s, make(s, pcs, mover="2"), "e9-e10")
    check("adjacent entry", fields(s, after)[5:], ["1", "1,2", "finish"])
    pcs.pop("j12")
    pcs["e11"] = "4"
    s = Game.from_settings("preset=sec5 players=2 mustleave=off")
    after = play(s, make(s, pcs, mover="2"), "e9-e10")
    check("no adjacent entry: blocker can leave", fields(s, after)[5:], ["-", "-", "playing"])
    # Fair finish: player 1 moves last in the round (first=2): no extra turn.
    f = Game.from_settings("preset=super players=2 first=2")
    pcs = {**{h: "1" for h in goal4}, "h13": "1", "e9": "4"}
    p = make(f, pcs, mover="1")
    after = play(f, p, "h13-h14")
    check("fair finish, finisher last in round", fields(f, after)[5:], ["1", "1,2", "finish"])
    # Fair finish: both finish in the round -> shared first place.
    f = Game.from_settings("preset=super players=2")
    pcs = {**{h: "1" for h in goal4}, "h13": "1", **{h: "4" for h in goal1}, "j5": "4"}
    after = play(f, make(f, pcs), "h13-h14")
    after = play(f, after, "j5-j4")
    check("fair finish: shared first", fields(f, after)[5:], ["14", "1,1", "finish"])


def test_turns_and_ends():
    # Automatic pass: player 1 has no move at all.
    g = Game.from_settings("players=2")
    p = make(g, {"m1": "1", "m2": "4", "l2": "4", "m3": "4", "l3": "4", "k3": "4",
                 "e9": "4"})
    check("pass is the only move", [m.text() for m in g.legal(p)], ["pass"])
    after = g.play(p, PASS)
    check("after a pass", fields(g, after)[1:5], ["2", "1", "1", "1"])
    # Pass round draws (card).
    c = Game.from_settings("preset=card")
    goal1 = ["m2", "l2", "m3", "l3", "k3", "m4", "l4", "k4", "j4"]
    goal4 = ["e14", "f14", "g14", "h14", "e15", "f15", "g15", "e16", "f16"]
    p = make(c, {"m1": "1", **{h: "4" for h in goal1}, "e17": "4", **{h: "1" for h in goal4}})
    check("card: both without moves", [m.text() for m in c.legal(p)], ["pass"])
    after = c.play(c.play(p, PASS), PASS)
    check("pass round draw", fields(c, after)[4:], ["2", "-", "1,1", "passround"])
    # Move limit after N rounds, draw or progress.
    m = Game.from_settings("players=2 movelimit=2")
    pos = m.start()
    for text in ("m4-m5", "e14-e13", "l4-l5", "f14-f13"):
        pos = play(m, pos, text)
    check("movelimit draw", fields(m, pos)[1:], ["2", "2", "0", "0", "-", "1,1", "movelimit"])
    m = Game.from_settings("players=2 movelimit=2 limitresult=progress")
    pos = m.start()
    for text in ("k3-i5", "e14-e13", "l3-j5", "f14-f13"):
        pos = play(m, pos, text)
    check("movelimit progress", fields(m, pos)[6:], ["1,2", "movelimit"])
    # Repetition (sec5: 3 times).
    r = Game.from_settings("preset=sec5 players=2")
    pos = r.start()
    for text in ("m4-m5", "e14-e13", "m5-m4", "e13-e14", "m4-m5", "e14-e13", "m5-m4"):
        pos = play(r, pos, text)
    check("no repetition yet", fields(r, pos)[7], "playing")
    pos = play(r, pos, "e13-e14")
    check("repetition draw", fields(r, pos)[6:], ["1,1", "repetition"])
    # Stall: 1 round without reducing distance.
    st = Game.from_settings("players=2 stall=1")
    pos = play(st, st.start(), "m4-m5")
    pos = play(st, pos, "e14-e13")
    pos = play(st, pos, "m5-m4")
    check("stall not yet", fields(st, pos)[3], "1")
    pos = play(st, pos, "e13-e14")
    check("stall by progress", fields(st, pos)[3:], ["2", "0", "-", "1,1", "stall"])
    # Resign: two players, the other wins; three players, play on.
    pos = g.play(g.start(), RESIGN)
    check("resign 2p", fields(g, pos)[1:], ["1", "1", "0", "0", "-", "r2,1", "resign"])
    t = Game.from_settings("players=3")
    pos = t.play(t.start(), RESIGN)
    check("resign 3p", fields(t, pos)[1:], ["2", "1", "0", "0", "-", "r3,0,0", "playing"])
    pos = t.play(pos, RESIGN)
    check("resign 3p twice", fields(t, pos)[1:], ["2", "1", "0", "0", "-", "r3,r2,1", "resign"])
    # Round counter: skipping resigned players.
    t = Game.from_settings("players=3")
    pos = play(t, t.start(), "m4-m5")
    pos = t.play(pos, RESIGN)
    check("turn skips to player 3", fields(t, pos)[1:3], ["3", "1"])
    pos = play(t, pos, "j13-j12")
    check("round 2 back to player 1", fields(t, pos)[1:3], ["1", "2"])
    pos = play(t, pos, "m5-m6")
    check("player 2 skipped", fields(t, pos)[1:3], ["3", "2"])


def test_more():
    # Swap at the end of a two-hop chain.
    g = Game.from_settings("preset=masters players=2")
    p = make(g, {"h10": "1", "h11": "4", "h13": "4", "h14": "4"})
    m = {mv.to: mv.text() for mv in g.legal(p) if NAMES[mv.frm] == "h10"}
    check("swap after a chain", m.get(NAME_INDEX["h14"]), "h10-h12-h14*")
    # A finished army of a player with another unfinished army does not move.
    one = Game.from_settings("players=1 armies=1+2")
    p = make(one, {"i9": "1", "j9": "2"}, tail="1 0 0 1 - playing")
    check("finished army does not move", {NAMES[mv.frm] for mv in one.legal(p)}, {"j9"})
    # A filled arm (spares never move) takes no piece.
    f = Game.from_settings("players=2 unused=filled")
    p = f.start()
    p.board[NAME_INDEX["i5"]] = p.board[NAME_INDEX["j4"]]
    p.board[NAME_INDEX["j4"]] = None
    check("filled arm: no step into it", moves_from(f, p, "i5"),
          {"h6": 1, "i6": 1, "j5": 1, "j4": 1})
    # check_path: a longer or broken path is refused, a valid one accepted.
    l = Game.from_settings("players=2")
    p = make(l, {"i5": "1", "i6": "4", "i8": "4", "h8": "4"})
    path = lambda t: [NAME_INDEX[h] for h in t.split("-")]  # noqa: E731
    check("check_path ok", l.check_path(p, path("i5-i7-i9"), False), None)
    check("check_path revisit ok", l.check_path(p, path("i5-i7-i9-i7-i9"), False), None)
    check("check_path bad hop", l.check_path(p, path("i5-i9"), False) is None, False)
    check("check_path ends on start", l.check_path(p, path("i5-i7-i5"), False) is None, False)


def main() -> int:
    deep = "--deep" in sys.argv
    tests = [test_geometry, test_start_texts, test_hops, test_king, test_arms,
             test_goal_lock, test_swap, test_must_leave, test_bonus, test_finishing,
             test_turns_and_ends, test_more]
    for t in tests:
        try:
            t()
        except Exception as exc:  # a crash is a failure, keep going
            FAILURES.append(f"{t.__name__} crashed: {exc!r}")
            print(f"FAIL {t.__name__} crashed: {exc!r}")
    print("perft, standard 2-player start:")
    test_perft(deep)
    print(f"{CHECKS - len(FAILURES)} of {CHECKS} checks passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    raise SystemExit(main())
