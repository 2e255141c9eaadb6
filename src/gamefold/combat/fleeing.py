"""Fleeing: the party's agreement, dire circumstances, Stress, drops and the fallen (CB-13 … CB-15).

Retreating is a party member's choice in an exchange: :class:`Retreat` instead of
:class:`~gamefold.combat.Declare`, hidden from the enemies like any declaration. When the
exchange resolves and *every* conscious party member chose to retreat, the party escapes
unless the config's dire-circumstances policy (``dire``, default ``"never"``) says the
circumstances are dire (CB-13). An escape ends the fight before any ability lands: each
escaping character gains ``stress_dice`` d ``stress_sides`` Stress (2d3) from the state's RNG
and loses the items it dropped (CB-14); a fallen ally comes along only if an escaping
character holds it (``carry``) with ``body_slots`` free slots, counted after its drops, since
dragging ignores the body's own encumbrance; every other fallen ally is left behind (CB-15).
If the retreat fails (not everyone agreed, or dire) the retreating members do nothing this
exchange and the enemies' abilities against them go uncontested.
"""

from __future__ import annotations

from itertools import combinations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    Combatant,
    CombatEnded,
    CombatState,
    Ending,
    RetreatPlan,
    check_declarer,
    find,
    index_of,
    with_combatant,
)
from gamefold.combat.dire import dire_policy
from gamefold.combat.exchange import may_declare
from gamefold.combat.zones import Side
from gamefold.core import Action, Event, Events, replace

__all__ = [
    "DIRE",
    "NOT_AGREED",
    "Carry",
    "Fled",
    "LostItem",
    "Retreat",
    "RetreatDeclared",
    "RetreatFailed",
    "StressGained",
    "attempt_flight",
    "record_retreat",
    "retreat_options",
    "validate_retreat",
]

DIRE = "dire"
"""Why a retreat failed: the dire-circumstances policy said so (CB-13)."""
NOT_AGREED = "not-agreed"
"""Why a retreat failed: not every conscious party member agreed (CB-13)."""


@attrs.frozen
class Retreat(Action):
    """Party member ``combatant`` agrees to retreat this exchange (CB-13).

    ``carry`` names a fallen ally it holds and drags away (CB-15); ``drop`` names items it
    drops in the pursuit, freeing their slots; they are lost if the party escapes (CB-14).
    """

    combatant: str
    carry: str | None = None
    drop: tuple[str, ...] = ()


@attrs.frozen
class RetreatDeclared(Event):
    """``combatant`` agreed to retreat; shown to the party only until the exchange resolves."""

    combatant: str
    carry: str | None
    drop: tuple[str, ...]


@attrs.frozen
class RetreatFailed(Event):
    """The retreat of ``combatants`` failed: ``reason`` is ``"not-agreed"`` or ``"dire"``."""

    reason: str
    combatants: tuple[str, ...]


@attrs.frozen
class Carry:
    """``holder`` dragged its fallen ally ``fallen`` away (CB-15)."""

    holder: str
    fallen: str


@attrs.frozen
class LostItem:
    """``owner`` dropped ``item`` in the pursuit; it is lost to the dungeon (CB-14)."""

    owner: str
    item: str


@attrs.frozen
class Fled(Event):
    """The party escaped: who escaped, whom they carried, who was left, what was lost."""

    escaped: tuple[str, ...]
    carried: tuple[Carry, ...]
    left_behind: tuple[str, ...]
    lost: tuple[LostItem, ...]


@attrs.frozen
class StressGained(Event):
    """``combatant`` gained ``amount`` Stress for escaping and now has ``stress`` (CB-14)."""

    combatant: str
    amount: int
    stress: int


def validate_retreat(state: CombatState, action: Retreat) -> None:
    """Raise unless ``action`` is a legal retreat now."""
    c = check_declarer(state, action.combatant, action)
    if c.side is not Side.PARTY:
        raise codes.illegal(codes.NOT_PARTY, "Only the party retreats.", action)
    names = [item.name for item in c.items]
    drop = action.drop
    if len(set(drop)) != len(drop) or any(name not in names for name in drop):
        raise codes.illegal(codes.UNKNOWN_ITEM, f"{c.id} does not carry those items.", action)
    if action.carry is not None:
        _check_carry(state, c, action.carry, action)


