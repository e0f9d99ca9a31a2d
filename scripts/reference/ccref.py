"""ccref: an independent reference implementation of the ccengine game rules.

Written in plain Python 3 (standard library only) from the rules of
protocol-spec/rules.md and protocol-spec/notation.md alone, to cross-check the C++
engine.  Clarity is
preferred over speed everywhere.

Contents
  * geometry: the 121 holes, cube coordinates, names, numeric index, arms, camps;
  * Rules: the `setrules` keys (preset first, then the individual keys);
  * Game: start position, position text parse/print, legal move generation
    (one shortest path per (from, to, swap)), applying moves, pass and resign,
    finishing, places, every end rule, and perft.

Where the rules leave a detail open the choice made here is listed in CHOICES.md.

Typical use:
    from ccref import Game
    game = Game.from_settings("preset=standard players=2")
    pos = game.start()
    for move in game.legal(pos):
        print(move.text())
    print(game.format(game.play(pos, game.legal(pos)[0])))
    print(game.perft(pos, 3))
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field, replace

# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------

# The six neighbour directions in cube coordinates (q, r, s).
DIRECTIONS = ((1, -1, 0), (-1, 1, 0), (1, 0, -1), (-1, 0, 1), (0, 1, -1), (0, -1, 1))


def on_board(q: int, r: int, s: int) -> bool:
    """A hole exists iff all coordinates are >= -4 or all are <= 4."""
    return (q >= -4 and r >= -4 and s >= -4) or (q <= 4 and r <= 4 and s <= 4)


# Index order: 0 = m1, then row by row towards row 17, each row right to left.
COORDS: list[tuple[int, int, int]] = [
    (q, r, -q - r)
    for r in range(-8, 9)
    for q in range(8, -9, -1)
    if on_board(q, r, -q - r)
]
INDEX_OF: dict[tuple[int, int, int], int] = {c: i for i, c in enumerate(COORDS)}
HOLES = range(len(COORDS))
assert len(COORDS) == 121


def _name(c: tuple[int, int, int]) -> str:
    q, r, _ = c
    return chr(ord("a") + q + 8) + str(r + 9)


NAMES: list[str] = [_name(c) for c in COORDS]
NAME_INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}

# NEIGHBOUR[i][d]: the hole next to i in direction d, or -1 off the board.
NEIGHBOUR: list[list[int]] = [
    [INDEX_OF.get((q + dq, r + dr, s + ds), -1) for dq, dr, ds in DIRECTIONS]
    for q, r, s in COORDS
]
ADJACENT: list[frozenset[int]] = [frozenset(n for n in row if n >= 0) for row in NEIGHBOUR]

# Rows for the position text: row 17 first, each row left to right.
PRINT_ROWS: list[list[int]] = [
    sorted((i for i in HOLES if COORDS[i][1] == r), key=lambda i: COORDS[i][0])
    for r in range(8, -9, -1)
]

# Seat k's arm is where one coordinate passes 4 in a given sense.
# seat: (axis index into (q, r, s), sign)
_SEAT_AXIS = {1: (1, -1), 2: (2, +1), 3: (0, -1), 4: (1, +1), 5: (2, -1), 6: (0, +1)}
SEATS = (1, 2, 3, 4, 5, 6)


def _in_arm(c, seat) -> bool:
    axis, sign = _SEAT_AXIS[seat]
    return sign * c[axis] > 4


def _in_camp(c, seat) -> bool:
    """The side-5 triangle: the arm plus the 5 hexagon-edge holes next to it."""
    axis, sign = _SEAT_AXIS[seat]
    return sign * c[axis] >= 4 and all(sign * c[a] >= -4 for a in range(3) if a != axis)


ARM_HOLES: dict[int, frozenset[int]] = {
    k: frozenset(i for i in HOLES if _in_arm(COORDS[i], k)) for k in SEATS
}
CAMP_HOLES: dict[int, frozenset[int]] = {
    k: frozenset(i for i in HOLES if _in_camp(COORDS[i], k)) for k in SEATS
}
TIP: dict[int, int] = {
    k: max(ARM_HOLES[k], key=lambda i: _SEAT_AXIS[k][1] * COORDS[i][_SEAT_AXIS[k][0]])
    for k in SEATS
}
# ARM_OF[i]: the seat whose 10-hole arm holds i, or 0 for the hexagon.
ARM_OF: list[int] = [next((k for k in SEATS if i in ARM_HOLES[k]), 0) for i in HOLES]

assert all(len(ARM_HOLES[k]) == 10 and len(CAMP_HOLES[k]) == 15 for k in SEATS)
assert [NAMES[TIP[k]] for k in SEATS] == ["m1", "e5", "a13", "e17", "m13", "q5"]


def goal_seat(seat: int) -> int:
    """The seat opposite: seat k's goal is seat k+3 (mod 6)."""
    return (seat + 2) % 6 + 1


