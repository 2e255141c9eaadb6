"""Conditions: Stoned, Folded and Dulled forbid a Hand for a number of Rounds (CB-12).

A host game puts a condition on a combatant with :class:`Afflict` (between exchanges), or an
ability does it through its ``inflicts`` data when an exchange resolves. Durations count
Round *ends*: each :class:`~gamefold.EndRound` takes one Round off every condition, and a
condition ends when none is left. A duration of ``n`` Rounds (``condition_rounds``, 1 by
default, or the ``rounds`` given) means *n full Rounds after the one it was applied in*:
applied in Round r, a 1-Round condition ends at the end of Round r+1 (RULES.md's reading of
CB-12), so it always limits the throws of a whole Round, even in a host whose exchange
resolves just before its Round ends. Applied between Rounds (before the first
:class:`~gamefold.StartRound`, or after an ``EndRound`` and before the next ``StartRound``)
there is no Round under way to count: it lasts the ``max(1, n)`` Rounds that start next, so
at the default it ends at the end of the next Round (one whole Round, never two), and at
``n=0`` (the plainer reading: it ends at the end of the Round it was applied in) at the end
of the next Round too. ``StartRound`` and ``EndRound`` keep the state's ``in_round``. A
combatant whose conditions forbid all three Hands cannot use Hand abilities.
"""

from __future__ import annotations

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    Affliction,
    Combatant,
    CombatState,
    entrant,
    exchange_under_way,
    with_combatant,
    with_combatants,
)
from gamefold.combat.hands import HANDS, Condition, Hand
from gamefold.combat.warding import WardsLapsed
from gamefold.core import Action, EndRound, Event, Events, StartRound, replace
from gamefold.pipeline import Refusal

__all__ = [
    "Afflict",
    "ConditionApplied",
    "ConditionEnded",
    "afflict",
    "allowed_hands",
    "decide_afflict",
    "decide_end_round",
    "decide_start_round",
    "round_ends",
]


@attrs.frozen
class Afflict(Action):
    """The host game puts ``condition`` on ``combatant`` for the rest of the Round and
    ``rounds`` full Rounds after it; between Rounds, for the ``max(1, rounds)`` Rounds that
    start next (CB-12).

    ``rounds=None`` uses the config's ``condition_rounds``. A host issues it between
    exchanges; it is not a player's choice, so :func:`~gamefold.combat.legal_actions` never
    lists it.
    """

    combatant: str
    condition: Condition
    rounds: int | None = None


@attrs.frozen
class ConditionApplied(Event):
    """``combatant`` has ``condition`` (the longer of old and new, CB-12): applied in a Round
    (``in_round``), for the rest of it and ``rounds`` full Rounds after it; applied between
    Rounds, for the ``rounds`` Rounds that start next."""

    combatant: str
    condition: Condition
    rounds: int
    in_round: bool = True


@attrs.frozen
class ConditionEnded(Event):
    """``combatant`` recovered from ``condition`` at the end of a Round (CB-12)."""

    combatant: str
    condition: Condition


def allowed_hands(combatant: Combatant) -> tuple[Hand, ...]:
    """The Hands ``combatant`` may throw: every Hand its conditions do not forbid (CB-12)."""
    conditions = combatant.conditions
    if not conditions:
        return HANDS
    forbidden = tuple(a.condition.forbids for a in conditions)
    return tuple([h for h in HANDS if h not in forbidden])


def round_ends(rounds: int, in_round: bool) -> int:
    """The Round ends a condition of ``rounds`` full Rounds lasts through (CB-12): in a
    Round, the rest of it and ``rounds`` more (``rounds + 1``); between Rounds, the
    ``max(1, rounds)`` Rounds that start next, never one more."""
    return rounds + 1 if in_round else max(rounds, 1)


def afflict(
    c: Combatant, condition: Condition, rounds: int, in_round: bool
) -> tuple[Combatant, ConditionApplied]:
    """``c`` with ``condition`` for :func:`round_ends` Round ends, and the event reporting it
    (CB-12).

    Applied in Round r with ``rounds=1``, it ends at the end of Round r+1, so it limits the
    throws of one whole Round whatever the host's timing (a host that resolves its exchange
    just before the Round ends still meets it in the next exchange). Applied between Rounds
    with ``rounds=1`` (or 0), it ends at the end of the next Round: one whole Round, never
    two. A condition it already has keeps the longer of the two durations.
    """
    ends = round_ends(rounds, in_round)
    conditions = c.conditions
    for i, a in enumerate(conditions):
        if a.condition is condition:
            ends = max(ends, a.rounds)
            conditions = (*conditions[:i], Affliction(condition, ends), *conditions[i + 1 :])
            break
    else:
        conditions = (*conditions, Affliction(condition, ends))
    shown = ends - 1 if in_round else ends  # full Rounds after this one / Rounds to come
    return replace(c, conditions=conditions), ConditionApplied(c.id, condition, shown, in_round)


def decide_afflict(state: CombatState, action: Afflict) -> tuple[CombatState, Events] | Refusal:
    """Put the condition on a living combatant between exchanges (CB-12); else the refusal."""
    i = entrant(state, action.combatant)
    if isinstance(i, Refusal):
        return i
    target = state.combatants[i]
    if target.hp <= 0:  # CB-11
        return Refusal(codes.FALLEN, f"{target.id} has fallen; conditions no longer matter.")
    if exchange_under_way(state):  # CB-10
        return Refusal(
            codes.EXCHANGE_UNDER_WAY, "Conditions are applied between exchanges, not during one."
        )
    rounds = state.config.condition_rounds if action.rounds is None else action.rounds
    afflicted, event = afflict(target, action.condition, rounds, state.in_round)
    return with_combatant(state, i, afflicted), (event,)


def decide_start_round(state: CombatState, action: StartRound) -> tuple[CombatState, Events]:
    """A Round is under way: conditions applied from now count it as theirs (CB-12). Always
    legal; it reports nothing."""
    return (state, ()) if state.in_round else (replace(state, in_round=True), ())


def decide_end_round(state: CombatState, action: EndRound) -> tuple[CombatState, Events]:
    """Take one Round off every condition; those with none left end (CB-12); no Round is
    under way until the next ``StartRound``. Unspent wards are gone (see
    :class:`~gamefold.combat.Ward`), told by :class:`WardsLapsed`, and so are unspent edges
    (:class:`~gamefold.combat.Empower`). A Round's end is always legal."""
    if state.in_round:
        state = replace(state, in_round=False)
    for c in state.combatants:
        if c.conditions or c.ward or c.edge:
            break
    else:
        return state, ()
    events: list[Event] = []
    combatants = tuple(_tick(c, events) for c in state.combatants)
    if any(c.ward for c in state.combatants):
        events.append(WardsLapsed())
    return with_combatants(state, combatants), tuple(events)


def _tick(c: Combatant, events: list[Event]) -> Combatant:
    if c.ward or c.edge:
        c = replace(c, ward=0, edge=0)
    if not c.conditions:
        return c
    kept: list[Affliction] = []
    for a in c.conditions:
        if a.rounds > 1:
            kept.append(Affliction(a.condition, a.rounds - 1))
        else:
            events.append(ConditionEnded(c.id, a.condition))
    return replace(c, conditions=tuple(kept))
