"""The spaces the environment describes its actions and observations with: Gymnasium's
own when it is installed (as PettingZoo's API test requires), else stand-ins with the
same names, attributes and methods (`n`, `shape`, `dtype`, `low`, `high`, `seed`,
`sample(mask)`, `contains`), so the environment works unchanged either way."""

from __future__ import annotations

import numpy as np

try:  # pragma: no cover - taken only where Gymnasium is installed
    from gymnasium.spaces import Box, Dict, Discrete, Space
except ImportError:

    class Space:
        """A set of values with a seedable sampler."""

        def __init__(self, shape, dtype, seed=None):
            self.shape = tuple(shape)
            self.dtype = np.dtype(dtype)
            self.np_random = np.random.default_rng(seed)

        def seed(self, seed=None):
            self.np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, value) -> bool:
            return self.contains(value)

    class Discrete(Space):
        """The integers start .. start + n - 1."""

        def __init__(self, n: int, seed=None, start: int = 0):
            super().__init__((), np.int64, seed)
            self.n = int(n)
            self.start = int(start)

        def sample(self, mask=None):
            if mask is None:
                return self.start + int(self.np_random.integers(self.n))
            mask = np.asarray(mask)
            if mask.shape != (self.n,) or mask.dtype != np.int8:
                raise ValueError(f"mask: expected int8 of shape ({self.n},)")
            legal = np.flatnonzero(mask == 1)
            if not len(legal):
                return self.start
            return self.start + int(legal[self.np_random.integers(len(legal))])

        def contains(self, value) -> bool:
            if isinstance(value, (int, np.integer)) or (
                    isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu"):
                return self.start <= int(value) < self.start + self.n
            return False

        def __eq__(self, other) -> bool:
            return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)

        def __repr__(self) -> str:
            return f"Discrete({self.n})"

    class Box(Space):
        """Arrays of one shape and dtype with every value in low .. high."""

        def __init__(self, low, high, shape, dtype=np.float32, seed=None):
            super().__init__(shape, dtype, seed)
            self.low = np.full(self.shape, low, dtype=self.dtype)
            self.high = np.full(self.shape, high, dtype=self.dtype)

        def sample(self, mask=None):
            value = self.np_random.uniform(self.low, self.high, self.shape)
            return value.astype(self.dtype)

        def contains(self, value) -> bool:
            if not isinstance(value, np.ndarray) or value.shape != self.shape:
                return False
            if not np.can_cast(value.dtype, self.dtype):
                return False
            return bool(np.all(value >= self.low) and np.all(value <= self.high))

        def __eq__(self, other) -> bool:
            return (isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype
                    and np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high))

        def __repr__(self) -> str:
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    class Dict(Space):
        """A dict of named spaces."""

        def __init__(self, spaces: dict, seed=None):
            super().__init__((), None, seed)
            self.spaces = dict(spaces)

        def seed(self, seed=None):
            for offset, space in enumerate(self.spaces.values()):
                space.seed(None if seed is None else seed + offset)
            return [seed]

        def __getitem__(self, key):
            return self.spaces[key]

        def __iter__(self):
            return iter(self.spaces)

        def keys(self):
            return self.spaces.keys()

        def sample(self, mask=None):
            return {key: space.sample() for key, space in self.spaces.items()}

        def contains(self, value) -> bool:
            return (isinstance(value, dict) and value.keys() == self.spaces.keys()
                    and all(space.contains(value[key]) for key, space in self.spaces.items()))

        def __eq__(self, other) -> bool:
            return isinstance(other, Dict) and self.spaces == other.spaces

__all__ = ["Box", "Dict", "Discrete", "Space"]
