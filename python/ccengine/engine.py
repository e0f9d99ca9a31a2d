"""A client for engine processes, in the spirit of python-chess's `chess.engine`: any
engine that speaks ccengine's protocol (protocol-spec/protocol.md) or CCP
(protocol-spec/ccp.md), started with Engine.popen, configured, asked to play or to
analyse under a Limit. Every wait has a deadline; an engine that dies, stalls or answers
what the protocol does not allow raises an EngineError subclass saying so, and the
process is always ended when the engine is closed (or its `with` block left).
"""

from __future__ import annotations

import dataclasses
import json
import math
import queue
import subprocess
import threading
import time
from typing import Optional

from ._ccengine import MoveError, Position, ccp_hole
from .info import InfoDict, parse_info

__all__ = ["Engine", "Limit", "PlayResult", "EngineError", "EngineTerminatedError",
           "EngineTimeoutError", "EngineProtocolError", "InfoDict", "Option"]


class EngineError(RuntimeError):
    """The engine refused a command (its `error` line is the message)."""


class EngineTerminatedError(EngineError):
    """The engine process ended, or could not be written to."""


class EngineTimeoutError(EngineError):
    """The engine did not answer in time; it is ended, as its state is unknown."""


class EngineProtocolError(EngineError):
    """The engine wrote what the protocol does not allow (an unknown line, an illegal move)."""


@dataclasses.dataclass(frozen=True)
class Limit:
    """When a search ends: the first of these reached. `time` is seconds per move;
    `clock` and `inc` are each player's clock and increment in seconds, player 1 first."""

    time: Optional[float] = None
    nodes: Optional[int] = None
    depth: Optional[int] = None
    clock: Optional[tuple] = None
    inc: Optional[tuple] = None

    def go_words(self) -> list[str]:
        words = []
        for number, seconds in enumerate(self.clock or (), start=1):
            words += [f"p{number}time", str(int(seconds * 1000))]
        for number, seconds in enumerate(self.inc or (), start=1):
            words += [f"p{number}inc", str(int(seconds * 1000))]
        if self.time is not None:
            words += ["movetime", str(int(self.time * 1000))]
        if self.depth is not None:
            words += ["depth", str(int(self.depth))]
        if self.nodes is not None:
            words += ["nodes", str(int(self.nodes))]
        return words

    def longest(self) -> float:
        """The longest the search may think, clocks counted (0 when no time is set)."""
        return max([self.time or 0.0, *(self.clock or ())])


@dataclasses.dataclass(frozen=True)
class Option:
    """An option as the engine describes it in its handshake."""

    name: str
    type: str
    default: Optional[str] = None
    min: Optional[int] = None
    max: Optional[int] = None
    var: tuple = ()


@dataclasses.dataclass
class PlayResult:
    move: Optional[str]  # the move text; None when the engine had no move (game over)
    ponder: Optional[str]
    info: InfoDict


# The grace beyond a search's own time before an engine counts as stalled.
DEFAULT_TIMEOUT = 10.0
# How long a closing engine has to quit before it is killed.
QUIT_GRACE = 2.0


