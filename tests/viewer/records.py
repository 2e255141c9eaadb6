"""Records the viewer's tests share: real games played with the shipped policies."""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs

from gamefold.games import get_game, play
from gamefold.record import GameRecord


def recorded(game: str, seed: int, *, max_steps: int = 10_000, config: Any = None) -> GameRecord:
    """A game of ``game`` played at random from ``seed``, as a record with digests."""
    cls = get_game(game)
    played = play(cls(config), seed, max_steps=max_steps)
    record = GameRecord(game, cls(config).config, seed, played.actions)
    return record.with_digests(played.states)


@cache
def long_summit() -> GameRecord:
    """500 steps of a six-player summit of up to 60 Rounds: the size bound's real record."""
    cls = get_game("summit")
    default = cls.config_type()
    config = attrs.evolve(
        default, players=6, scenario=attrs.evolve(default.scenario, max_rounds=60)
    )
    return recorded("summit", 1, max_steps=500, config=config)
