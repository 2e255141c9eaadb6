"""Hypothesis strategies for any :class:`~gamefold.games.GameDef`.

States are *reachable*: they are built by playing legal actions from a seeded start, so they
are always real game states, never hand-assembled ones.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from gamefold.core import Action
from gamefold.games.base import GameDef, play
from gamefold.registry import Game
from gamefold.testing._validate import count, drawn, instance, option, subject
from gamefold.testing.actions import mutated_actions

__all__ = ["action_sequences", "choices", "illegal_actions", "reachable_games", "seeds"]


_GAME = instance(GameDef, "a GameDef instance")
_STATE = instance(Game, "a Game (a composed state)")


def seeds() -> st.SearchStrategy[int]:
    """Game seeds: non-negative integers below 2**32."""
    return st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def _reachable(
    draw: st.DrawFn, game: GameDef[Any], max_steps: int | st.SearchStrategy[int]
) -> Game:
    most = drawn(draw, max_steps)
    seed = draw(seeds(), label="seed")
    steps = draw(st.integers(min_value=0, max_value=most), label="steps")
    return play(game, seed, max_steps=steps, keep_states=False).final


def reachable_games(
    game: GameDef[Any], *, max_steps: int | st.SearchStrategy[int] = 60
) -> st.SearchStrategy[Game]:
    """States of ``game`` reached by up to ``max_steps`` seeded random legal actions."""
    subject("game", game, _GAME)
    return _reachable(game, option("max_steps", max_steps, count()))


def choices(game: GameDef[Any], state: Game) -> st.SearchStrategy[Action]:
    """The next action a legal game may take from ``state``: its clock action if one is
    due, else any legal action of the actor whose choice is due."""
    subject("game", game, _GAME)
    subject("state", state, _STATE)
    clock = game.clock_action(state)
    if clock is not None:
        return st.just(clock)
    actor = game.actor(state)
    legal = game.rules.legal_actions(state, actor) if actor is not None else ()
    if not legal:
        raise InvalidArgument(f"no action is due in this {game.name} state (is it over?)")
    return st.sampled_from(legal)


def illegal_actions(game: GameDef[Any], state: Game) -> st.SearchStrategy[Action]:
    """Well-formed actions that the rules refuse in ``state`` (EN-4): legal actions of any
    player with one field changed, kept only when :meth:`Rules.check` refuses them.

    ``state`` must be one where some player has a legal action (not one where only a clock
    action is due, nor a finished game): ``InvalidArgument`` otherwise.
    """
    subject("game", game, _GAME)
    subject("state", state, _STATE)
    legal = [a for p in game.players(state) for a in game.rules.legal_actions(state, p)]
    if not legal:
        raise InvalidArgument(f"no player has a legal action in this {game.name} state")
    names = game.players(state)
    return mutated_actions(legal, names=names).filter(
        lambda a: game.rules.check(state, a) is not None
    )


@st.composite
def _sequences(
    draw: st.DrawFn, game: GameDef[Any], max_size: int | st.SearchStrategy[int]
) -> tuple[int, tuple[Action, ...]]:
    most = drawn(draw, max_size)
    seed = draw(seeds(), label="seed")
    state = game.setup(seed)
    actions: list[Action] = []
    size = draw(st.integers(min_value=0, max_value=most), label="size")
    while len(actions) < size and not game.is_over(state):
        action = draw(choices(game, state))
        state = game.rules.reduce(state, action)
        actions.append(action)
    return seed, tuple(actions)


def action_sequences(
    game: GameDef[Any], *, max_size: int | st.SearchStrategy[int] = 40
) -> st.SearchStrategy[tuple[int, tuple[Action, ...]]]:
    """``(seed, actions)``: a seed and up to ``max_size`` legal actions from its start, each
    drawn by Hypothesis so that failures shrink to short sequences."""
    subject("game", game, _GAME)
    return _sequences(game, option("max_size", max_size, count()))
