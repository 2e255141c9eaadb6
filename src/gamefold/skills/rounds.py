"""Rounds and activations: refills, alternation, deaths and Burn resets (SD-3 … SD-15).

The game's clock issues :class:`gamefold.StartRound`: every living player and the GM refill
up to their limits before any unit activates (SD-3). Units then :class:`Activate` one at a
time, alternating between the players' side and the GM's while both have units left (SD-13);
each takes any number of legal actions and then issues :class:`EndActivation` (SD-15). When
every living unit has activated, the clock issues :class:`gamefold.EndRound`: Burn modifiers
reset (SD-12; earlier, at the end of their owner's activation, with
``burn_reset="activation"``) and nothing is discarded (SD-4).
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, EndRound, Event, Events, StartRound, replace, replacer
from gamefold.skills import codes
from gamefold.skills.catalogue import Modifier
from gamefold.skills.config import GM, PLAYERS
from gamefold.skills.session import (
    SkillsState,
    controller,
    require_alive,
    with_owner,
)
from gamefold.skills.timing import close_window
from gamefold.skills.zones import CharacterDied, draw_cards

__all__ = [
    "DEFEATED",
    "Activate",
    "ActivationEnded",
    "ActivationStarted",
    "DefeatUnit",
    "EndActivation",
    "ModifiersReset",
    "RoundEnded",
    "RoundStarted",
    "UnitDefeated",
    "draw",
    "round_over",
]

DEFEATED = "defeated"
"""The cause of death of a player character the host game defeated."""


@attrs.frozen
class Activate(Action):
    """Begin ``unit``'s activation; its side chooses which of its units goes next (SD-13)."""

    unit: str


@attrs.frozen
class EndActivation(Action):
    """End ``unit``'s activation; no card is discarded (SD-4, SD-15)."""

    unit: str


@attrs.frozen
class DefeatUnit(Action):
    """The host game takes ``unit`` out of play (it fell): it activates no more (SD-13).

    A player character so defeated dies like a character of fatal exhaustion (SD-6).
    """

    unit: str


@attrs.frozen
class RoundStarted(Event):
    """Round number ``round`` began; refill events follow (SD-3)."""

    round: int


@attrs.frozen
class RoundEnded(Event):
    """Round number ``round`` ended."""

    round: int


@attrs.frozen
class ActivationStarted(Event):
    """``unit`` (acted for by ``player``) began its activation (SD-13)."""

    unit: str
    player: str


@attrs.frozen
class ActivationEnded(Event):
    """``unit`` (acted for by ``player``) ended its activation (SD-15)."""

    unit: str
    player: str


@attrs.frozen
class ModifiersReset(Event):
    """``player``'s temporary Burn ``modifiers`` expired at the end of the Round (SD-12)."""

    player: str
    modifiers: tuple[Modifier, ...]


@attrs.frozen
class UnitDefeated(Event):
    """The GM's ``unit`` left play; it activates no more (SD-13)."""

    unit: str


_set_active_side = replacer(SkillsState, "active", "side")
_set_pending_active = replacer(SkillsState, "pending", "active")
_set_started = replacer(SkillsState, "owners", "rng", "round", "in_round", "pending", "side")
_set_ended = replacer(SkillsState, "in_round")


def draw(state: SkillsState, seat: int, count: int, events: list[Event]) -> SkillsState:
    """The owner at ``seat`` draws ``count`` cards (SD-5, SD-6, SD-7); a death takes it out."""
    owner, rng = draw_cards(state.owners[seat], count, state.rng, state.config, events)
    owners = state.owners
    state = replace(state, owners=(*owners[:seat], owner, *owners[seat + 1 :]), rng=rng)
    if not owner.alive:  # SD-6: a dead character draws and acts no more
        state = _retire(state, owner.player, events)
    return state


def _has_pending(pending: tuple[str, ...], gm_units: tuple[str, ...], side: str) -> bool:
    gm_side = side == GM
    for unit in pending:  # noqa: SIM110 -- a loop, not any(): no generator on every activation
        if (unit in gm_units) is gm_side:
            return True
    return False


def _side_after(pending: tuple[str, ...], gm_units: tuple[str, ...], preferred: str) -> str:
    """``preferred`` if it has units left to activate, else the other side if it has (SD-13)."""
    if _has_pending(pending, gm_units, preferred):
        return preferred
    other = PLAYERS if preferred == GM else GM
    return other if _has_pending(pending, gm_units, other) else preferred