def _check_carry(state: CombatState, c: Combatant, carry: str, action: Retreat) -> None:
    fallen = find(state, carry)
    if fallen is None or fallen.side is not Side.PARTY or fallen.hp > 0:
        raise codes.illegal(
            codes.NOT_FALLEN_ALLY, f"{carry!r} is not a fallen ally of {c.id}.", action
        )
    if fallen.id in _held(state):
        raise codes.illegal(codes.ALREADY_CARRIED, f"{fallen.id} is carried already.", action)
    if _room(c, action.drop) < state.config.body_slots:  # CB-15
        raise codes.illegal(
            codes.NO_ROOM,
            f"{c.id} needs {state.config.body_slots} free slots to carry {fallen.id}.",
            action,
        )


def _held(state: CombatState) -> tuple[str, ...]:
    """The fallen allies pending retreat plans already carry."""
    return tuple(
        c.retreat.carry for c in state.combatants if c.retreat is not None and c.retreat.carry
    )


def _room(c: Combatant, drop: tuple[str, ...]) -> int:
    """Free slots of ``c`` once it has dropped the items named in ``drop``."""
    return c.free_slots + sum(item.slots for item in c.items if item.name in drop)


def record_retreat(state: CombatState, action: Retreat) -> tuple[CombatState, Events]:
    """Store the agreement on its combatant; nothing else changes (CB-13)."""
    i = index_of(state, action.combatant)
    plan = RetreatPlan(action.carry, action.drop)
    new = with_combatant(state, i, replace(state.combatants[i], retreat=plan))
    return new, (RetreatDeclared(action.combatant, action.carry, action.drop),)


def retreat_options(state: CombatState, c: Combatant) -> tuple[Retreat, ...]:
    """Every legal :class:`Retreat` of ``c``: each set of drops, each carry with room."""
    if c.side is not Side.PARTY or not may_declare(state, c):
        return ()
    held = _held(state)
    fallen = [
        a.id for a in state.combatants if a.side is Side.PARTY and a.hp <= 0 and a.id not in held
    ]
    names = [item.name for item in c.items]
    options: list[Retreat] = []
    for size in range(len(names) + 1):  # pragma: no mutate -- + 2 adds no longer drop
        for drop in combinations(names, size):
            room = _room(c, drop) >= state.config.body_slots
            carries = [None, *fallen] if room else [None]
            options.extend(Retreat(c.id, carry, drop) for carry in carries)
    return tuple(options)


def attempt_flight(state: CombatState) -> tuple[CombatState, Events, bool]:
    """At resolution: the party flees if every conscious member agreed and it is not dire.

    Returns the new state, the events and whether the party escaped.
    """
    retreating = tuple(c.id for c in state.combatants if c.retreat is not None)
    if not retreating:
        return state, (), False
    conscious = tuple(c.id for c in state.combatants if c.side is Side.PARTY and c.hp > 0)
    if retreating != conscious:  # CB-13: every conscious member must agree
        return state, (RetreatFailed(NOT_AGREED, retreating),), False
    if dire_policy(state.config.dire)(state):  # CB-13: bar dire circumstances
        return state, (RetreatFailed(DIRE, retreating),), False
    new, events = _flee(state)
    return new, events, True


def _flee(state: CombatState) -> tuple[CombatState, Events]:
    config = state.config
    rng = state.rng
    combatants: list[Combatant] = []
    carried: list[Carry] = []
    lost: list[LostItem] = []
    gains: list[Event] = []
    for c in state.combatants:
        plan = c.retreat
        if plan is None:
            combatants.append(replace(c, declaration=None))  # the exchange is called off
            continue
        amount, rng = rng.roll(config.stress_dice, config.stress_sides)  # CB-14: 2d3
        kept = tuple(item for item in c.items if item.name not in plan.drop)
        combatants.append(replace(c, stress=c.stress + amount, items=kept, retreat=None))
        gains.append(StressGained(c.id, amount, c.stress + amount))
        lost.extend(LostItem(c.id, name) for name in plan.drop)  # CB-14: lost in the pursuit
        if plan.carry is not None:
            carried.append(Carry(c.id, plan.carry))  # CB-15
    fled = _fled(state, carried, lost)
    new = replace(state, combatants=tuple(combatants), rng=rng, ending=Ending.FLED)
    return new, (fled, *gains, CombatEnded(Ending.FLED))


def _fled(state: CombatState, carried: list[Carry], lost: list[LostItem]) -> Fled:
    held = {k.fallen for k in carried}
    party = [c for c in state.combatants if c.side is Side.PARTY]
    escaped = tuple(c.id for c in party if c.retreat is not None)
    left = tuple(c.id for c in party if c.hp <= 0 and c.id not in held)  # CB-15
    return Fled(escaped, tuple(carried), left, tuple(lost))
