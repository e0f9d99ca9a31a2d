"""ccengine from Python: Chinese Checkers' rules at native speed, ccengine's engine in
this process or any engine of its protocol (or CCP) as a client, and a multi-agent
environment in PettingZoo's AEC shape. python/README.md shows each in a few lines."""

from ._ccengine import (ACTION_COUNT, OBSERVATION_SHAPE, PASS_ACTION, Batch,
                        GameOverError, Move, MoveError, Position, PositionError,
                        Result, Rules, RulesError, SearchLine, SearchResult,
                        Searcher, ccp_hole, holes)

__all__ = [
    "ACTION_COUNT", "OBSERVATION_SHAPE", "PASS_ACTION", "Batch", "GameOverError",
    "Move", "MoveError", "Position", "PositionError", "Result", "Rules", "RulesError",
    "SearchLine", "SearchResult", "Searcher", "ccp_hole", "holes",
]