def _reset_modifiers(state: SkillsState, player: str, events: list[Event]) -> SkillsState:
    """SD-12: ``player``'s temporary Burn modifiers expire."""
    seat = state.seats.index(player)
    owner = state.owners[seat]
    if not owner.modifiers:
        return state
    events.append(ModifiersReset(player, owner.modifiers))
    return with_owner(state, seat, replace(owner, modifiers=()))


def _end_activation(state: SkillsState, player: str, events: list[Event] | None) -> SkillsState:
    """The activation ends; its events go to ``events``, unless that is ``None``."""
    unit = state.active
    assert unit is not None
    if events is not None:
        events.append(ActivationEnded(unit, player))
    if state.config.burn_reset == "activation":  # SD-12: the owner's activation ends
        state = _reset_modifiers(state, player, [] if events is None else events)
    # SD-13: the other side goes next while it has units left.
    side = _side_after(state.pending, state.gm_units, PLAYERS if player == GM else GM)
    return _set_active_side(state, None, side)


def _retire(state: SkillsState, unit: str, events: list[Event]) -> SkillsState:
    """Take ``unit`` out of the Round and, for a player character, out of every window."""
    player = controller(state, unit)
    pending = tuple(u for u in state.pending if u != unit)
    gm_units = tuple(u for u in state.gm_units if u != unit)
    state = replace(state, pending=pending, gm_units=gm_units)
    if state.active == unit:
        return close_window(_end_activation(state, player, events), unit, events)
    state = replace(state, side=_side_after(pending, gm_units, state.side))
    # pragma: no mutate start -- equivalent: a window is a player's or the GM's ("gm"), and
    # no GM unit may be named "gm" (SD-7), so closing a GM unit's "window" changes nothing
    return state if player == GM else close_window(state, unit, events)
    # pragma: no mutate end


def validate_start_round(state: SkillsState, action: StartRound) -> None:
    """A Round starts only when none is in progress (SD-13)."""
    if state.in_round:
        message = f"Round {state.round} has not ended yet"
        raise codes.illegal(codes.ROUND_IN_PROGRESS, message, action)


def apply_start_round(state: SkillsState, action: StartRound) -> tuple[SkillsState, Events]:
    """Refill every living player and the GM, then open the Round's activations (SD-3)."""
    number = state.round + 1
    events: list[Event] = [RoundStarted(number)]
    rng, config, owners = state.rng, state.config, list(state.owners)
    for seat, owner in enumerate(owners):
        missing = owner.hand_limit - len(owner.hand)  # SD-3: max(0, limit - hand)
        if owner.alive:  # a full hand (missing <= 0) draws nothing
            # Nothing is pending or open between Rounds, so a death here needs no retiring.
            owners[seat], rng = draw_cards(owner, missing, rng, config, events)
    living = tuple(o.player for o in owners[:-1] if o.alive)
    pending = living + state.gm_units
    side = _side_after(pending, state.gm_units, config.first_side)
    return _set_started(state, (*owners,), rng, number, True, pending, side), (*events,)


def round_over(state: SkillsState) -> bool:
    """Whether the Round under way may end now (SD-13): every living unit has activated and
    no reaction window is open. What :func:`validate_end_round` refuses by, without building
    a refusal: a game's clock asks it after every step."""
    return state.in_round and state.active is None and not state.pending and not state.reacting


def validate_end_round(state: SkillsState, action: EndRound) -> None:
    """A Round ends when every living unit has activated and no window is open (SD-13)."""
    if not state.in_round:
        raise codes.illegal(codes.NO_ROUND, "no Round is in progress", action, rule="SD-13")
    if state.active is not None or state.pending:
        left = ", ".join(((state.active,) if state.active else ()) + state.pending)
        message = f"the Round ends when every unit has activated; still to go: {left}"
        raise codes.illegal(codes.ROUND_NOT_OVER, message, action)
    if state.reacting:
        message = f"reaction windows are still open for {', '.join(state.reacting)}"
        raise codes.illegal(codes.REACTION_WINDOW_OPEN, message, action)