def distance(a: int, b: int) -> int:
    """Hex distance between two holes."""
    return sum(abs(x - y) for x, y in zip(COORDS[a], COORDS[b])) // 2


def hole_index(text: str) -> int:
    """A hole given by name (`i9`) or numeric index (`60`)."""
    t = text.strip().lower()
    if t.isdigit():
        i = int(t)
        if 0 <= i < 121:
            return i
    elif t in NAME_INDEX:
        return NAME_INDEX[t]
    raise ValueError(f"bad hole {text!r}")


# --------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------


class RulesError(ValueError):
    """A `setrules` setting that is unknown, malformed or not allowed."""


_ON_OFF = ("on", "off")
ENUM_KEYS = {
    "pieces": ("10", "15"),
    "king": _ON_OFF,
    "hops": ("short", "long"),
    "other": ("free", "pass", "closed"),
    "unused": ("free", "pass", "closed", "filled"),
    "goallock": _ON_OFF,
    "finish": ("all", "fill"),
    "swap": ("off", "any", "final"),
    "bonus": _ON_OFF,
    "end": ("first", "all"),
    "fairfinish": _ON_OFF,
    "passround": _ON_OFF,
    "limitresult": ("draw", "progress"),
    "adjacent": _ON_OFF,
    "mustleave": _ON_OFF,
}
INT_KEYS = ("movelimit", "stall", "repetition")

STANDARD = {
    "pieces": "10", "king": "off", "hops": "short", "other": "free", "unused": "free",
    "goallock": "off", "finish": "fill", "swap": "off", "bonus": "off", "end": "all",
    "fairfinish": "off", "passround": "off", "movelimit": "200", "limitresult": "draw",
    "stall": "50", "repetition": "0", "adjacent": "off", "mustleave": "off",
}
_MASTERS = {"other": "pass", "goallock": "on", "finish": "all", "swap": "any",
            "end": "first", "movelimit": "0", "stall": "0"}
PRESETS = {
    "standard": {},
    "masters": _MASTERS,
    "card": {**_MASTERS, "swap": "final", "passround": "on"},
    "super": {"hops": "long", "other": "pass", "unused": "pass", "finish": "all",
              "bonus": "on", "end": "first", "fairfinish": "on", "movelimit": "0",
              "stall": "0"},
    "diamond": {"pieces": "15", "king": "on", "other": "closed", "unused": "closed",
                "finish": "all", "end": "all", "movelimit": "0", "stall": "0"},
    "sec5": {"finish": "all", "end": "first", "adjacent": "on", "mustleave": "on",
             "repetition": "3", "movelimit": "200", "limitresult": "progress",
             "stall": "0"},
}
PRESET_PLAYERS = {"card": (2,), "diamond": (2, 3)}

DEFAULT_SEATING = {
    1: ((1,),),
    2: ((1,), (4,)),
    3: ((1,), (3,), (5,)),
    4: ((1,), (2,), (4,), (5,)),
    5: ((1,), (2,), (3,), (4,), (5,)),
    6: ((1,), (2,), (3,), (4,), (5,), (6,)),
}


def parse_armies(text: str) -> tuple[tuple[int, ...], ...]:
    """`1+4,2+5,3+6` -> ((1, 4), (2, 5), (3, 6))."""
    try:
        armies = tuple(tuple(int(s) for s in part.split("+")) for part in text.split(","))
    except ValueError:
        raise RulesError(f"bad armies {text!r}") from None
    return armies


def armies_text(armies) -> str:
    return ",".join("+".join(str(s) for s in seats) for seats in armies)


