"""A multi-agent environment in PettingZoo's AEC shape (the API of PettingZoo 1.25 and
1.26, with Gymnasium 1.x; their api_test, the same in substance up to PettingZoo's
1.27 development version, is what it is written to pass): agents take turns as the rules say, each
observes the board from its own seat with an action mask, rewards come by places at the
end, terminations and truncations follow the rules' end conditions.

It needs only numpy: with PettingZoo installed it is a pettingzoo.AECEnv and its spaces
are Gymnasium's, so `pettingzoo.test.api_test(env())` takes it unchanged; without, the
same methods come from stand-ins (spaces.py and the base below).
"""

from __future__ import annotations

from typing import Optional, Union

import numpy as np

from ._ccengine import (ACTION_COUNT, OBSERVATION_SHAPE, GameOverError, Position,
                        Rules, holes)
from .spaces import Box, Dict, Discrete

try:  # pragma: no cover - taken only where PettingZoo is installed
    from pettingzoo import AECEnv as _Base
except ImportError:
    _Base = object

__all__ = ["ChineseCheckersEnv", "env", "render_board"]


def env(rules: Union[str, Rules] = "players=6", render_mode: Optional[str] = None):
    """The environment for the rules (setrules text or Rules), PettingZoo's way."""
    return ChineseCheckersEnv(rules, render_mode=render_mode)


class ChineseCheckersEnv(_Base):
    """Chinese Checkers for 1 to 6 agents `player_1` .. `player_N`, any rule set.

    Actions: Discrete(ACTION_COUNT), `from * 121 + to` on the holes turned so that the
    acting agent's first army starts south (ACTION_COUNT - 1: the pass the rules force
    when nothing else is legal). Observations: {"observation": float32 planes
    OBSERVATION_SHAPE from the agent's seat, "action_mask": int8 ACTION_COUNT}, the
    mask all zero but for the agent to move. Rewards: at the end, 1 for first place to
    -1 for last (shared places share), 0 before. A game ended by the move limit is
    truncated, any other end terminated; agents then step with None and leave.
    """

    metadata = {"name": "ccengine_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, rules: Union[str, Rules] = "players=6", render_mode: Optional[str] = None):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: expected one of "
                             f"{self.metadata['render_modes']} or None")
        self.rules = rules if isinstance(rules, Rules) else Rules(rules)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{n}" for n in range(1, self.rules.players + 1)]
        observation_space = Dict({
            "observation": Box(0.0, 1.0, OBSERVATION_SHAPE, np.float32),
            "action_mask": Box(0, 1, (ACTION_COUNT,), np.int8),
        })
        # One object per agent, the same on every call (seeding a space must last).
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: Discrete(ACTION_COUNT) for agent in self.possible_agents}
        self.position: Optional[Position] = None
        self.agents: list[str] = []

    # --- PettingZoo's API ---

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def __str__(self) -> str:
        return self.metadata["name"]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game from the rules' start, or from options["position"] (a position
        text); `seed` seeds the action spaces' samplers. Other options are ignored."""
        start = (options or {}).get("position")
        self.position = Position(self.rules, start) if start else Position(self.rules)
        if seed is not None:
            for offset, space in enumerate(self.action_spaces.values()):
                space.seed(seed + offset)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.position.mover)
        if self.position.over:  # a finished position given as the start
            self._end()
            self._cumulative_rewards = dict(self.rewards)

    def observe(self, agent: str) -> dict:
        player = self._player(agent)
        if agent == self.agent_selection and not self.position.over:
            mask = self.position.action_mask()
        else:
            mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        return {"observation": self.position.observation(player), "action_mask": mask}

    def last(self, observe: bool = True):
        agent = self.agent_selection
        if agent is None:
            raise GameOverError("no agent left: reset() first")
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63):
        """The agent to act, while there is one, at most `max_iter` times."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action) -> None:
        """Plays the action of the agent to act (None once it is terminated or truncated).
        A wrong action raises MoveError (a ValueError) and changes nothing."""
        if self.position is None:
            raise GameOverError("no game: reset() first")
        if not self.agents:
            raise GameOverError("game over: every agent has left; reset() for a new game")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._leave(agent, action)
            return
        if action is None or isinstance(action, (bool, np.bool_)):
            raise TypeError(f"action {action!r}: expected an integer action of the agent to act")
        # Checked and played by the module, which changes nothing when it refuses.
        self.position.play_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        if self.position.over:
            self._end()
        else:
            self.agent_selection = self._agent(self.position.mover)
        for name in self.agents:
            self._cumulative_rewards[name] += self.rewards[name]
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board as text, each piece its player's number ('ansi' returns it, 'human'
        prints it)."""
        if self.position is None:
            return None
        text = render_board(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.position = None

    # --- the game's end ---

    def _end(self) -> None:
        truncated = self.position.result().reason == "movelimit"
        for agent, reward in zip(self.possible_agents, self.position.rewards()):
            if agent in self.rewards:
                self.rewards[agent] = float(reward)
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated

    def _leave(self, agent: str, action) -> None:
        if action is not None:
            raise ValueError(f"{agent} has finished: its only action is None, not {action!r}")
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        self.rewards = {name: 0.0 for name in self.agents}
        self.agent_selection = self.agents[0] if self.agents else None

    def _agent(self, player: int) -> str:
        return self.possible_agents[player - 1]

    def _player(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent) + 1
        except ValueError:
            raise KeyError(f"no agent {agent!r}: the agents are {self.possible_agents}") from None


_HOLES = holes()


def render_board(position: Position) -> str:
    """The star as text, north up: '.' an empty hole, a player's number for its piece,
    'x' a spare piece filling an unused arm."""
    owner = {hole: "x" for hole in position.spares()}
    for player in range(1, position.players + 1):
        for hole in position.pieces(player):
            owner[hole] = str(player)
    rows: dict[int, dict[int, str]] = {}
    for name, q, r in _HOLES:
        rows.setdefault(r, {})[2 * q + r] = owner.get(name, ".")
    lowest = min(column for row in rows.values() for column in row)
    lines = []
    for r in sorted(rows, reverse=True):
        cells = rows[r]
        width = max(cells) - lowest + 1
        line = [" "] * width
        for column, mark in cells.items():
            line[column - lowest] = mark
        lines.append("".join(line).rstrip())
    return "\n".join(lines) + f"\nplayer {position.mover} to move" * (not position.over)
