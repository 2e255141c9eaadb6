"""Who has a choice in an exchange, and whom the exchange still waits for (CB-4, CB-10, CB-13).

Every living combatant that has not chosen yet and has a choice to make (a usable ability it
may throw, or, for a party member, a retreat) is waited for; the last choice made resolves
the exchange at once (:mod:`gamefold.combat.resolution`). The same functions list
declarations (:func:`~gamefold.combat.exchange.declaration_options`) and decide them.
"""

from __future__ import annotations

from gamefold.combat.abilities import Ability
from gamefold.combat.combatants import Combatant, CombatState, find, is_paired
from gamefold.combat.conditions import allowed_hands
from gamefold.combat.hands import Hand
from gamefold.combat.zones import _PARTY, Zone, effective_zone

__all__ = [
    "awaits",
    "nobody_waiting",
    "throwable",
    "usable_abilities",
    "usable_from",
    "waiting_for",
]


def usable_from(ability: Ability, zone: Zone | None) -> bool:
    """Whether ``ability`` may be used by a combatant counting as standing in ``zone`` (CB-4)."""
    return ability.zone is None or ability.zone is zone


def usable_abilities(state: CombatState, c: Combatant) -> tuple[Ability, ...]:
    """The abilities ``c`` has (basic and its own) whose zone it counts as standing in."""
    config = state.config
    zone = effective_zone(state.combatants, c)
    usable = []
    for name in (*config.basic, *c.abilities):
        ability = config.ability(name)
        if ability is not None and usable_from(ability, zone):
            usable.append(ability)
    return tuple(usable)


def throwable(c: Combatant, ability: Ability) -> tuple[Hand | None, ...]:
    """The Hands ``c`` may throw ``ability`` with, in the ability's order: ``(None,)`` for
    an ability thrown without a Hand (CB-10), else its Hands no condition forbids (CB-12)."""
    if not ability.hands:
        return (None,)
    if not c.conditions:
        return ability.hands
    hands = allowed_hands(c)
    return tuple([h for h in ability.hands if h in hands])


def _undeclared(c: Combatant) -> bool:
    return c.hp > 0 and c.declaration is None and c.retreat is None


def _has_choice(state: CombatState, c: Combatant) -> bool:
    """Whether ``c`` has a usable ability with a Hand it may throw, or may retreat."""
    if c.side is _PARTY:
        return True  # CB-13: a party member may always agree to retreat
    for a in usable_abilities(state, c):  # noqa: SIM110 -- a loop, not any(): no generator
        if throwable(c, a):
            return True
    return False


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
    for c in state.combatants:  # noqa: SIM110 -- a loop, not all(): no generator per check
        if _undeclared(c) and _has_choice(state, c):
            return False
    return True