@dataclass(frozen=True)
class Rules:
    """One complete rule set (all `setrules` keys resolved)."""

    preset: str = "standard"
    armies: tuple = DEFAULT_SEATING[2]
    first: int = 1
    pieces: int = 10
    king: bool = False
    hops: str = "short"
    other: str = "free"
    unused: str = "free"
    goallock: bool = False
    finish: str = "fill"
    swap: str = "off"
    bonus: bool = False
    end: str = "all"
    fairfinish: bool = False
    passround: bool = False
    movelimit: int = 200
    limitresult: str = "draw"
    stall: int = 50
    repetition: int = 0
    adjacent: bool = False
    mustleave: bool = False

    @property
    def players(self) -> int:
        return len(self.armies)

    @staticmethod
    def from_settings(settings) -> "Rules":
        """Build from `k=v k=v ...` text or a dict: standard, then the preset, then keys."""
        if isinstance(settings, str):
            pairs = {}
            for token in settings.split():
                if "=" not in token:
                    raise RulesError(f"bad setting {token!r}")
                k, v = token.split("=", 1)
                pairs[k.strip().lower()] = v.strip().lower()
            settings = pairs
        settings = {str(k).lower(): str(v).lower() for k, v in settings.items()}

        preset = settings.get("preset", "standard")
        if preset not in PRESETS:
            raise RulesError(f"unknown preset {preset!r}")
        values = {**STANDARD, **PRESETS[preset]}
        for k, v in settings.items():
            if k in ("preset", "players", "armies", "first"):
                continue
            if k in ENUM_KEYS:
                if v not in ENUM_KEYS[k]:
                    raise RulesError(f"bad value {k}={v}")
            elif k in INT_KEYS:
                if not v.isdigit():
                    raise RulesError(f"bad value {k}={v}")
            else:
                raise RulesError(f"unknown key {k!r}")
            values[k] = v

        armies = None
        if "players" in settings:
            if settings["players"] not in ("1", "2", "3", "4", "5", "6"):
                raise RulesError(f"bad players {settings['players']!r}")
            armies = DEFAULT_SEATING[int(settings["players"])]
        if "armies" in settings:
            given = parse_armies(settings["armies"])
            if armies is not None and len(armies) != len(given):
                raise RulesError("players and armies disagree")
            armies = given
        if armies is None:
            armies = DEFAULT_SEATING[2]
        if not settings.get("first", "1").isdigit():
            raise RulesError("bad first")

        on = lambda k: values[k] == "on"  # noqa: E731
        rules = Rules(
            preset=preset, armies=armies, first=int(settings.get("first", "1")),
            pieces=int(values["pieces"]), king=on("king"), hops=values["hops"],
            other=values["other"], unused=values["unused"], goallock=on("goallock"),
            finish=values["finish"], swap=values["swap"], bonus=on("bonus"),
            end=values["end"], fairfinish=on("fairfinish"), passround=on("passround"),
            movelimit=int(values["movelimit"]), limitresult=values["limitresult"],
            stall=int(values["stall"]), repetition=int(values["repetition"]),
            adjacent=on("adjacent"), mustleave=on("mustleave"),
        )
        rules.validate()
        return rules

    def validate(self) -> None:
        seats = [s for army in self.armies for s in army]
        if not 1 <= len(self.armies) <= 6 or any(not a for a in self.armies):
            raise RulesError("need 1..6 players, each with at least one seat")
        if any(s not in SEATS for s in seats) or len(set(seats)) != len(seats):
            raise RulesError("seats must be distinct numbers 1..6")
        if not 1 <= self.first <= self.players:
            raise RulesError("first must name a player")
        allowed = PRESET_PLAYERS.get(self.preset)
        if allowed and self.players not in allowed:
            raise RulesError(f"preset {self.preset} allows {allowed} players")
        if self.pieces == 15:
            camps = [CAMP_HOLES[s] for s in seats]
            for i in range(len(camps)):
                for j in range(i):
                    if camps[i] & camps[j]:
                        raise RulesError("15-piece start camps overlap")

    def settings_text(self) -> str:
        """Every key explicitly, in `setrules` form."""
        b = lambda x: "on" if x else "off"  # noqa: E731
        return (
            f"preset={self.preset} armies={armies_text(self.armies)} first={self.first} "
            f"pieces={self.pieces} king={b(self.king)} hops={self.hops} other={self.other} "
            f"unused={self.unused} goallock={b(self.goallock)} finish={self.finish} "
            f"swap={self.swap} bonus={b(self.bonus)} end={self.end} "
            f"fairfinish={b(self.fairfinish)} passround={b(self.passround)} "
            f"movelimit={self.movelimit} limitresult={self.limitresult} stall={self.stall} "
            f"repetition={self.repetition} adjacent={b(self.adjacent)} "
            f"mustleave={b(self.mustleave)}"
        )


# --------------------------------------------------------------------------
# Pieces, moves, positions
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    seat: int  # the seat its army started on
    king: bool = False
    earned: bool = False  # has earned its goal-entry bonus

    def text(self) -> str:
        return str(self.seat) + ("k" if self.king else "") + ("'" if self.earned else "")


SPARE = "x"  # a spare piece of a filled unused arm; never moves


@dataclass(frozen=True)
class Move:
    frm: int
    to: int
    swap: bool = False
    path: tuple = ()

    @property
    def key(self):
        return (self.frm, self.to, self.swap)

    @property
    def hops(self) -> int:
        """Number of landings (a step is one landing)."""
        return len(self.path) - 1

    def text(self, numeric: bool = False) -> str:
        if self is PASS or self.frm == -1:
            return "pass"
        if self.frm == -2:
            return "resign"
        names = [str(i) if numeric else NAMES[i] for i in self.path]
        return "-".join(names) + ("*" if self.swap else "")


