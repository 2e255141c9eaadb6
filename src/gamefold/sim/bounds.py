"""The largest counts a simulation takes, checked before anything is built or played.

A count far beyond any real run (``games=10**15``) would otherwise build its batches
before the first game, and hang there. Each bound is generous for
a real question and refused with one :class:`~gamefold.ConfigError` naming the parameter
and its limit:

- :data:`MAX_GAMES`: the games of one :func:`~gamefold.sim.simulate`, of one arm of
  :func:`~gamefold.sim.compare`, of one :func:`~gamefold.sim.tournament` or
  :func:`~gamefold.sim.coverage`; every game's rows are held in memory, so a million games
  is already a frame of a few hundred megabytes;
- :data:`MAX_BATCHES`: the batches a run is cut into (raise ``batch_size`` for more games);
- :data:`MAX_STEPS`: a game's step cap (``max_steps``), so no cap is an endless game;
- :data:`MAX_WORKERS`: the local worker processes of ``gamefold simulate --workers``;
- :data:`MAX_PROBES`: the refused candidates :func:`~gamefold.sim.coverage` checks at a
  decision point.
"""

from __future__ import annotations

from typing import Any

from gamefold.errors import ConfigError

__all__ = [
    "MAX_BATCHES",
    "MAX_GAMES",
    "MAX_PROBES",
    "MAX_STEPS",
    "MAX_WORKERS",
    "batch_count",
    "count",
]

MAX_GAMES = 1_000_000
"""The most games one run (or one arm of a comparison) plays."""

MAX_STEPS = 1_000_000
"""The largest step cap of one game."""

MAX_BATCHES = 100_000
"""The most batches one run is cut into."""

MAX_WORKERS = 256
"""The most local worker processes one run starts."""

MAX_PROBES = 100_000
"""The most refused candidates probed at one decision point."""


def count(name: str, value: Any, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``, else a
    :class:`~gamefold.ConfigError` naming ``name`` and the bound it breaks."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ConfigError(name, f"{name} is a whole number >= {low}, not {value!r}")
    if value > high:
        raise ConfigError(name, f"{name} is at most {high:,}, not {value:,}")
    return value


def batch_count(games: int, size: int) -> int:
    """How many batches of ``size`` hold ``games`` games; a :class:`~gamefold.ConfigError`
    naming ``batch_size`` when that is more than :data:`MAX_BATCHES`."""
    batches = -(-games // size)
    if batches > MAX_BATCHES:
        least = -(-games // MAX_BATCHES)
        raise ConfigError(
            "batch_size",
            f"batch_size {size:,} cuts {games:,} games into {batches:,} batches; at most "
            f"{MAX_BATCHES:,} are allowed: use a batch_size of at least {least:,}",
        )
    return batches
