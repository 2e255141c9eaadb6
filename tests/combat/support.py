"""Small builders shared by the combat tests: fights, pairings, whole exchanges."""

from __future__ import annotations

from typing import Any

import pytest

from gamefold.combat import (
    AbilityResolved,
    AssignPairings,
    Combatant,
    CombatConfig,
    CombatState,
    Declare,
    Fighter,
    Hand,
    Pair,
    Side,
    Zone,
    check,
    codes,
    initial_state,
    legal_actions,
    step,
)
from gamefold.combat.combatants import find
from gamefold.combat.pairing import assigning_side
from gamefold.core import Action, Event, Events
from gamefold.errors import IllegalAction

ROCK, PAPER, SCISSORS = Hand.ROCK, Hand.PAPER, Hand.SCISSORS
FORWARD, REARWARD = Zone.FORWARD, Zone.REARWARD


def hero(cid: str, zone: Zone = FORWARD, **fields: Any) -> Fighter:
    """A party member."""
    return Fighter(cid, Side.PARTY, zone, **fields)


def foe(cid: str, zone: Zone = FORWARD, **fields: Any) -> Fighter:
    """An enemy."""
    return Fighter(cid, Side.ENEMIES, zone, **fields)


def fight(*fighters: Fighter, seed: int = 1, **config: Any) -> CombatState:
    """A fight of ``fighters`` under a config built from ``config``."""
    return initial_state(CombatConfig(**config), fighters, seed=seed)


def paired(state: CombatState, *pairs: tuple[str, str]) -> CombatState:
    """``state`` after the assigning side pairs ``pairs`` (its first option when none given)."""
    side = assigning_side(state)
    if pairs:
        action: Action = AssignPairings(side, tuple(Pair(o, e) for o, e in pairs))
    else:
        action = legal_actions(state, side.value)[0]
    return step(state, action)[0]


def play(state: CombatState, *actions: Action) -> tuple[CombatState, Events]:
    """``state`` after ``actions`` in order, with all their events."""
    events: list[Event] = []
    for action in actions:
        state, more = step(state, action)
        events.extend(more)
    return state, tuple(events)


def attack(who: str, hand: Hand, target: str, ability: str = "Attack") -> Declare:
    """A declaration, Attack by default."""
    return Declare(who, ability, hand, target)


def resolved(events: Events, who: str) -> AbilityResolved:
    """The resolution of ``who``'s ability among ``events``."""
    found = [e for e in events if isinstance(e, AbilityResolved) and e.combatant == who]
    assert len(found) == 1, events
    return found[0]


def of_type(events: Events, kind: type) -> list[Any]:
    """The events of type ``kind``, in order."""
    return [e for e in events if isinstance(e, kind)]


def get(state: CombatState, cid: str) -> Combatant:
    """The combatant ``cid`` (which must exist)."""
    found = find(state, cid)
    assert found is not None, cid
    return found


def hp(state: CombatState, cid: str) -> int:
    """Hit points of ``cid``."""
    return get(state, cid).hp


def duel(**config: Any) -> CombatState:
    """A paired one-against-one fight: ``hero`` against ``orc``."""
    return paired(fight(hero("hero"), foe("orc"), **config))


def exchange(state: CombatState, hero_hand: object, orc_hand: object) -> tuple[CombatState, Events]:
    """A :func:`duel`'s exchange: hero and orc Attack each other with the Hands given."""
    state, _ = step(state, Declare("hero", "Attack", hero_hand, "orc"))  # type: ignore[arg-type]
    return step(state, Declare("orc", "Attack", orc_hand, "hero"))  # type: ignore[arg-type]


def code_of(state: CombatState, action: Action) -> str:
    """The code ``action`` is refused with; ``step`` raises what ``check`` reports."""
    problem = check(state, action)
    assert problem is not None, action
    with pytest.raises(IllegalAction) as info:
        step(state, action)
    assert info.value == problem
    assert problem.rule == codes.RULES[problem.code]
    return problem.code
