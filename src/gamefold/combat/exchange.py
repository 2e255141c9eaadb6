"""Declarations: each combatant's hidden choice of ability, Hand and target (CB-3 … CB-12).

In an exchange every living combatant that has a legal choice declares once, with
:class:`Declare` (or, for a party member, :class:`~gamefold.combat.Retreat`). A declaration
is hidden from the other side until the exchange resolves, which happens inside the step of
the last declaration (see :mod:`gamefold.combat.resolution`).

Who may target whom follows from pairing (CB-5): a paired combatant targets its partner;
everyone else, leftover Forward combatants and the Rearward (CB-6), targets any living enemy.
An ability that requires a zone needs its user to count as standing there (CB-4, CB-7).
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from gamefold.combat import codes
from gamefold.combat.abilities import Ability
from gamefold.combat.combatants import (
    Combatant,
    CombatState,
    Declaration,
    check_declarer,
    find,
    index_of,
    is_paired,
    require,
    with_combatant,
)
from gamefold.combat.conditions import allowed_hands
from gamefold.combat.hands import Hand
from gamefold.combat.zones import Side, effective_zone
from gamefold.core import Action, Event, Events, replace

__all__ = [
    "Declare",
    "Declared",
    "declaration_options",
    "declared",
    "may_declare",
    "nobody_waiting",
    "owned_ability",
    "record_declaration",
    "targets",
    "usable_abilities",
    "validate_declare",
    "waiting_for",
]


@attrs.frozen
class Declare(Action):
    """``combatant`` declares ``ability`` thrown with ``hand`` at ``target`` (CB-10).

    ``hand`` is ``None`` only for an ability thrown without a Hand (``hands=()``).
    """

    combatant: str
    ability: str
    hand: Hand | None
    target: str


@attrs.frozen
class Declared(Event):
    """``combatant`` declared; ``cost`` is the ability's cost in cards, for the host to charge.

    The fields are the declaration itself: a host shows this event to the declaring side
    only, until the exchange resolves (CB-10).
    """

    combatant: str
    ability: str
    hand: Hand | None
    target: str
    cost: int


def usable_abilities(state: CombatState, c: Combatant) -> tuple[Ability, ...]:
    """The abilities ``c`` has (basic and its own) whose zone it counts as standing in."""
    config = state.config
    zone = effective_zone(state.combatants, c)
    usable = []
    for name in (*config.basic, *c.abilities):
        ability = config.ability(name)
        if ability is not None and (ability.zone is None or ability.zone is zone):  # CB-4
            usable.append(ability)
    return tuple(usable)


def targets(state: CombatState, c: Combatant) -> tuple[str, ...]:
    """Whom ``c`` may target: its partner if paired (CB-5), else any living enemy (CB-6)."""
    if c.partner is not None:
        return (c.partner,)
    return tuple(e.id for e in state.combatants if e.side is not c.side and e.hp > 0)


def validate_declare(state: CombatState, action: Declare) -> None:
    """Raise unless ``action`` is a legal declaration now."""
    c = check_declarer(state, action.combatant, action)
    ability = _check_ability(state, c, action)
    _check_hand(c, ability, action)
    _check_target(state, c, action)


def owned_ability(state: CombatState, c: Combatant, name: str) -> Ability | None:
    """The ability called ``name`` if ``c`` has it, a basic one or its own, else ``None``."""
    config = state.config
    ability = config.ability(name)
    if ability is None or (name not in config.basic and name not in c.abilities):
        return None
    return ability


def _check_ability(state: CombatState, c: Combatant, action: Declare) -> Ability:
    ability = owned_ability(state, c, action.ability)
    if ability is None:
        raise codes.illegal(
            codes.UNKNOWN_ABILITY, f"{c.id} has no ability {action.ability!r}.", action
        )
    if ability.zone is not None and ability.zone is not effective_zone(state.combatants, c):
        raise codes.illegal(
            codes.WRONG_ZONE, f"{ability.name} is used only from {ability.zone.value}.", action
        )
    return ability


def _check_hand(c: Combatant, ability: Ability, action: Declare) -> None:
    hand = action.hand
    needs_hand = bool(ability.hands)
    if (hand is None) == needs_hand:
        need = "needs a Hand" if needs_hand else "is thrown without a Hand"
        raise codes.illegal(codes.WRONG_HAND, f"{ability.name} {need}.", action)
    if hand is None:
        return
    if hand not in ability.hands:
        raise codes.illegal(
            codes.WRONG_HAND, f"{ability.name} cannot be thrown as {hand.value}.", action
        )
    if hand not in allowed_hands(c):  # CB-12
        raise codes.illegal(
            codes.HAND_FORBIDDEN, f"A condition forbids {c.id} to throw {hand.value}.", action
        )


def _check_target(state: CombatState, c: Combatant, action: Declare) -> None:
    target = require(state, action.target, action)
    if target.side is c.side:
        raise codes.illegal(codes.NOT_AN_ENEMY, f"{target.id} is not an enemy of {c.id}.", action)
    if target.hp <= 0:
        raise codes.illegal(codes.TARGET_FALLEN, f"{target.id} has fallen.", action)
    if c.partner is not None and target.id != c.partner:  # CB-5
        raise codes.illegal(
            codes.NOT_PAIRED_TARGET,
            f"{c.id} is paired with {c.partner} and must target it.",
            action,
        )


def record_declaration(state: CombatState, action: Declare) -> tuple[CombatState, Events]:
    """Store the declaration on its combatant; nothing else changes (CB-10)."""
    ability = state.config.ability(action.ability)
    assert ability is not None  # validate_declare found it
    event = Declared(action.combatant, action.ability, action.hand, action.target, ability.cost)
    return declared(state, action), (event,)


def declared(state: CombatState, action: Declare) -> CombatState:
    """:func:`record_declaration`'s new state, without its event."""
    i = index_of(state, action.combatant)
    choice = Declaration(action.ability, action.hand, action.target)
    return with_combatant(state, i, replace(state.combatants[i], declaration=choice))


