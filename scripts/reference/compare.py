"""compare: differential tester of the ccengine binary against the ccref reference.

Plays many random games (seeded RNG) under random rule settings (presets,
individual keys, player counts and seatings each preset allows).  After every
move it asks the engine for `legal` and `getposition` and compares them with
ccref:
  * the (from, to, swap) sets must be equal, with no duplicates;
  * every engine path must be a valid path of that move with the fewest hops;
  * the position text must be identical.
Moves are sent in varied forms (full path, from-to, indices, with or without the
swap star), sometimes from a fresh `position <text>`; now and then a player
resigns.  The first disagreement is printed in full (rules, position command,
position text, both answers); later failing games get one line each (all in full
with --verbose).  Before the games, settings the reference refuses (diamond with
4 players, ...) must get an `error` reply.  Ends with `N passed, M failed` (the
refusal check plus one per game); exit status 1 on any failure.  Engine timeouts, crashes and `error` replies count as failures; the
engine is restarted for the next game.

Run:  python3 scripts/reference/compare.py [ENGINE] [--games N] [--seed S]
          [--max-plies P] [--timeout SECONDS] [--rules "k=v ..."] [--explicit]
          [--verbose] [--stop]
ENGINE defaults to build/ccengine; it may also be a command line, such as
"python3 scripts/reference/refengine.py" (the reference behind the protocol,
to try this script itself).
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ccref import (NAMES, PASS, PRESET_PLAYERS, PRESETS, RESIGN, Game,  # noqa: E402
                   RulesError, distance, hole_index)

# --------------------------------------------------------------------------
# Talking to the engine
# --------------------------------------------------------------------------


class EngineError(Exception):
    """The engine timed out, exited, or could not be written to."""


class Engine:
    """One engine process; every command is followed by `isready` to synchronise."""

    def __init__(self, argv: list[str], timeout: float, show_stderr: bool = False):
        self.argv, self.timeout = argv, timeout
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=None if show_stderr else subprocess.DEVNULL,
                text=True, bufsize=1)
        except OSError as exc:
            raise EngineError(f"cannot start engine {argv!r}: {exc}") from None
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineError(f"engine stopped reading (exit code {self.proc.poll()})") from None

    def readline(self) -> str:
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError(f"no answer within {self.timeout} s") from None
        if line is None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
            raise EngineError(f"engine exited (exit code {code})")
        return line

    def command(self, cmd: str) -> list[str]:
        """Send a command, then `isready`; returns every line before `readyok`."""
        self.send(cmd)
        self.send("isready")
        out = []
        while True:
            line = self.readline()
            if line.strip() == "readyok":
                return out
            if line.strip():
                out.append(line)

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=2)
        except (EngineError, subprocess.TimeoutExpired):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


# --------------------------------------------------------------------------
# Random rules and moves
# --------------------------------------------------------------------------

RANDOM_VALUES = {
    "pieces": ["10", "15"], "king": ["on", "off"], "hops": ["short", "long"],
    "other": ["free", "pass", "closed"], "unused": ["free", "pass", "closed", "filled"],
    "goallock": ["on", "off"], "finish": ["all", "fill"], "swap": ["off", "any", "final"],
    "bonus": ["on", "off"], "end": ["first", "all"], "fairfinish": ["on", "off"],
    "passround": ["on", "off"], "limitresult": ["draw", "progress"],
    "adjacent": ["on", "off"], "mustleave": ["on", "off"],
}


def random_int_value(rng: random.Random, key: str) -> str:
    if key == "movelimit":
        return str(rng.choice([0, rng.randint(2, 40), 200]))
    if key == "stall":
        return str(rng.choice([0, rng.randint(1, 12), 50]))
    return str(rng.choice([0, 2, 3, 4]))  # repetition


def random_layout(rng: random.Random, n: int) -> str:
    """n players on a random subset of seats, each with one or more seats."""
    seats = rng.sample(range(1, 7), rng.randint(n, 6) if rng.random() < 0.4 else n)
    groups = [[s] for s in seats[:n]]
    for s in seats[n:]:
        rng.choice(groups).append(s)
    return ",".join("+".join(str(s) for s in g) for g in groups)


def random_settings(rng: random.Random) -> dict[str, str]:
    """Random `setrules` keys that the reference accepts."""
    while True:
        preset = rng.choice(list(PRESETS))
        settings = {"preset": preset}
        allowed = PRESET_PLAYERS.get(preset, (1, 2, 3, 4, 5, 6))
        n = rng.choices(allowed, weights=[{1: 1, 2: 5, 3: 3, 4: 2, 5: 1, 6: 2}[k]
                                          for k in allowed])[0]
        r = rng.random()
        if r < 0.55:
            settings["players"] = str(n)
        elif r < 0.75 and n in (2, 3):
            settings["armies"] = "1+3+5,2+4+6" if n == 2 else "1+4,2+5,3+6"
        else:
            settings["armies"] = random_layout(rng, n)
        if rng.random() < 0.3:
            settings["first"] = str(rng.randint(1, n))
        for key in list(RANDOM_VALUES) + ["movelimit", "stall", "repetition"]:
            if rng.random() < 0.12:
                settings[key] = (rng.choice(RANDOM_VALUES[key]) if key in RANDOM_VALUES
                                 else random_int_value(rng, key))
        try:
            Game.from_settings(settings)
            return settings
        except RulesError:
            continue


def progress_gain(game: Game, pos, move) -> int:
    """How much a move brings its piece nearer its goal tip."""
    tip = game.goal_tip[pos.board[move.frm].seat]
    return distance(move.frm, tip) - distance(move.to, tip)


def choose_move(rng: random.Random, game: Game, pos, moves, greed: float):
    if moves == [PASS] or rng.random() >= greed:
        return rng.choice(moves)
    best = max(progress_gain(game, pos, m) for m in moves)
    return rng.choice([m for m in moves if progress_gain(game, pos, m) == best])


def move_text(rng: random.Random, move, engine_paths: dict) -> str:
    """The move in one of the accepted input forms."""
    if move.frm < 0:
        return move.text()
    r = rng.random()
    star = "*" if move.swap and rng.random() < 0.7 else ""
    if r < 0.45:
        return move.text()
    if r < 0.65 and move.key in engine_paths:
        return engine_paths[move.key]
    if r < 0.85:
        return f"{NAMES[move.frm]}-{NAMES[move.to]}{star}"
    return "-".join(str(i) for i in move.path) + star


# --------------------------------------------------------------------------
# Comparing
# --------------------------------------------------------------------------


class Disagreement(Exception):
    def __init__(self, what: str, engine: str, reference: str, extra: str = ""):
        super().__init__(what)
        self.what, self.engine, self.reference, self.extra = what, engine, reference, extra


def parse_engine_legal(line: str):
    """`legal m1 m2 ...` -> {(from, to, swap): (path, text)}; raises ValueError."""
    tokens = line.split()
    if not tokens or tokens[0] != "legal":
        raise ValueError(f"expected a line starting with `legal`, got {line!r}")
    out = {}
    for tok in tokens[1:]:
        if tok == "pass":
            key, path = ("pass",), None
        else:
            swap = tok.endswith("*")
            path = [hole_index(h) for h in tok.rstrip("*").split("-")]
            if len(path) < 2:
                raise ValueError(f"bad move {tok!r}")
            key = (path[0], path[-1], swap)
        if key in out:
            raise ValueError(f"move listed twice: {tok}")
        out[key] = (path, tok)
    return out


def key_text(key) -> str:
    if key == ("pass",):
        return "pass"
    return f"{NAMES[key[0]]}-{NAMES[key[1]]}{'*' if key[2] else ''}"


def compare_legal(game: Game, pos, line: str) -> dict:
    """Compare the engine's `legal` line with ccref; returns {key: engine text}."""
    mine = {("pass",) if m is PASS else m.key: m for m in game.legal(pos)}
    mine_line = "legal " + " ".join(m.text() for m in mine.values())
    try:
        theirs = parse_engine_legal(line)
    except ValueError as exc:
        raise Disagreement(f"unreadable legal reply: {exc}", line, mine_line) from None
    only_e = sorted(key_text(k) for k in theirs if k not in mine)
    only_r = sorted(key_text(k) for k in mine if k not in theirs)
    if only_e or only_r:
        raise Disagreement("legal move sets differ", line, mine_line,
                           f"only in engine:    {' '.join(only_e) or '-'}\n"
                           f"only in reference: {' '.join(only_r) or '-'}")
    for key, (path, tok) in theirs.items():
        if path is None:
            continue
        why = game.check_path(pos, path, key[2])
        if why:
            raise Disagreement(f"invalid engine path {tok}: {why}", line, mine_line)
        if len(path) - 1 != mine[key].hops:
            raise Disagreement(f"engine path {tok} has {len(path) - 1} landings, "
                               f"shortest is {mine[key].hops} ({mine[key].text()})",
                               line, mine_line)
    return {k: tok for k, (path, tok) in theirs.items() if path is not None}


