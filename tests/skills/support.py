"""Small builders shared by the skill-deck example tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from gamefold import Action, Event, StartRound
from gamefold.skills import Effects, SkillsConfig, SkillsState, initial_state, step

E = TypeVar("E", bound=Event)

SMALL = SkillsConfig(deck_size=10, hand_limit=3, gm_deck_size=8, gm_hand_limit=3)
"""A config with small decks, so that tests reach recycling quickly."""


def new_state(
    config: SkillsConfig = SMALL,
    players: Sequence[str] = ("ana", "bo"),
    gm_units: Sequence[str] = ("goblin",),
    seed: int = 1,
    first_side: str | None = None,
) -> SkillsState:
    """A freshly dealt session (``first_side`` overrides the config's)."""
    if first_side is not None:
        config = attrs.evolve(config, first_side=first_side)
    return initial_state(config, players, seed, gm_units=gm_units)


def run(
    state: SkillsState, *actions: Action, effects: Effects | None = None
) -> tuple[SkillsState, list[Event]]:
    """Apply ``actions`` in order; the final state and every event, in order."""
    events: list[Event] = []
    for action in actions:
        state, more = step(state, action, effects)
        events.extend(more)
    return state, events


def in_round(state: SkillsState) -> SkillsState:
    """``state`` after a StartRound."""
    return step(state, StartRound())[0]


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one class, in order."""
    return [event for event in events if isinstance(event, kind)]
