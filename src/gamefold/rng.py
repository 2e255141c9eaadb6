"""Randomness as data: an immutable, seeded, splittable generator (EN-3).

:class:`Rng` is a SplitMix64 generator whose whole state is one 64-bit integer. It is a
value: every draw returns the result *and the next* ``Rng``, and the original is unchanged,
so a state that carries an ``Rng`` stays a pure value and replays exactly. It never touches
:mod:`random`, :func:`hash` or the clock, so the same seed gives the same numbers in any
process, under any ``PYTHONHASHSEED``, on any platform and Python version.

>>> rng = Rng.from_seed(7)
>>> value, rng2 = rng.below(6)
>>> value == rng.below(6)[0]   # the same Rng always gives the same draw
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from math import factorial
from typing import TypeVar

import attrs

__all__ = ["Rng"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_new = object.__new__
_set = object.__setattr__


def _mix(z: int) -> int:
    """SplitMix64's output function: a bijective 64-bit finaliser."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@cache
def _shuffle_words(n: int) -> int:
    """64-bit words needed to shuffle ``n`` items with a bias below 2**-64."""
    return (factorial(n).bit_length() + 64 + 63) // 64


def _check_seed(state: int) -> None:
    if not 0 <= state < _SPAN:
        raise ValueError(f"an Rng state is an integer in [0, 2**64), not {state!r}")


@attrs.frozen(repr=False)
class Rng:
    """An immutable SplitMix64 random generator; each draw returns ``(result, next_rng)``.

    Build one with :meth:`from_seed`; derive an independent stream for a named part of a
    game with :meth:`split`.
    """

    state: int = attrs.field(validator=lambda _i, _a, v: _check_seed(v))

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        """A generator for ``seed``: any integer (taken modulo 2**64) or any string."""
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
        if isinstance(seed, str):
            digest = hashlib.blake2b(seed.encode("utf-8"), digest_size=8).digest()
            return _make(int.from_bytes(digest, "little"))
        return _make(seed % _SPAN)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"

    def split(self, name: str) -> Rng:
        """An independent stream derived from this one and ``name``; ``self`` is not advanced.

        The same generator and name always give the same stream, and different names give
        unrelated streams: this is how each subsystem slice gets its own RNG from the game
        seed.
        """
        key = self.state.to_bytes(8, "little")
        digest = hashlib.blake2b(name.encode("utf-8"), digest_size=8, key=key).digest()
        return _make(_mix(int.from_bytes(digest, "little")))

    def next64(self) -> tuple[int, Rng]:
        """A uniform integer in ``[0, 2**64)`` and the next generator."""
        s = (self.state + _GOLDEN) & _MASK
        return _mix(s), _make(s)

    def below(self, n: int) -> tuple[int, Rng]:
        """An unbiased uniform integer in ``[0, n)`` for any whole ``n >= 1``, and the next Rng.

        A bound up to 2**64 takes one 64-bit word a try; a larger one takes as many words as
        it has 64-bit digits, so no bound is out of reach.
        """
        if type(n) is not int or n < 1:
            raise ValueError(f"below(n) draws from [0, n), so n is a whole number >= 1, not {n!r}")
        if n > _SPAN:
            return self._below_wide(n)
        limit = _SPAN - _SPAN % n
        s = self.state
        while True:
            s = (s + _GOLDEN) & _MASK
            x = _mix(s)
            if x < limit:
                return x % n, _make(s)

    def _below_wide(self, n: int) -> tuple[int, Rng]:
        """:meth:`below` for ``n > 2**64``: several words a try, rejection keeps it unbiased."""
        words = (n.bit_length() + 63) // 64
        span = 1 << (64 * words)
        limit = span - span % n
        s = self.state
        while True:
            x = 0
            for _ in range(words):
                s = (s + _GOLDEN) & _MASK
                x = (x << 64) | _mix(s)
            if x < limit:
                return x % n, _make(s)

    def random(self) -> tuple[float, Rng]:
        """A uniform float in ``[0.0, 1.0)`` with 53 random bits, and the next generator."""
        x, nxt = self.next64()
        return (x >> 11) * (1.0 / (1 << 53)), nxt

    def dice(self, count: int, sides: int) -> tuple[tuple[int, ...], Rng]:
        """Roll ``count`` dice of ``sides`` faces: each face in ``1..sides``, in roll order."""
        if count < 0 or sides < 1:
            raise ValueError(f"dice({count}, {sides}) needs count >= 0 and sides >= 1")
        rng = self
        faces = []
        for _ in range(count):
            face, rng = rng.below(sides)
            faces.append(face + 1)
        return tuple(faces), rng

    def roll(self, count: int, sides: int) -> tuple[int, Rng]:
        """The total of ``count`` dice of ``sides`` faces: ``roll(2, 3)`` is 2d3."""
        faces, rng = self.dice(count, sides)
        return sum(faces), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item of a non-empty sequence, uniformly, and the next generator."""
        if not items:
            raise ValueError("choice() needs a non-empty sequence")
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of ``items`` as a tuple, and the next generator.

        One big random integer drives the whole Fisher-Yates pass (one ``divmod`` a swap),
        with 64 bits to spare, so the bias is below 2**-64 and a 30-card deck costs two
        64-bit draws.
        """
        out = list(items)
        n = len(out)
        if n < 2:
            return tuple(out), self
        r = 0
        s = self.state
        for _ in range(_shuffle_words(n)):
            s = (s + _GOLDEN) & _MASK
            r = (r << 64) | _mix(s)
        for i in range(n - 1, 0, -1):
            r, j = divmod(r, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), _make(s)

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct positions of ``items`` chosen uniformly, in draw order."""
        if not 0 <= k <= len(items):
            raise ValueError(f"sample() needs 0 <= k <= {len(items)}, got {k}")
        pool = list(items)
        rng = self
        for i in range(k):
            j, rng = rng.below(len(pool) - i)
            pool[i], pool[i + j] = pool[i + j], pool[i]
        return tuple(pool[:k]), rng


def _make(state: int) -> Rng:
    """Build an ``Rng`` from a state known to be in range, skipping the validator."""
    rng: Rng = _new(Rng)
    _set(rng, "state", state)
    return rng
