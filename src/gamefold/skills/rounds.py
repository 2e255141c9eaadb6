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

from functools import lru_cache

import attrs

from gamefold.core import Action, EndRound, Event, StartRound, replace, replacer
from gamefold.domains import domain
from gamefold.pipeline import Refusal
from gamefold.skills import codes
from gamefold.skills.catalogue import Modifier
from gamefold.skills.config import GM, PLAYERS
from gamefold.skills.domains import UNITS
from gamefold.skills.session import Decided, SkillsState, controller, dead, with_owner
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
    "activate_options",
    "decide_activate",
    "decide_defeat",
    "decide_end_activation",
    "decide_end_round",
    "decide_start_round",
    "draw",
    "end_options",
    "round_over",
]

DEFEATED = "defeated"
"""The cause of death of a player character the host game defeated."""


@attrs.frozen
class Activate(Action):
    """Begin ``unit``'s activation; its side chooses which of its units goes next (SD-13)."""

    unit: str = attrs.field(metadata=domain(UNITS))


@attrs.frozen
class EndActivation(Action):
    """End ``unit``'s activation; no card is discarded (SD-4, SD-15)."""

    unit: str = attrs.field(metadata=domain(UNITS))


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


def _end_activation(state: SkillsState, unit: str, player: str, events: list[Event]) -> SkillsState:
    """``unit``'s activation (``player`` acting for it) ends; its events go to ``events``."""
    events.append(ActivationEnded(unit, player))
    if state.config.burn_reset == "activation":  # SD-12: the owner's activation ends
        state = _reset_modifiers(state, player, events)
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
        return close_window(_end_activation(state, unit, player, events), unit, events)
    state = replace(state, side=_side_after(pending, gm_units, state.side))
    # A window is a player's or the GM's ("gm"), and no GM unit is named "gm" (SD-7): a GM
    # unit has no window to close.
    return state if player == GM else close_window(state, unit, events)


def decide_start_round(state: SkillsState, action: StartRound) -> Decided:
    """When no Round is in progress (SD-13), refill every living player and the GM, then
    open the Round's activations (SD-3)."""
    if state.in_round:
        return Refusal(codes.ROUND_IN_PROGRESS, f"Round {state.round} has not ended yet")
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


def _end_round_block(state: SkillsState) -> str | None:
    """The code refusing an EndRound now (SD-13, SD-8), or ``None`` when the Round may end."""
    if not state.in_round:
        return codes.NO_ROUND
    if state.active is not None or state.pending:
        return codes.ROUND_NOT_OVER
    return codes.REACTION_WINDOW_OPEN if state.reacting else None


def round_over(state: SkillsState) -> bool:
    """Whether the Round under way may end now (SD-13): every living unit has activated and
    no reaction window is open. What :func:`decide_end_round` refuses by, without building
    a refusal: a game's clock asks it after every step."""
    return _end_round_block(state) is None


def _end_round_refusal(state: SkillsState, code: str) -> Refusal:
    if code == codes.NO_ROUND:
        return Refusal(code, "no Round is in progress", "SD-13")
    if code == codes.ROUND_NOT_OVER:
        left = ", ".join(((state.active,) if state.active else ()) + state.pending)
        return Refusal(code, f"the Round ends when every unit has activated; still to go: {left}")
    return Refusal(code, f"reaction windows are still open for {', '.join(state.reacting)}")


def decide_end_round(state: SkillsState, action: EndRound) -> Decided:
    """When every living unit has activated and no window is open (SD-13, SD-8), reset Burn
    modifiers (SD-12) and close the Round; hands are kept (SD-4)."""
    code = _end_round_block(state)
    if code is not None:
        return _end_round_refusal(state, code)
    events: list[Event] = []
    for player in state.seats:  # SD-12: at the latest, every modifier resets now
        state = _reset_modifiers(state, player, events)
    events.append(RoundEnded(state.round))
    return _set_ended(state, False), (*events,)


def _unit_side(state: SkillsState, unit: str) -> str | Refusal:
    """The side of ``unit``, or the refusal of a unit not in play (EN-4) or dead (SD-6)."""
    if unit in state.gm_units:
        return GM
    seats = state.seats
    if unit != GM and unit in seats:
        owner = state.owners[seats.index(unit)]
        return PLAYERS if owner.alive else dead(owner)
    return Refusal(codes.UNKNOWN_UNIT, f"there is no unit {unit!r} in play")


