"""The check that a game's declared observation bounds are true, shared with the matrix."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamefold.envs import ObservationEncoder
from gamefold.games import GameDef, play


def unbounded(game: GameDef[Any]) -> GameDef[Any]:
    """``game`` with no declared ranges: each plain number written as it is (to ±2**31)."""

    class Unbounded(type(game)):  # type: ignore[misc, valid-type]
        def observation_bounds(self) -> dict[str, tuple[float, float]]:
            return {}

        def observation_growth(self) -> dict[str, tuple[float, float, float]]:
            return {}

    return Unbounded(game.config)


def assert_bounds_hold(game: GameDef[Any], seeds: Iterable[int], max_steps: int = 400) -> int:
    """Over random games of ``game`` from ``seeds``, every player's view at every state
    encodes within the declared bounds *without clipping*: the bounded encoding equals
    the raw one (no declared range ever cut a value) and each slot lies in ``low..high``.
    The bounded encoder's horizon is ``max_steps``, as an env's: the games are played
    that far at most. Returns the number of views checked, so a caller can see the check
    ran."""
    bounded = ObservationEncoder(game, horizon=max_steps)
    raw = ObservationEncoder(unbounded(game))
    assert bounded.size == raw.size
    checked = 0
    for seed in seeds:
        for state in play(game, seed, max_steps=max_steps).states:
            for player in game.players(state):
                view = game.rules.view(state, player)
                numbers, plain = bounded.encode(view), raw.encode(view)
                clipped = [
                    (i, p) for i, (n, p) in enumerate(zip(numbers, plain, strict=True)) if n != p
                ]
                assert not clipped, f"{game.name} seed {seed}: slots clipped {clipped[:5]}"
                outside = [
                    (i, n)
                    for i, n in enumerate(numbers)
                    if not bounded.low[i] <= n <= bounded.high[i]
                ]
                assert not outside, f"{game.name} seed {seed}: slots outside {outside[:5]}"
                checked += 1
    return checked