PASS = Move(-1, -1)
RESIGN = Move(-2, -2)


@dataclass
class Position:
    """Everything the position text holds, plus the repetition history."""

    board: list  # 121 cells: None, Piece or SPARE
    mover: int  # 1-based player number
    bonus: bool = False  # this move is a goal-entry bonus move
    round: int = 1
    quiet: int = 0
    passes: int = 0
    done: frozenset = frozenset()  # seats of finished armies
    places: tuple = ()  # per player: 0 none, N place, -N place by resigning
    status: str = "playing"
    history: dict = field(default_factory=dict)  # repetition key -> count

    def copy(self) -> "Position":
        return replace(self, board=list(self.board), history=dict(self.history))


STATUSES = ("playing", "finish", "resign", "movelimit", "stall", "repetition", "passround")


# --------------------------------------------------------------------------
# The game: rules applied to positions
# --------------------------------------------------------------------------


class Game:
    """The rules engine for one rule set; positions are passed in and out."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.n = rules.players
        self.player_of: dict[int, int] = {}
        for p, seats in enumerate(rules.armies, start=1):
            for s in seats:
                self.player_of[s] = p
        self.seats_of = {p: tuple(sorted(seats)) for p, seats in enumerate(rules.armies, 1)}
        # Turn order: clockwise by lowest seat, starting with the first player.
        by_seat = sorted(self.seats_of, key=lambda p: min(self.seats_of[p]))
        k = by_seat.index(rules.first)
        self.order = by_seat[k:] + by_seat[:k]
        self.order_pos = {p: i for i, p in enumerate(self.order)}

        camp = rules.pieces == 15
        self.goal = {s: (CAMP_HOLES if camp else ARM_HOLES)[goal_seat(s)] for s in SEATS}
        self.start_holes = {s: (CAMP_HOLES if camp else ARM_HOLES)[s] for s in SEATS}
        self.goal_tip = {s: TIP[goal_seat(s)] for s in SEATS}

        used = set()
        for s in self.player_of:
            used |= {s, goal_seat(s)}
        self.used_arms = used
        # Per player and hole: may a move end there / may a hop land there mid-chain?
        self.end_ok: dict[int, list[bool]] = {}
        self.mid_ok: dict[int, list[bool]] = {}
        for p, seats in self.seats_of.items():
            own = set(seats) | {goal_seat(s) for s in seats}
            end_ok, mid_ok = [], []
            for i in HOLES:
                arm = ARM_OF[i]
                if arm == 0 or arm in own:
                    kind = "free"
                elif arm in used:
                    kind = rules.other
                else:
                    kind = "closed" if rules.unused == "filled" else rules.unused
                end_ok.append(kind == "free")
                mid_ok.append(kind in ("free", "pass"))
            self.end_ok[p] = end_ok
            self.mid_ok[p] = mid_ok

    @classmethod
    def from_settings(cls, settings) -> "Game":
        return cls(Rules.from_settings(settings))

    # ---------------------------------------------------------- positions

    def start(self) -> Position:
        board: list = [None] * 121
        for s in self.player_of:
            for i in self.start_holes[s]:
                board[i] = Piece(s, king=self.rules.king and i == TIP[s])
        if self.rules.unused == "filled":
            for k in SEATS:
                if k not in self.used_arms:
                    for i in ARM_HOLES[k]:
                        board[i] = SPARE
        pos = Position(board=board, mover=self.rules.first, places=(0,) * self.n)
        self._record(pos)
        return pos

    def board_text(self, board) -> str:
        rows = []
        for row in PRINT_ROWS:
            rows.append("".join("." if board[i] is None else
                                SPARE if board[i] == SPARE else board[i].text() for i in row))
        return "/".join(rows)

    def format(self, pos: Position) -> str:
        """The 8-field position text."""
        done = "".join(str(s) for s in sorted(pos.done)) or "-"
        if any(pos.places):
            places = ",".join("0" if v == 0 else str(v) if v > 0 else f"r{-v}"
                              for v in pos.places)
        else:
            places = "-"
        return (f"{self.board_text(pos.board)} {pos.mover}{'+' if pos.bonus else ''} "
                f"{pos.round} {pos.quiet} {pos.passes} {done} {places} {pos.status}")

    def parse(self, text: str) -> Position:
        """Parse the 8-field position text (raises ValueError)."""
        fields = text.split()
        if len(fields) != 8:
            raise ValueError("position text needs 8 fields")
        board_f, mover_f, round_f, quiet_f, passes_f, done_f, places_f, status_f = fields
        rows = board_f.split("/")
        if len(rows) != 17:
            raise ValueError("board needs 17 rows")
        board: list = [None] * 121
        for row_text, holes in zip(rows, PRINT_ROWS):
            cells, j = [], 0
            while j < len(row_text):
                c = row_text[j]
                j += 1
                if c == ".":
                    cells.append(None)
                elif c == "x":
                    cells.append(SPARE)
                elif c in "123456":
                    king = earned = False
                    if j < len(row_text) and row_text[j] == "k":
                        king, j = True, j + 1
                    if j < len(row_text) and row_text[j] == "'":
                        earned, j = True, j + 1
                    if int(c) not in self.player_of:
                        raise ValueError(f"piece of seat {c} which no army uses")
                    cells.append(Piece(int(c), king, earned))
                else:
                    raise ValueError(f"bad board character {c!r}")
            if len(cells) != len(holes):
                raise ValueError(f"row has {len(cells)} holes, needs {len(holes)}")
            for i, cell in zip(holes, cells):
                board[i] = cell
        bonus = mover_f.endswith("+")
        mover = int(mover_f.rstrip("+"))
        if not 1 <= mover <= self.n:
            raise ValueError("bad mover")
        done = frozenset() if done_f == "-" else frozenset(int(c) for c in done_f)
        if any(s not in self.player_of for s in done):
            raise ValueError("bad done field")
        if places_f == "-":
            places = (0,) * self.n
        else:
            entries = places_f.split(",")
            if len(entries) != self.n:
                raise ValueError("places needs one entry per player")
            places = tuple(-int(e[1:]) if e.startswith("r") else int(e) for e in entries)
        if status_f not in STATUSES:
            raise ValueError("bad status")
        pos = Position(board=board, mover=mover, bonus=bonus, round=int(round_f),
                       quiet=int(quiet_f), passes=int(passes_f), done=done,
                       places=places, status=status_f)
        self._record(pos)
        return pos

    # ---------------------------------------------------------- helpers

    def owner(self, cell):
        """The player owning a cell's piece, or None (empty or spare)."""
        return self.player_of[cell.seat] if isinstance(cell, Piece) else None

    def active(self, pos: Position) -> list[int]:
        """Players still playing (not finished, not resigned), in turn order."""
        return [p for p in self.order if pos.places[p - 1] == 0]

    def player_finished(self, pos: Position, p: int) -> bool:
        return all(s in pos.done for s in self.seats_of[p])

    def remaining_distance(self, board, p: int) -> int:
        """Sum over the player's pieces of the hex distance to their goal's tip."""
        return sum(distance(i, self.goal_tip[c.seat]) for i, c in enumerate(board)
                   if isinstance(c, Piece) and self.player_of[c.seat] == p)

    def pieces_home(self, board, p: int) -> int:
        return sum(1 for i, c in enumerate(board) if isinstance(c, Piece)
                   and self.player_of[c.seat] == p and i in self.goal[c.seat])

    def meets_finish(self, board, seat: int) -> bool:
        """The army's finishing rule (all / fill, and king on tip) without adjacent entry."""
        goal = self.goal[seat]
        if self.rules.finish == "all":
            mine = [i for i, c in enumerate(board) if isinstance(c, Piece) and c.seat == seat]
            if not mine or any(i not in goal for i in mine):
                return False
        else:
            if any(board[i] is None for i in goal):
                return False
            if not any(isinstance(board[i], Piece) and board[i].seat == seat for i in goal):
                return False
        return self._king_home(board, seat, None)

    def _king_home(self, board, seat: int, moved: tuple | None) -> bool:
        """King rule: the army's king stands on its goal tip (moved = (from, to) pretend)."""
        if not self.rules.king:
            return True
        for i, c in enumerate(board):
            if isinstance(c, Piece) and c.seat == seat and c.king:
                where = moved[1] if moved and moved[0] == i else i
                return where == self.goal_tip[seat]
        return True  # an army without a king (hand-made position): no king condition

    def adjacent_entry(self, pos: Position, board, seat: int) -> bool:
        """Adjacent entry (protocol-spec/rules.md §7.3 and §9) for one army."""
        goal = self.goal[seat]
        p = self.player_of[seat]
        missing = [i for i in goal
                   if not (isinstance(board[i], Piece) and board[i].seat == seat)]
        if len(missing) != 1:
            return False
        hole = missing[0]
        blocker = board[hole]
        if not isinstance(blocker, Piece) or self.player_of[blocker.seat] == p:
            return False
        outside = [i for i, c in enumerate(board)
                   if isinstance(c, Piece) and c.seat == seat and i not in goal]
        if len(outside) != 1 or hole not in ADJACENT[outside[0]]:
            return False
        if not self._king_home(board, seat, (outside[0], hole)):
            return False
        bp = self.player_of[blocker.seat]
        if blocker.seat in pos.done or pos.places[bp - 1] != 0:
            return True  # finished or resigned blocker: unable to move
        moves = self.piece_moves(board, hole, bp)
        return all(m.to in goal for m in moves)

    # ---------------------------------------------------------- move generation

    def _hop_landings(self, board, frm: int, u: int, king: bool):
        """Hops from u by the piece lifted from frm: yields (landing, landing_occupied).

        An occupied landing is only of use as a swap; geometry is otherwise legal.
        """
        occupied = lambda i: i != frm and board[i] is not None  # noqa: E731
        is_king = lambda i: isinstance(board[i], Piece) and board[i].king  # noqa: E731
        for d in range(6):
            if king:
                # Row hop: a straight unbroken row of non-kings starting next to u;
                # land in the first empty hole after it.
                h, row = NEIGHBOUR[u][d], 0
                while h >= 0 and occupied(h):
                    if row >= 1:
                        yield h, True  # would land on this piece after a row of `row`
                    if is_king(h):
                        break
                    row += 1
                    h = NEIGHBOUR[h][d]
                else:
                    if row >= 1 and h >= 0:
                        yield h, False
            elif self.rules.hops == "short":
                b = NEIGHBOUR[u][d]
                if b >= 0 and occupied(b) and not is_king(b):
                    land = NEIGHBOUR[b][d]
                    if land >= 0:
                        yield land, occupied(land)
            else:
                # Long hop: bridge at distance k, k-1 empty holes either side of it.
                h, k = NEIGHBOUR[u][d], 1
                while h >= 0 and not occupied(h):
                    h, k = NEIGHBOUR[h][d], k + 1
                if h < 0 or is_king(h):
                    continue
                ok = True
                for _ in range(k - 1):
                    h = NEIGHBOUR[h][d]
                    if h < 0 or occupied(h):
                        ok = False
                        break
                if ok:
                    land = NEIGHBOUR[h][d]
                    if land >= 0:
                        yield land, occupied(land)

    def _swap_ok(self, board, frm: int, to: int, p: int) -> bool:
        """May the piece from `frm` (player p) swap with the piece on `to`?"""
        if self.rules.swap == "off":
            return False
        piece, target = board[frm], board[to]
        if to not in self.goal[piece.seat] or not isinstance(target, Piece):
            return False
        if self.player_of[target.seat] == p:
            return False
        if self.rules.swap == "final":
            after = list(board)
            after[to], after[frm] = piece, target
            return self.meets_finish(after, piece.seat)
        return True

    def piece_moves(self, board, frm: int, p: int) -> list[Move]:
        """Every move of the piece on `frm` for player p (one shortest path each)."""
        piece = board[frm]
        goal = self.goal[piece.seat]
        locked = self.rules.goallock and frm in goal
        end_ok, mid_ok = self.end_ok[p], self.mid_ok[p]
        can_end = lambda i: end_ok[i] and (not locked or i in goal)  # noqa: E731
        can_land = lambda i: mid_ok[i] and (not locked or i in goal)  # noqa: E731

        moves: dict = {}

        def offer(move: Move):
            old = moves.get(move.key)
            if old is None or move.hops < old.hops:
                moves[move.key] = move

        # Steps.
        for n in ADJACENT[frm]:
            if board[n] is None:
                if can_end(n):
                    offer(Move(frm, n, False, (frm, n)))
            elif self._swap_ok(board, frm, n, p):
                offer(Move(frm, n, True, (frm, n)))

        # Hop chains: breadth-first over landings, so the first path found is shortest.
        parent = {frm: None}
        queue = collections.deque([frm])

        def path_to(u):
            path = []
            while u is not None:
                path.append(u)
                u = parent[u]
            return tuple(reversed(path))

        while queue:
            u = queue.popleft()
            for land, occupied in self._hop_landings(board, frm, u, piece.king):
                if occupied:
                    if (not locked or land in goal) and self._swap_ok(board, frm, land, p):
                        offer(Move(frm, land, True, path_to(u) + (land,)))
                elif land not in parent and can_land(land):
                    parent[land] = u
                    queue.append(land)
                    if land != frm and can_end(land):
                        offer(Move(frm, land, False, path_to(land)))
        return list(moves.values())

    def _movable_seats(self, pos: Position, p: int) -> set[int]:
        return {s for s in self.seats_of[p] if s not in pos.done}

    def legal(self, pos: Position) -> list[Move]:
        """The player to move's legal moves; [PASS] when there are none."""
        if pos.status != "playing":
            return []
        p = pos.mover
        seats = self._movable_seats(pos, p)
        moves: list[Move] = []
        for i, c in enumerate(pos.board):
            if isinstance(c, Piece) and c.seat in seats:
                moves.extend(self.piece_moves(pos.board, i, p))
        if self.rules.mustleave:
            moves = self._must_leave(pos, p, moves)
        moves.sort(key=lambda m: (m.frm, m.to, m.swap))
        return moves or [PASS]

    def _must_leave(self, pos: Position, p: int, moves: list[Move]) -> list[Move]:
        board = pos.board
        blocked = []
        for seat, owner in self.player_of.items():
            if owner == p or seat in pos.done:
                continue
            goal = self.goal[seat]
            if any(board[i] is None for i in goal):
                continue
            if all(isinstance(board[i], Piece) and board[i].seat == seat for i in goal):
                continue
            if any(self.owner(board[i]) == p for i in goal):
                blocked.append(goal)
        leaving = [m for m in moves if any(m.frm in g and m.to not in g for g in blocked)]
        return leaving or moves

    def check_path(self, pos: Position, path: list[int], swap: bool) -> str | None:
        """Is `path` a valid route for the player to move? None if so, else why not."""
        p, board = pos.mover, pos.board
        if len(path) < 2:
            return "path too short"
        frm = path[0]
        piece = board[frm]
        if not isinstance(piece, Piece) or piece.seat not in self._movable_seats(pos, p):
            return "no movable piece of the mover on the first hole"
        goal = self.goal[piece.seat]
        locked = self.rules.goallock and frm in goal
        last = path[-1]
        if len(path) == 2 and last in ADJACENT[frm]:
            pass  # a step
        else:
            for j in range(len(path) - 1):
                u, v = path[j], path[j + 1]
                landings = dict(self._hop_landings(board, frm, u, piece.king))
                if v not in landings:
                    return f"{NAMES[u]}-{NAMES[v]} is not a hop"
                if j < len(path) - 2:
                    if landings[v] or not self.mid_ok[p][v] or (locked and v not in goal):
                        return f"may not land on {NAMES[v]} mid-chain"
        if swap:
            if board[last] is None or last == frm or not self._swap_ok(board, frm, last, p):
                return "not a valid swap"
        else:
            if last == frm or board[last] is not None:
                return "the move ends where it started or on an occupied hole"
            if not self.end_ok[p][last] or (locked and last not in goal):
                return "may not end there"
        return None

    def find_move(self, pos: Position, text: str) -> Move:
        """A legal move from its text (full path or from-to, names or indices)."""
        t = text.strip().lower()
        if t in ("pass", "resign"):
            move = PASS if t == "pass" else RESIGN
            if move is PASS and self.legal(pos) != [PASS]:
                raise ValueError("pass is not legal here")
            return move
        t = t.rstrip("*")
        path = [hole_index(h) for h in t.split("-")]
        for m in self.legal(pos):
            if m.frm == path[0] and m.to == path[-1]:
                if len(path) > 2 and self.check_path(pos, path, m.swap) is not None:
                    raise ValueError(f"invalid path {text}")
                return m
        raise ValueError(f"illegal move {text}")

    # ---------------------------------------------------------- playing moves

    def _key(self, pos: Position) -> str:
        return f"{self.board_text(pos.board)} {pos.mover}{'+' if pos.bonus else ''}"

    def _record(self, pos: Position) -> int:
        """Count the position for repetition; returns its number of occurrences."""
        if not self.rules.repetition or pos.status != "playing":
            return 0
        k = self._key(pos)
        pos.history[k] = pos.history.get(k, 0) + 1
        return pos.history[k]

    def play(self, pos: Position, move: Move) -> Position:
        """The position after `move` (PASS, RESIGN or a legal Move); pos is untouched."""
        if pos.status != "playing":
            raise ValueError("game is over")
        new = pos.copy()
        p = pos.mover
        places = list(new.places)
        bonus = False

        if move is RESIGN or move.frm == -2:
            resigned = sum(1 for v in places if v < 0)
            places[p - 1] = -(self.n - resigned)
            new.places = tuple(places)
            self._check_finishes(new, p)
            return self._conclude(new, p, "resign", False)

        if move is PASS or move.frm == -1:
            new.passes += 1
            new.quiet += 1
            self._check_finishes(new, p)
            return self._conclude(new, p, "pass", False)

        board = new.board
        before = self.remaining_distance(board, p)
        piece = board[move.frm]
        if move.swap:
            board[move.to], board[move.frm] = piece, board[move.to]
        else:
            board[move.to], board[move.frm] = piece, None
        new.passes = 0
        new.quiet = 0 if self.remaining_distance(board, p) < before else new.quiet + 1
        self._check_finishes(new, p)
        if (self.rules.bonus and move.to in self.goal[piece.seat] and not piece.earned
                and new.places[p - 1] == 0):
            board[move.to] = replace(piece, earned=True)
            bonus = True
        return self._conclude(new, p, "move", bonus)

    def _check_finishes(self, pos: Position, mover: int) -> None:
        """Finishing, for every player: the mover first, then clockwise after it."""
        k = self.order_pos[mover]
        places = list(pos.places)
        fair = self.rules.end == "first" and self.rules.fairfinish
        for p in self.order[k:] + self.order[:k]:
            if places[p - 1] != 0:
                continue
            for s in self.seats_of[p]:
                if s in pos.done:
                    continue
                if self.meets_finish(pos.board, s) or (
                        self.rules.adjacent and self.adjacent_entry(pos, pos.board, s)):
                    pos.done = pos.done | {s}
            if self.player_finished(pos, p):
                places[p - 1] = 1 if fair else 1 + sum(1 for v in places if v > 0)
                pos.places = tuple(places)

    def _conclude(self, pos: Position, actor: int, kind: str, bonus: bool) -> Position:
        """End checks and the turn hand-over after a move, pass or resignation."""
        rules = self.rules
        active = self.active(pos)
        finishers = sum(1 for v in pos.places if v > 0)
        pending = rules.end == "first" and rules.fairfinish and finishers > 0

        # Ends caused by finishing or resigning.
        if not active:
            return self._end(pos, actor, "resign" if kind == "resign" else "finish")
        if not pending:
            if rules.end == "first" and finishers:
                return self._end(pos, actor, "resign" if kind == "resign" else "finish")
            if self.n >= 2 and len(active) <= 1:
                return self._end(pos, actor, "resign" if kind == "resign" else "finish")

        # Who moves next.
        if bonus:
            nxt, wrap = actor, False
        else:
            k = self.order_pos[actor]
            nxt = next(q for q in self.order[k + 1:] + self.order[:k + 1] if q in active)
            wrap = self.order_pos[nxt] <= k
        if wrap and pending:
            return self._end(pos, actor, "finish")

        # The order protocol-spec/rules.md §9 decides: pass round, stall, move limit,
        # then repetition.
        if kind != "resign":
            if kind == "pass" and rules.passround and pos.passes >= len(active):
                return self._end(pos, actor, "passround")
            if rules.stall and pos.quiet >= rules.stall * len(active):
                return self._end(pos, actor, "stall")
        if wrap and rules.movelimit and pos.round >= rules.movelimit:
            return self._end(pos, actor, "movelimit")
        if kind != "resign" and rules.repetition:
            trial = replace(pos, mover=nxt, bonus=bonus)
            if pos.history.get(self._key(trial), 0) + 1 >= rules.repetition:
                return self._end(pos, actor, "repetition")

        pos.mover, pos.bonus = nxt, bonus
        if wrap:
            pos.round += 1
        if kind != "resign":
            self._record(pos)
        return pos

    def _end(self, pos: Position, actor: int, status: str) -> Position:
        """Finish the game: the unplaced players get their places."""
        pos.status, pos.mover, pos.bonus = status, actor, False
        places = list(pos.places)
        base = 1 + sum(1 for v in places if v > 0)
        active = [p for p in self.order if places[p - 1] == 0]
        by_progress = status == "stall" or (status == "movelimit"
                                            and self.rules.limitresult == "progress")
        if by_progress:
            score = {p: (-self.pieces_home(pos.board, p), self.remaining_distance(pos.board, p))
                     for p in active}
            for p in active:
                places[p - 1] = base + sum(1 for q in active if score[q] < score[p])
        else:
            for p in active:
                places[p - 1] = base
        pos.places = tuple(places)
        return pos

    # ---------------------------------------------------------- perft

    def perft(self, pos: Position, depth: int) -> int:
        """Leaf count: every listed move (pass too) is a ply; a finished game is a leaf."""
        if depth == 0 or pos.status != "playing":
            return 1
        moves = self.legal(pos)
        if depth == 1:
            # Children are leaves whether finished or not.
            return len(moves)
        return sum(self.perft(self.play(pos, m), depth - 1) for m in moves)


def main(argv=None) -> int:
    """Tiny command line: ccref.py [perft DEPTH] [settings ...]."""
    import sys
    import time
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["perft"] and len(args) >= 2:
        depth = int(args[1])
        game = Game.from_settings(" ".join(args[2:]))
        pos = game.start()
        for d in range(1, depth + 1):
            t = time.time()
            print(f"perft {d} = {game.perft(pos, d)}  ({time.time() - t:.1f}s)", flush=True)
        return 0
    game = Game.from_settings(" ".join(args))
    pos = game.start()
    print(game.format(pos))
    print("legal", " ".join(m.text() for m in game.legal(pos)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
