"""Declarations: each combatant's hidden choice of ability, Hand and target (CB-3 … CB-12).

In an exchange every living combatant that has a legal choice declares once, with
:class:`Declare` (or, for a party member, :class:`~gamefold.combat.Retreat`). A declaration
is hidden from the other side until the exchange resolves, which happens inside the step of
the last declaration (see :mod:`gamefold.combat.resolution`), and :func:`decide_declare`
checks a declaration with the very functions :func:`declaration_options` lists them with.

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
    declarer_refusal,
    entrant,
    find,
    over,
    unknown,
    with_combatant,
)
from gamefold.combat.domains import ABILITY_NAMES, COMBATANTS, HANDS
from gamefold.combat.hands import Hand
from gamefold.combat.resolution import resolve_if_complete
from gamefold.combat.waiting import throwable, usable_abilities, usable_from
from gamefold.combat.zones import effective_zone
from gamefold.core import Action, Event, Events, replacer
from gamefold.domains import domain
from gamefold.pipeline import Refusal

__all__ = [
    "Declare",
    "Declared",
    "declaration_options",
    "decide_declare",
    "declare_refusal",
    "owned_ability",
    "targets",
]


@attrs.frozen
class Declare(Action):
    """``combatant`` declares ``ability`` thrown with ``hand`` at ``target`` (CB-10).

    ``hand`` is ``None`` only for an ability thrown without a Hand (``hands=()``).
    """

    combatant: str = attrs.field(metadata=domain(COMBATANTS))
    ability: str = attrs.field(metadata=domain(ABILITY_NAMES))
    hand: Hand | None = attrs.field(metadata=domain(HANDS))
    target: str = attrs.field(metadata=domain(COMBATANTS))


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


_declaring = replacer(Combatant, "declaration")


def decide_declare(state: CombatState, action: Declare) -> tuple[CombatState, Events] | Refusal:
    """Store a legal declaration on its combatant and, if it was the last choice the
    exchange waited for, resolve the exchange (CB-10); else the refusal."""
    found = _declarer(state, action)
    if isinstance(found, Refusal):
        return found
    i, ability = found
    c = state.combatants[i]
    name, hand, aim = action.ability, action.hand, action.target
    new = with_combatant(state, i, _declaring(c, Declaration(name, hand, aim)))
    return resolve_if_complete(new, (Declared(action.combatant, name, hand, aim, ability.cost),))


def declare_refusal(state: CombatState, action: Declare) -> Refusal | None:
    """The refusal :func:`decide_declare` would return, or ``None``, without making the
    declaration (nor resolving the exchange it would complete)."""
    found = _declarer(state, action)
    return found if isinstance(found, Refusal) else None


def _declarer(state: CombatState, action: Declare) -> tuple[int, Ability] | Refusal:
    """The declarer's position and its ability, when ``action`` is legal (CB-3 … CB-12);
    else the refusal."""
    cid = action.combatant
    i = entrant(state, cid)
    if isinstance(i, Refusal):
        return i
    c = state.combatants[i]
    refusal = declarer_refusal(state, c)
    if refusal is not None:
        return refusal
    name = action.ability
    ability = owned_ability(state, c, name)
    if ability is None:
        return Refusal(codes.UNKNOWN_ABILITY, f"{cid} has no ability {name!r}.")
    if not usable_from(ability, effective_zone(state.combatants, c)):  # CB-4, CB-7
        return _wrong_zone(ability)
    hand = action.hand
    if hand not in throwable(c, ability):
        return _hand_refusal(c, ability, hand)
    aim = action.target
    if aim not in targets(state, c):
        return _target_refusal(state, c, aim)
    return i, ability


def owned_ability(state: CombatState, c: Combatant, name: str) -> Ability | None:
    """The ability called ``name`` if ``c`` has it, a basic one or its own, else ``None``."""
    config = state.config
    ability = config.ability(name)
    if ability is None or (name not in config.basic and name not in c.abilities):
        return None
    return ability


def targets(state: CombatState, c: Combatant) -> tuple[str, ...]:
    """Whom ``c`` may target: its partner if paired (CB-5), else any living enemy (CB-3,
    CB-6, CB-11)."""
    if c.partner is not None:
        return (c.partner,)
    return tuple([e.id for e in state.combatants if e.side is not c.side and e.hp > 0])


def _wrong_zone(ability: Ability) -> Refusal:
    """The refusal of ``ability`` used from a zone it does not allow (CB-4)."""
    zone = ability.zone
    assert zone is not None  # an ability of no zone is usable from any
    return Refusal(codes.WRONG_ZONE, f"{ability.name} is used only from {zone.value}.")


def _hand_refusal(c: Combatant, ability: Ability, hand: Hand | None) -> Refusal:
    """Why ``c`` may not throw ``ability`` with ``hand``, a Hand not :func:`throwable`."""
    if hand is None or not ability.hands:
        need = "needs a Hand" if ability.hands else "is thrown without a Hand"
        return Refusal(codes.WRONG_HAND, f"{ability.name} {need}.")
    if hand not in ability.hands:
        return Refusal(codes.WRONG_HAND, f"{ability.name} cannot be thrown as {hand.value}.")
    return Refusal(codes.HAND_FORBIDDEN, f"A condition forbids {c.id} to throw {hand.value}.")


def _target_refusal(state: CombatState, c: Combatant, aim: str) -> Refusal:
    """Why ``c`` may not aim at ``aim``, a combatant not among its :func:`targets`."""
    target = find(state, aim)
    if target is None:
        return unknown(aim)
    if target.side is c.side:
        return Refusal(codes.NOT_AN_ENEMY, f"{target.id} is not an enemy of {c.id}.")
    if target.hp <= 0:
        return Refusal(codes.TARGET_FALLEN, f"{target.id} has fallen.")
    return Refusal(  # CB-5
        codes.NOT_PAIRED_TARGET, f"{c.id} is paired with {c.partner} and must target it."
    )


# Listings hand out one record per declaration instead of building it at every choice
# (records are immutable, so sharing them is safe).
_declare = lru_cache(maxsize=4096)(Declare)


def declaration_options(state: CombatState, c: Combatant) -> tuple[Declare, ...]:
    """Every legal :class:`Declare` of ``c``: every usable ability, throwable Hand and
    target, in a fixed order."""
    if over(state) is not None or declarer_refusal(state, c) is not None:
        return ()
    aims, cid = targets(state, c), c.id
    # One comprehension for every ability, not one an ability: fewer frames a listing.
    return tuple(
        [
            _declare(cid, ability.name, h, t)
            for ability in usable_abilities(state, c)
            for h in throwable(c, ability)
            for t in aims
        ]
    )
