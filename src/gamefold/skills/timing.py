"""Card timing and reaction windows (SD-8).

Cards are used during their owner's own activation. A card whose timing is ``"reaction"``
may also be used while a reaction window is open for its owner. The host game opens and
closes windows (for example when a unit is targeted by an attack) with
:class:`OpenReactionWindow` and :class:`CloseReactionWindow`, during a Round.
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.skills import codes
from gamefold.skills.catalogue import REACTION
from gamefold.skills.session import (
    SkillsState,
    card_definition,
    controller,
    require_alive,
    require_seat,
)

__all__ = [
    "CloseReactionWindow",
    "OpenReactionWindow",
    "ReactionWindowClosed",
    "ReactionWindowOpened",
    "acts_now",
    "require_timing",
]


@attrs.frozen
class OpenReactionWindow(Action):
    """The host game opens a reaction window for ``player`` (a player id or ``"gm"``) (SD-8)."""

    player: str


@attrs.frozen
class CloseReactionWindow(Action):
    """The host game closes ``player``'s reaction window (SD-8)."""

    player: str


@attrs.frozen
class ReactionWindowOpened(Event):
    """``player`` may now use reaction cards outside their activation (SD-8)."""

    player: str


@attrs.frozen
class ReactionWindowClosed(Event):
    """``player``'s reaction window closed."""

    player: str


def acts_now(state: SkillsState, player: str) -> bool:
    """True if ``player`` controls the unit whose activation is in progress."""
    active = state.active
    return active is not None and controller(state, active) == player


def require_timing(
    state: SkillsState, player: str, cards: tuple[int, ...], action: Action, *, reactions: bool
) -> None:
    """Raise unless ``player`` may use ``cards`` now (SD-8).

    Any card may be used in the owner's own activation. With ``reactions`` true, reaction
    cards may also be used while the owner's reaction window is open; a free Discard passes
    false, as it is allowed only in the owner's activation (SD-9).
    """
    if acts_now(state, player):
        return
    if reactions and player in state.reacting:
        for card in cards:
            definition = card_definition(state, card)
            if definition.timing != REACTION:
                message = f"{definition.name} is not a Reaction: use it in your own activation"
                raise codes.illegal(codes.NOT_A_REACTION, message, action)
        return
    message = f"{player} can use cards only in their own activation"
    raise codes.illegal(
        codes.NOT_YOUR_ACTIVATION, message, action, rule="SD-8" if reactions else "SD-9"
    )


def validate_open(state: SkillsState, action: OpenReactionWindow) -> None:
    """Check that a reaction window may open for ``action.player`` (SD-8)."""
    seat = require_seat(state, action.player, action)
    require_alive(state, seat, action)
    if not state.in_round:
        raise codes.illegal(
            codes.NO_ROUND, "reaction windows open only during a Round", action, rule="SD-8"
        )
    if action.player in state.reacting:
        message = f"{action.player} already has an open reaction window"
        raise codes.illegal(codes.WINDOW_ALREADY_OPEN, message, action)


def apply_open(state: SkillsState, action: OpenReactionWindow) -> tuple[SkillsState, Events]:
    """Open the window, keeping ``reacting`` in seat order."""
    opened = set(state.reacting)
    opened.add(action.player)
    reacting = tuple(seat for seat in state.seats if seat in opened)
    return replace(state, reacting=reacting), (ReactionWindowOpened(action.player),)


def validate_close(state: SkillsState, action: CloseReactionWindow) -> None:
    """Check that ``action.player`` has an open reaction window (SD-8)."""
    require_seat(state, action.player, action)
    if action.player not in state.reacting:
        message = f"{action.player} has no open reaction window"
        raise codes.illegal(codes.NO_REACTION_WINDOW, message, action)


def apply_close(state: SkillsState, action: CloseReactionWindow) -> tuple[SkillsState, Events]:
    """Close the window."""
    events: list[Event] = []
    return close_window(state, action.player, events), (*events,)


def close_window(state: SkillsState, player: str, events: list[Event]) -> SkillsState:
    """``state`` with ``player``'s window closed, if open; appends the event to ``events``."""
    if player not in state.reacting:
        return state
    events.append(ReactionWindowClosed(player))
    return replace(state, reacting=tuple(p for p in state.reacting if p != player))
