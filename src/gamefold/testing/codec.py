"""``codec_conformance``: the action codec of :mod:`gamefold.envs` checked on random play.

Every legal action met in seeded random play must encode to an index in the universe and
decode back to itself, no two legal actions may share an index, and the universe (its size
and layout) must be the same whatever the seed. It raises
:class:`~gamefold.testing.ConformanceError` at the first failure.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from gamefold.envs import ActionCodec
from gamefold.games.base import GameDef, get_game
from gamefold.rng import Rng
from gamefold.testing.conformance import ConformanceError

__all__ = ["CodecReport", "codec_conformance"]


@attrs.frozen
class CodecReport:
    """What one :func:`codec_conformance` run checked."""

    game: str
    size: int
    """The universe's size."""
    layout: str
    """Its layout version."""
    games: int
    """Games played."""
    decisions: int
    """Decisions met, each with its whole legal listing checked."""
    actions: int
    """Legal actions encoded and decoded."""


def codec_conformance(
    game: GameDef[Any] | str, *, seeds: Iterable[int] = range(3), max_steps: int = 3000
) -> CodecReport:
    """Play a random game of each seed and check the codec at every decision."""
    if isinstance(game, str):
        game = get_game(game)()
    codec = ActionCodec(game)
    decisions = actions = games = 0
    for seed in seeds:
        games += 1
        again = ActionCodec(type(game)(game.config))
        if (again.size, again.layout) != (codec.size, codec.layout):
            raise ConformanceError(f"{game.name} seed {seed}: the universe changed")
        state, rng = game.setup(seed), Rng.from_seed(seed).split("codec")
        for step in range(max_steps):
            if game.is_over(state):
                break
            action = game.clock_action(state)
            if action is None:
                actor = game.actor(state)
                assert actor is not None
                legal = game.rules.legal_actions(state, actor)
                _check(game, codec, seed, step, state, actor, legal)
                decisions, actions = decisions + 1, actions + len(legal)
                action, rng = rng.choice(legal)
            state, _ = game.rules.step(state, action)  # type: ignore[arg-type]
    return CodecReport(game.name, codec.size, codec.layout, games, decisions, actions)


def _check(
    game: GameDef[Any],
    codec: ActionCodec,
    seed: int,
    step: int,
    state: Any,
    actor: str,
    legal: tuple[Any, ...],
) -> None:
    ctx = codec.context(game.rules.lazy_view(state, actor), actor, legal)
    seen: dict[int, Any] = {}
    for action in legal:
        where = f"{game.name} seed {seed} step {step}: {action!r}"
        try:
            index = codec.encode(action, ctx)
        except ValueError as err:
            raise ConformanceError(f"{where} does not encode: {err}") from None
        if not 0 <= index < codec.size:
            raise ConformanceError(f"{where} encodes outside the universe: {index}")
        if index in seen:
            raise ConformanceError(f"{where} shares index {index} with {seen[index]!r}")
        seen[index] = action
        back = codec.decode(index, ctx)
        if back != action:
            raise ConformanceError(f"{where} decodes to {back!r}")
