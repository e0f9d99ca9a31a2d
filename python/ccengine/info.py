"""`info` lines (protocol-spec/protocol.md, go) parsed to typed fields."""

from __future__ import annotations

import dataclasses
from typing import Optional


@dataclasses.dataclass(frozen=True)
class Score:
    """The mover's score: centi-steps (`cp`), or own turns to a proven finish (`mate`,
    negative when an opponent gets there first)."""

    cp: Optional[int] = None
    mate: Optional[int] = None

    def is_mate(self) -> bool:
        return self.mate is not None


class InfoDict(dict):
    """An `info` line's fields: depth, seldepth, multipv, score (Score), lowerbound or
    upperbound (True), wdl (win, draw, loss per mille), first (each player's chance of
    first place per mille), nodes, nps, time (seconds), hashfull, pv (move texts),
    string (the text of an `info string`). Fields the line lacks are absent."""


_INTEGERS = {"depth", "seldepth", "multipv", "nodes", "nps", "hashfull"}
_KEYWORDS = _INTEGERS | {"score", "lowerbound", "upperbound", "wdl", "first", "time", "pv",
                         "string", "currmove", "currmovenumber"}


def _integer(line: str, word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ValueError(f"malformed info line (not a number: {word!r}): {line!r}") from None


def parse_info(line: str) -> InfoDict:
    """The fields of one `info` line; ValueError for a line the protocol does not allow."""
    words = line.split()
    if not words or words[0] != "info":
        raise ValueError(f"not an info line: {line!r}")
    info = InfoDict()
    index = 1
    while index < len(words):
        key = words[index]
        index += 1
        if key == "string":
            info["string"] = line.split("string", 1)[1].strip()
            break
        if key == "pv":
            info["pv"] = words[index:]
            break
        if key in ("lowerbound", "upperbound"):
            info[key] = True
            continue
        if key not in _KEYWORDS or index >= len(words):
            raise ValueError(f"malformed info line (at {key!r}): {line!r}")
        if key in _INTEGERS:
            info[key] = _integer(line, words[index])
            index += 1
        elif key == "time":
            info["time"] = _integer(line, words[index]) / 1000.0
            index += 1
        elif key == "score":
            if index + 1 >= len(words) or words[index] not in ("cp", "mate"):
                raise ValueError(f"malformed info line (score): {line!r}")
            value = _integer(line, words[index + 1])
            info["score"] = Score(cp=value) if words[index] == "cp" else Score(mate=value)
            index += 2
        elif key == "wdl":
            info["wdl"] = tuple(_integer(line, w) for w in words[index:index + 3])
            if len(info["wdl"]) != 3:
                raise ValueError(f"malformed info line (wdl): {line!r}")
            index += 3
        elif key == "first":
            chances = []
            while index < len(words) and words[index] not in _KEYWORDS:
                chances.append(_integer(line, words[index]))
                index += 1
            info["first"] = chances
        else:  # currmove, currmovenumber: passed on as text
            info[key] = words[index]
            index += 1
    return info