# Listings hand out one record per declaration instead of building it at every choice
# (records are immutable, so sharing them is safe).
_declare = lru_cache(maxsize=4096)(Declare)


def declaration_options(state: CombatState, c: Combatant) -> tuple[Declare, ...]:
    """Every legal :class:`Declare` of ``c``: every ability, Hand and target, in a fixed order."""
    if not may_declare(state, c):
        return ()
    hands = allowed_hands(c)
    aims = targets(state, c)
    options: list[Declare] = []
    for ability in usable_abilities(state, c):
        thrown = [h for h in ability.hands if h in hands] if ability.hands else [None]
        options.extend(_declare(c.id, ability.name, h, t) for h in thrown for t in aims)
    return tuple(options)


def may_declare(state: CombatState, c: Combatant) -> bool:
    """Whether ``c`` may make a choice now: fight on, paired, ``c`` standing and undeclared."""
    return (
        state.ending is None
        and c.hp > 0
        and c.declaration is None
        and c.retreat is None
        and is_paired(state)
    )


def _undeclared(c: Combatant) -> bool:
    return c.hp > 0 and c.declaration is None and c.retreat is None


def _has_choice(state: CombatState, c: Combatant) -> bool:
    """Whether ``c`` has a usable ability with a Hand it may throw, or may retreat."""
    if c.side is Side.PARTY:
        return True  # CB-13: a party member may always agree to retreat
    hands = allowed_hands(c)
    return any(not a.hands or any(h in hands for h in a.hands) for a in usable_abilities(state, c))


def waiting_for(state: CombatState) -> tuple[str, ...]:
    """The combatants the exchange still waits for: living, undeclared, with a choice."""
    if state.ending is not None or not is_paired(state):
        return ()
    return tuple(c.id for c in state.combatants if _undeclared(c) and _has_choice(state, c))


def awaits(state: CombatState, cid: str) -> bool:
    """Whether the exchange still waits for combatant ``cid``: ``cid in waiting_for(state)``,
    without looking at anyone else."""
    if state.ending is not None or not is_paired(state):
        return False
    c = find(state, cid)
    return c is not None and _undeclared(c) and _has_choice(state, c)


def nobody_waiting(state: CombatState) -> bool:
    """Whether every combatant with a choice has made it, in a fight under way (CB-10)."""
    return not any(_undeclared(c) and _has_choice(state, c) for c in state.combatants)