def single_reply(lines: list[str], prefix: str, what: str) -> str:
    errors = [ln for ln in lines if ln.startswith("error")]
    if errors:
        raise Disagreement(f"engine error on {what}", errors[0], "(no error)")
    replies = [ln for ln in lines if ln.split()[:1] == [prefix]]
    if len(replies) != 1:
        raise Disagreement(f"expected one `{prefix}` line for {what}", " | ".join(lines) or
                           "(nothing)", f"{prefix} ...")
    return replies[0]


def expect_silent(lines: list[str], what: str) -> None:
    errors = [ln for ln in lines if ln.startswith("error")]
    if errors:
        raise Disagreement(f"engine error on {what}", errors[0], "(accepted)")


# --------------------------------------------------------------------------
# Games
# --------------------------------------------------------------------------


class GameRun:
    """One random game: the engine and ccref step by step."""

    def __init__(self, engine: Engine, rng: random.Random, settings: dict, args):
        self.engine, self.rng, self.args = engine, rng, args
        self.game = Game.from_settings(settings)
        if args.explicit:
            self.setrules = "setrules " + self.game.rules.settings_text()
        else:
            self.setrules = "setrules " + " ".join(f"{k}={v}" for k, v in settings.items())
        self.base, self.moves = "startpos", []
        self.pos = self.game.start()
        self.plies = 0

    def position_command(self) -> str:
        cmd = f"position {self.base}"
        return cmd + (" moves " + " ".join(self.moves) if self.moves else "")

    def run(self) -> None:
        eng, game, rng = self.engine, self.game, self.rng
        expect_silent(eng.command(self.setrules), "setrules")
        expect_silent(eng.command(self.position_command()), "position")
        greed = rng.choice([0.0, 0.5, 0.8, 0.95])
        while True:
            engine_paths = self.compare_now()
            if self.pos.status != "playing" or self.plies >= self.args.max_plies:
                break
            if rng.random() < 0.003:
                move = RESIGN
            else:
                move = choose_move(rng, game, self.pos, game.legal(self.pos), greed)
            self.moves.append(move_text(rng, move, engine_paths))
            self.pos = game.play(self.pos, move)
            self.plies += 1
            if rng.random() < 0.04:
                # Start afresh from the position text (repetition history restarts).
                self.base, self.moves = game.format(self.pos), []
                self.pos = game.parse(self.base)
            expect_silent(eng.command(self.position_command()), "position")
        if self.pos.status != "playing":
            single_reply(eng.command("result"), "result", "result")

    def compare_now(self) -> dict:
        mine_text = self.game.format(self.pos)
        line = single_reply(self.engine.command("getposition"), "position", "getposition")
        if line.split(None, 1)[1:] != [mine_text]:
            raise Disagreement("position texts differ", line, "position " + mine_text)
        line = single_reply(self.engine.command("legal"), "legal", "legal")
        return compare_legal(self.game, self.pos, line)


