"""Card timing and reaction windows (SD-8).

Cards are used during their owner's own activation. A card whose timing is ``"reaction"``
may also be used while a reaction window is open for its owner. The host game opens and
closes windows (for example when a unit is targeted by an attack) with
:class:`OpenReactionWindow` and :class:`CloseReactionWindow`, during a Round.
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, Event, replace
from gamefold.domains import domain
from gamefold.pipeline import Refusal
from gamefold.skills import codes
from gamefold.skills.catalogue import REACTION
from gamefold.skills.config import GM
from gamefold.skills.domains import OWNERS
from gamefold.skills.session import (
    Decided,
    SkillsState,
    card_definition,
    living_seat,
    unknown_player,
)

__all__ = [
    "CloseReactionWindow",
    "OpenReactionWindow",
    "ReactionWindowClosed",
    "ReactionWindowOpened",
    "acts_now",
    "close_window",
    "decide_close",
    "decide_open",
    "is_reaction",
    "reacts_now",
    "timing_refusal",
    "window_refusal",
]


@attrs.frozen
class OpenReactionWindow(Action):
    """The host game opens a reaction window for ``player`` (a player id or ``"gm"``) (SD-8)."""

    player: str


@attrs.frozen
class CloseReactionWindow(Action):
    """The host game closes ``player``'s reaction window (SD-8)."""

    player: str = attrs.field(metadata=domain(OWNERS))


@attrs.frozen
class ReactionWindowOpened(Event):
    """``player`` may now use reaction cards outside their activation (SD-8)."""

    player: str


@attrs.frozen
class ReactionWindowClosed(Event):
    """``player``'s reaction window closed."""

    player: str


def acts_now(state: SkillsState, player: str) -> bool:
    """True if ``player`` controls the unit whose activation is in progress (SD-8, SD-15)."""
    active = state.active
    if active is None:
        return False
    return (GM if active in state.gm_units else active) == player  # its controller


def reacts_now(state: SkillsState, player: str) -> bool:
    """True if ``player``'s reaction window is open (SD-8)."""
    return player in state.reacting


def is_reaction(state: SkillsState, card: int) -> bool:
    """True if ``card`` has Reaction timing: usable in an open window (SD-8)."""
    return card_definition(state, card).timing == REACTION


def timing_refusal(
    state: SkillsState, player: str, cards: tuple[int, ...], *, reactions: bool
) -> Refusal | None:
    """Why ``player`` may not use ``cards`` now (SD-8), or ``None``.

    Any card may be used in the owner's own activation (:func:`acts_now`); outside it,
    :func:`window_refusal` judges.
    """
    return (
        None
        if acts_now(state, player)
        else window_refusal(state, player, cards, reactions=reactions)
    )


def window_refusal(
    state: SkillsState, player: str, cards: tuple[int, ...], *, reactions: bool
) -> Refusal | None:
    """Why ``player``, outside their own activation, may not use ``cards`` now (SD-8), or
    ``None``.

    With ``reactions`` true, reaction cards may be used while the owner's reaction window is
    open; a free Discard passes false, as it is allowed only in the owner's activation (SD-9).
    """
    if reactions and reacts_now(state, player):
        for card in cards:
            if not is_reaction(state, card):
                name = card_definition(state, card).name
                message = f"{name} is not a Reaction: use it in your own activation"
                return Refusal(codes.NOT_A_REACTION, message)
        return None
    message = f"{player} can use cards only in their own activation"
    return Refusal(codes.NOT_YOUR_ACTIVATION, message, "SD-8" if reactions else "SD-9")


def decide_open(state: SkillsState, action: OpenReactionWindow) -> Decided:
    """Open a reaction window for ``action.player`` during a Round, keeping ``reacting`` in
    seat order (SD-8)."""
    player = action.player
    seat = living_seat(state, player)
    if isinstance(seat, Refusal):
        return seat
    if not state.in_round:
        return Refusal(codes.NO_ROUND, "reaction windows open only during a Round", "SD-8")
    if reacts_now(state, player):
        message = f"{player} already has an open reaction window"
        return Refusal(codes.WINDOW_ALREADY_OPEN, message)
    opened = {*state.reacting, player}
    reacting = tuple([seat for seat in state.seats if seat in opened])
    return replace(state, reacting=reacting), (ReactionWindowOpened(player),)


def decide_close(state: SkillsState, action: CloseReactionWindow) -> Decided:
    """Close ``action.player``'s open reaction window (SD-8)."""
    player = action.player
    if player not in state.seats:
        return unknown_player(player)
    if not reacts_now(state, player):
        return Refusal(codes.NO_REACTION_WINDOW, f"{player} has no open reaction window")
    return _closed(state, player), (ReactionWindowClosed(player),)


def close_window(state: SkillsState, player: str, events: list[Event]) -> SkillsState:
    """``state`` with ``player``'s window closed, if open; appends the event to ``events``."""
    if not reacts_now(state, player):
        return state
    events.append(ReactionWindowClosed(player))
    return _closed(state, player)


def _closed(state: SkillsState, player: str) -> SkillsState:
    return replace(state, reacting=tuple(p for p in state.reacting if p != player))