def apply_end_round(state: SkillsState, action: EndRound) -> tuple[SkillsState, Events]:
    """Reset Burn modifiers (SD-12) and close the Round; hands are kept (SD-4)."""
    events: list[Event] = []
    for player in state.seats:  # SD-12: at the latest, every modifier resets now
        state = _reset_modifiers(state, player, events)
    events.append(RoundEnded(state.round))
    return _set_ended(state, False), (*events,)


def _unit_side(state: SkillsState, unit: str, action: Action) -> str:
    """The side of ``unit``; raises for an unknown unit or a dead character."""
    if unit in state.gm_units:
        return GM
    if unit != GM and unit in state.seats:
        require_alive(state, state.seats.index(unit), action)
        return PLAYERS
    raise codes.illegal(codes.UNKNOWN_UNIT, f"there is no unit {unit!r} in play", action)


def validate_activate(state: SkillsState, action: Activate) -> None:
    """Check that ``action.unit`` may activate now (SD-13)."""
    unit = action.unit
    side = _unit_side(state, unit, action)
    if not state.in_round:
        raise codes.illegal(
            codes.NO_ROUND, "units activate only during a Round", action, rule="SD-13"
        )
    if state.active is not None:
        message = f"{state.active} is still activating"
        raise codes.illegal(codes.ACTIVATION_IN_PROGRESS, message, action)
    if unit not in state.pending:
        raise codes.illegal(codes.ALREADY_ACTIVATED, f"{unit} already activated", action)
    if side != state.side:
        message = f"the {state.side} side activates a unit next"
        raise codes.illegal(codes.NOT_YOUR_SIDE, message, action)


def apply_activate(state: SkillsState, action: Activate) -> tuple[SkillsState, Events]:
    """Start the activation."""
    event = ActivationStarted(action.unit, controller(state, action.unit))
    return activated(state, action), (event,)


def activated(state: SkillsState, action: Activate) -> SkillsState:
    """:func:`apply_activate`'s new state, without its event."""
    unit = action.unit
    return _set_pending_active(state, tuple(u for u in state.pending if u != unit), unit)


def validate_end_activation(state: SkillsState, action: EndActivation) -> None:
    """Only the unit whose activation is in progress may end it (SD-15)."""
    _unit_side(state, action.unit, action)
    if state.active != action.unit:
        message = f"{action.unit} is not activating"
        raise codes.illegal(codes.NOT_YOUR_ACTIVATION, message, action, rule="SD-15")


def apply_end_activation(state: SkillsState, action: EndActivation) -> tuple[SkillsState, Events]:
    """End the activation and pass to the other side if it has units left (SD-13)."""
    events: list[Event] = []
    state = _end_activation(state, controller(state, action.unit), events)
    return state, (*events,)


def ended_activation(state: SkillsState, action: EndActivation) -> SkillsState:
    """:func:`apply_end_activation`'s new state, without its events."""
    return _end_activation(state, controller(state, action.unit), None)


def validate_defeat(state: SkillsState, action: DefeatUnit) -> None:
    """The unit must be in play (a living player character or a GM unit)."""
    _unit_side(state, action.unit, action)


def apply_defeat(state: SkillsState, action: DefeatUnit) -> tuple[SkillsState, Events]:
    """Take the unit out; a player character dies (SD-6)."""
    unit = action.unit
    events: list[Event] = []
    if unit in state.gm_units:
        events.append(UnitDefeated(unit))
    else:
        seat = state.seats.index(unit)
        state = with_owner(state, seat, replace(state.owners[seat], alive=False))
        events.append(CharacterDied(unit, DEFEATED))
    return _retire(state, unit, events), (*events,)


def activate_options(state: SkillsState, actor: str) -> list[Action]:
    """``actor``'s legal :class:`Activate` actions, in seat then GM-unit order."""
    side = GM if actor == GM else PLAYERS
    if not state.in_round or state.active is not None or state.side != side:
        return []
    if actor == GM:
        return [Activate(unit) for unit in state.pending if unit in state.gm_units]
    # A GM unit's id is not an actor: the GM activates its units (EN-5).
    return [Activate(actor)] if actor in state.pending and actor in state.seats else []


def end_options(state: SkillsState, actor: str) -> list[Action]:
    """``[EndActivation(unit)]`` if ``actor`` controls the active unit, else ``[]``."""
    active = state.active
    if active is not None and controller(state, active) == actor:
        return [EndActivation(active)]
    return []