def report(n: int, run: GameRun, what: str, engine: str, reference: str, extra: str,
           full: bool) -> None:
    if not full:
        print(f"FAIL game {n} after {run.plies} plies: {what}  [{run.setrules}]")
        return
    print(f"=== FAIL game {n} after {run.plies} plies: {what}")
    print(f"rules:     {run.setrules}")
    print(f"position:  {run.position_command()}")
    print(f"text:      {run.game.format(run.pos)}")
    print(f"engine:    {engine}")
    print(f"reference: {reference}")
    if extra:
        print(extra)
    sys.stdout.flush()


REFUSED = [
    "preset=diamond players=4", "preset=card players=3", "players=7", "players=0",
    "hops=medium", "first=3 players=2", "armies=1+1,4", "armies=1,7", "nosuchkey=1",
    "pieces=15 players=4", "movelimit=-1", "preset=bogus",
]


def check_refusals(engine: Engine) -> list[str]:
    """Each setting in REFUSED must get an `error` line; returns the complaints."""
    bad = []
    for settings in REFUSED:
        try:
            Game.from_settings(settings)
            continue  # the reference accepts it: nothing to check
        except (RulesError, ValueError):
            pass
        if not any(ln.startswith("error") for ln in engine.command("setrules " + settings)):
            bad.append(f"`setrules {settings}` accepted (reference refuses)")
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", nargs="?", default="build/ccengine",
                    help="engine binary or command line (default build/ccengine)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per reply")
    ap.add_argument("--rules", help="fixed `k=v ...` settings instead of random ones")
    ap.add_argument("--explicit", action="store_true",
                    help="send every rule key, not just preset + drawn keys")
    ap.add_argument("--verbose", action="store_true", help="print every failure in full")
    ap.add_argument("--stop", action="store_true", help="stop at the first failure")
    ap.add_argument("--stderr", action="store_true", help="show the engine's stderr")
    args = ap.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)

    argv_engine = shlex.split(args.engine)
    fixed = None
    if args.rules:
        try:
            fixed = dict(kv.split("=", 1) for kv in args.rules.split())
            Game.from_settings(fixed)
        except (ValueError, RulesError) as exc:
            ap.error(f"--rules: {exc}")
    rng = random.Random(args.seed)
    passed = failed = 0
    engine = None

    # Settings the reference refuses must be refused by the engine too.
    try:
        engine = Engine(argv_engine, args.timeout, args.stderr)
        bad = check_refusals(engine)
    except EngineError as e:
        bad = [f"engine failure: {e}"]
        if engine is not None:
            engine.close()
        engine = None
        if "cannot start" in str(e):
            print(f"FAIL {e}")
            print(f"0 passed, {args.games + 1} failed")
            return 1
    if bad:
        failed += 1
        print("=== FAIL refusals: " + "; ".join(bad))
    else:
        passed += 1
    for n in range(1, args.games + 1):
        if args.stop and failed:
            break
        settings = dict(fixed) if fixed else random_settings(rng)
        game_rng = random.Random(rng.getrandbits(64))
        try:
            if engine is None:
                engine = Engine(argv_engine, args.timeout, args.stderr)
            run = GameRun(engine, game_rng, settings, args)
            try:
                run.run()
                passed += 1
                continue
            except Disagreement as d:
                failed += 1
                report(n, run, d.what, d.engine, d.reference, d.extra,
                       args.verbose or failed == 1)
            except EngineError as e:
                failed += 1
                report(n, run, f"engine failure: {e}", "(none)", "(answer)", "",
                       args.verbose or failed == 1)
                engine.close()
                engine = None
            except Exception:  # a bug in the reference itself: say so, keep going
                failed += 1
                print(f"=== REFERENCE ERROR in game {n} after {run.plies} plies "
                      f"[{run.setrules}] [{run.position_command()}]")
                traceback.print_exc(file=sys.stdout)
                engine.close()
                engine = None
        except EngineError as e:  # could not (re)start the engine
            failed += 1
            print(f"FAIL game {n}: {e}")
            engine = None
    if engine is not None:
        engine.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
