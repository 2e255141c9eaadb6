"""Play effects supplied by the game, looked up by name (SD-1, SD-11).

A card's Play effect is data (:class:`~gamefold.skills.catalogue.Effect`: a name and integer
parameters). What it does is up to the game: pass a mapping of handlers by effect name to
``step(state, action, effects=...)`` or to :func:`~gamefold.skills.reducer.make_subsystem`.
An effect with no handler is only reported (``CardPlayed``) for the host game to resolve.
Handlers are never stored in states, actions or events, which stay plain JSON-able data.

:data:`STANDARD_EFFECTS` ships one handler that works on the skill-deck slice alone:
``"draw"`` (draw ``count`` cards, with every recycling rule).
"""

from __future__ import annotations

from types import MappingProxyType

from gamefold.core import Event, Events
from gamefold.skills.catalogue import Effect
from gamefold.skills.rounds import draw
from gamefold.skills.session import EffectHandler, Effects, SkillsState

__all__ = ["NO_EFFECTS", "STANDARD_EFFECTS", "EffectHandler", "Effects", "draw_effect"]


def draw_effect(state: SkillsState, player: str, effect: Effect) -> tuple[SkillsState, Events]:
    """The ``"draw"`` effect: ``player`` draws ``effect.params["count"]`` cards.

    An empty deck recycles with Fatigue and Exhaustion (SD-5, not for the GM: SD-7) and a
    player with nothing left to draw may die (SD-6).
    """
    events: list[Event] = []
    state = draw(state, state.seats.index(player), effect.value("count"), events)
    return state, (*events,)


STANDARD_EFFECTS: Effects = MappingProxyType({"draw": draw_effect})
"""The effect handlers gamefold ships: ``{"draw": draw_effect}``."""

NO_EFFECTS: Effects = MappingProxyType({})
"""No handlers: every Play effect is only reported, for the host game to resolve."""