class Engine:
    """One engine process. Engine.popen(["build/ccengine"]) for ccengine's protocol,
    protocol="ccp" for CCP engines (two players, CCERL's rules)."""

    def __init__(self, process: subprocess.Popen, protocol: str, timeout: float):
        self.process = process
        self.protocol = protocol
        self.timeout = timeout
        self.id: dict[str, str] = {}
        self.options: dict[str, Option] = {}
        self.rule_keys: dict[str, Option] = {}
        self._lines: queue.Queue = queue.Queue()
        self._rules: Optional[str] = None
        self._multipv = 1
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # --- starting and ending ---

    @classmethod
    def popen(cls, command: list[str], *, protocol: str = "cci",
              timeout: float = DEFAULT_TIMEOUT, cwd=None, stderr=subprocess.DEVNULL) -> "Engine":
        """Starts the engine and shakes hands (`cci` or `ccp`); raises EngineError on failure."""
        if protocol not in ("cci", "ccp"):
            raise ValueError(f"protocol {protocol!r}: expected 'cci' or 'ccp'")
        try:
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=stderr, cwd=cwd, text=True, bufsize=1)
        except OSError as error:
            raise EngineTerminatedError(f"cannot start {command!r}: {error}") from error
        engine = cls(process, protocol, timeout)
        try:
            engine._handshake()
        except BaseException:
            engine.close()
            raise
        return engine

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        if getattr(self, "process", None) is not None and self.process.poll() is None:
            self.process.kill()

    def close(self) -> None:
        """Asks the engine to quit, kills it if it does not, and reaps it. Idempotent."""
        if self.process.poll() is None:
            try:
                self._send("quit")
            except EngineTerminatedError:
                pass
            try:
                self.process.wait(QUIT_GRACE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass

    # --- configuration ---

    def configure(self, options: dict) -> None:
        """Sets options (`setoption`); an option the engine does not offer, or a value it
        refuses, raises EngineError and leaves the others set before it."""
        for name, value in options.items():
            if name not in self.options:
                raise EngineError(f"option {name!r}: the engine offers {sorted(self.options)}")
            if self.options[name].type == "button":
                self._command(f"setoption name {name}")
            else:
                if isinstance(value, bool):
                    value = "true" if value else "false"
                self._command(f"setoption name {name} value {value}")

    def ping(self) -> None:
        """isready / readyok within the timeout."""
        self._command(None)

    # --- thinking ---

    def play(self, position: Position, limit: Limit, *, timeout: Optional[float] = None) -> PlayResult:
        """The engine's move in the position under the limit, checked to be legal there."""
        infos, best, ponder = self._go(position, limit, timeout, multipv=None)
        if best is not None:
            try:
                position.copy().play(best)
            except MoveError as error:
                self._abandon()
                raise EngineProtocolError(f"illegal bestmove {best!r}: {error}") from error
        return PlayResult(best, ponder, infos[-1] if infos else InfoDict())

    def analyse(self, position: Position, limit: Limit, *, multipv: int = 1,
                timeout: Optional[float] = None) -> list[InfoDict]:
        """The last report of each of the `multipv` best lines, best first."""
        if self.protocol == "ccp":
            return self._ccp_analyse(position, limit, multipv, timeout)
        infos, _, _ = self._go(position, limit, timeout, multipv=multipv)
        lines: dict[int, InfoDict] = {}
        for info in infos:
            if "pv" in info or "score" in info:
                lines[info.get("multipv", 1)] = info
        return [lines[k] for k in sorted(lines)]

    # --- internals ---

    def _read(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _send(self, line: str) -> None:
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as error:
            raise EngineTerminatedError(self._ended(f"cannot write {line.split()[0]!r}")) from error

    def _ended(self, what: str) -> str:
        try:
            status = self.process.wait(1)
        except subprocess.TimeoutExpired:
            status = None
        return f"engine process ended ({what}; exit status {status})"

    def _next(self, deadline: Optional[float], waiting_for: str) -> str:
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            line = self._lines.get(timeout=remaining)
        except queue.Empty:
            self._abandon()
            raise EngineTimeoutError(f"no {waiting_for} within the time allowed; engine ended") from None
        if line is None:
            self._lines.put(None)  # every later wait sees the end too
            raise EngineTerminatedError(self._ended(f"while waiting for {waiting_for}"))
        return line

    def _abandon(self) -> None:
        """An engine whose state is unknown cannot be used again: it is ended."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def _handshake(self) -> None:
        hello, done = ("cci", "cciok") if self.protocol == "cci" else ("ccp", "ccpok")
        self._send(hello)
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._next(deadline, done)
            words = line.split()
            if line == done:
                return
            if not words:
                continue
            if words[0] == "id" and len(words) >= 2:
                self.id[words[1]] = " ".join(words[2:])
            elif words[0] in ("option", "rule"):
                option = _parse_option(line)
                (self.options if words[0] == "option" else self.rule_keys)[option.name] = option
            else:
                raise EngineProtocolError(f"unexpected line in the handshake: {line!r}")

    def _command(self, line: Optional[str]) -> None:
        """Sends a silent command, then isready: an `error` line before readyok is raised."""
        if line is not None:
            self._send(line)
        self._send("isready")
        deadline = time.monotonic() + self.timeout
        errors = []
        while True:
            reply = self._next(deadline, "readyok")
            if reply == "readyok":
                break
            if reply.startswith("error"):
                errors.append(reply)
            elif reply.strip() and not reply.startswith("info string"):
                raise EngineProtocolError(f"unexpected line before readyok: {reply!r}")
        if errors:
            raise EngineError("; ".join(errors))

    def _set_position(self, position: Position) -> None:
        if self.protocol == "ccp":
            self._command(f"position {position.ccp()}")
            return
        rules = str(position.rules)
        if rules != self._rules:
            self._command(f"setrules {rules}")
            self._rules = rules
        moves = position.moves
        self._command(f"position {position.start}" + (" moves " + " ".join(moves) if moves else ""))

    def _deadline(self, limit: Limit, timeout: Optional[float]) -> Optional[float]:
        """When a search counts as stalled: `timeout` seconds from now, by default the
        limit's own time and the engine's timeout; math.inf: never."""
        seconds = timeout if timeout is not None else limit.longest() + self.timeout
        return None if math.isinf(seconds) else time.monotonic() + seconds

    def _go(self, position: Position, limit: Limit, timeout, multipv):
        self._set_position(position)
        if self.protocol == "cci" and (multipv or 1) != self._multipv:
            self.configure({"MultiPV": multipv or 1})
            self._multipv = multipv or 1
        words = limit.go_words()
        if self.protocol == "ccp":
            words = [w.replace("p1time", "wtime").replace("p2time", "btime")
                     .replace("p1inc", "winc").replace("p2inc", "binc") for w in words]
        self._send(" ".join(["go"] + words))
        deadline = self._deadline(limit, timeout)
        infos: list[InfoDict] = []
        while True:
            line = self._next(deadline, "bestmove")
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                try:
                    info = parse_info(line)
                    if "pv" in info:
                        info["pv"] = [self._move_text(move) for move in info["pv"]]
                    infos.append(info)
                except ValueError as error:
                    self._abandon()
                    raise EngineProtocolError(str(error)) from None
            elif words[0] == "bestmove":
                break
            elif words[0] == "error":
                # A refused `go` starts no search (or answers `bestmove none` at once):
                # isready's readyok comes after whatever it says.
                self._send("isready")
                while self._next(deadline, "readyok") != "readyok":
                    pass
                raise EngineError(line)
            else:
                self._abandon()
                raise EngineProtocolError(f"unexpected line during a search: {line!r}")
        if len(words) not in (2, 4) or (len(words) == 4 and words[2] != "ponder"):
            self._abandon()
            raise EngineProtocolError(f"malformed bestmove line: {line!r}")
        best = None if words[1] in ("none", "0000") else self._move_text(words[1])
        ponder = self._move_text(words[3]) if len(words) == 4 else None
        return infos, best, ponder

    def _move_text(self, move: str) -> str:
        if self.protocol != "ccp":
            return move
        try:
            return "-".join(ccp_hole(int(cell)) for cell in move.split("-"))
        except (ValueError, IndexError):
            self._abandon()
            raise EngineProtocolError(f"not a CCP move: {move!r}") from None

    def _ccp_analyse(self, position, limit, multipv, timeout):
        self._set_position(position)
        self._send(" ".join(["analyze", "topk", str(multipv)] + limit.go_words()))
        deadline = self._deadline(limit, timeout)
        if deadline is not None:
            deadline += 1.0  # analyze's own default is 1 s
        while True:
            line = self._next(deadline, "analysis")
            if line.startswith("analysis "):
                break
            if line.startswith("error"):
                raise EngineError(line)
            if line.strip() and not line.startswith("info"):
                self._abandon()
                raise EngineProtocolError(f"unexpected line during analyze: {line!r}")
        try:
            report = json.loads(line[len("analysis "):])
            return [InfoDict(pv=[self._move_text(entry["move"])], value=float(report["value"]),
                             policy=float(entry["policy"]), multipv=k)
                    for k, entry in enumerate(report["moves"], start=1)]
        except (ValueError, KeyError, TypeError) as error:
            self._abandon()
            raise EngineProtocolError(f"malformed analysis line {line!r}: {error}") from None


def _parse_option(line: str) -> Option:
    """`option name <name> type <type> [default <d>] [min <n>] [max <n>] [var <v>]...`;
    names and values may hold spaces (`Clear Hash`, `Skill Level`)."""
    words = line.split()
    keywords = {"name", "type", "default", "min", "max", "var"}
    fields: dict[str, list[str]] = {}
    current = None
    for word in words[1:]:
        if word in keywords and (current != "name" or word == "type"):
            current = word
            fields.setdefault(word, []).append("")
        elif current is None:
            raise EngineProtocolError(f"malformed option line: {line!r}")
        else:
            fields[current][-1] = (fields[current][-1] + " " + word).strip()
    if "name" not in fields or "type" not in fields:
        raise EngineProtocolError(f"malformed option line: {line!r}")

    def number(key):
        try:
            return int(fields[key][0]) if key in fields else None
        except ValueError:
            raise EngineProtocolError(f"malformed option line: {line!r}") from None

    default = fields.get("default", [None])[0]
    return Option(fields["name"][0], fields["type"][0], default, number("min"), number("max"),
                  tuple(fields.get("var", ())))