def _activation_block(state: SkillsState, unit: str, side: str) -> str | None:
    """The code refusing ``unit`` of ``side`` an activation now (SD-13), or ``None``."""
    if not state.in_round:
        return codes.NO_ROUND
    if state.active is not None:
        return codes.ACTIVATION_IN_PROGRESS
    if unit not in state.pending:
        return codes.ALREADY_ACTIVATED
    return codes.NOT_YOUR_SIDE if side != state.side else None


def _activation_refusal(state: SkillsState, unit: str, code: str) -> Refusal:
    if code == codes.NO_ROUND:
        return Refusal(code, "units activate only during a Round", "SD-13")
    if code == codes.ACTIVATION_IN_PROGRESS:
        return Refusal(code, f"{state.active} is still activating")
    if code == codes.ALREADY_ACTIVATED:
        return Refusal(code, f"{unit} already activated")
    return Refusal(code, f"the {state.side} side activates a unit next")


def decide_activate(state: SkillsState, action: Activate) -> Decided:
    """A unit in play of the side due, not yet activated this Round, begins its activation
    while no other is under way (SD-13)."""
    unit = action.unit
    side = _unit_side(state, unit)
    if isinstance(side, Refusal):
        return side
    code = _activation_block(state, unit, side)
    if code is not None:
        return _activation_refusal(state, unit, code)
    pending = state.pending
    k = pending.index(unit)  # units are distinct
    state = _set_pending_active(state, pending[:k] + pending[k + 1 :], unit)
    return state, (ActivationStarted(unit, GM if side == GM else unit),)


def decide_end_activation(state: SkillsState, action: EndActivation) -> Decided:
    """The unit whose activation is in progress ends it (SD-15); the other side goes next
    if it has units left (SD-13)."""
    unit = action.unit
    side = _unit_side(state, unit)
    if isinstance(side, Refusal):
        return side
    if state.active != unit:
        return Refusal(codes.NOT_YOUR_ACTIVATION, f"{unit} is not activating", "SD-15")
    events: list[Event] = []
    state = _end_activation(state, unit, GM if side == GM else unit, events)
    return state, (*events,)


def decide_defeat(state: SkillsState, action: DefeatUnit) -> Decided:
    """A unit in play (a living player character or a GM unit) leaves it; a player
    character dies (SD-6, SD-13)."""
    unit = action.unit
    side = _unit_side(state, unit)
    if isinstance(side, Refusal):
        return side
    events: list[Event] = []
    if side == GM:
        events.append(UnitDefeated(unit))
    else:
        seat = state.seats.index(unit)
        state = with_owner(state, seat, replace(state.owners[seat], alive=False))
        events.append(CharacterDied(unit, DEFEATED))
    return _retire(state, unit, events), (*events,)


# Listings hand out one record per unit instead of building it at every choice (records
# are immutable, so sharing them is safe).
_activate = lru_cache(maxsize=1024)(Activate)
_end = lru_cache(maxsize=1024)(EndActivation)


def activate_options(state: SkillsState, actor: str) -> list[Action]:
    """``actor``'s legal :class:`Activate` actions, in seat then GM-unit order.

    A pending unit is in play and alive (SD-6 retires the dead), so the activation's own
    check decides which are listed.
    """
    if actor == GM:
        side, units = GM, [unit for unit in state.pending if unit in state.gm_units]
    elif actor in state.seats:  # a GM unit's id is not an actor: the GM activates it (EN-5)
        side, units = PLAYERS, [actor]
    else:
        return []
    listed: list[Action] = []
    for unit in units:  # a loop, not a comprehension: one unit or a few, at every listing
        if _activation_block(state, unit, side) is None:
            listed.append(_activate(unit))
    return listed


def end_options(state: SkillsState, activating: bool) -> list[Action]:
    """``[EndActivation(unit)]`` of the active unit if its controller is ``activating``
    (:func:`~gamefold.skills.timing.acts_now`'s answer, SD-15), else ``[]``."""
    return [_end(state.active)] if activating else []
