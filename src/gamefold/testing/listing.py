"""Exact listings (EN-5): ``legal_actions`` lists every legal choice and nothing else.

A listing is *sound* when every action it lists is accepted, and *complete* when every
accepted action of the actor's action space is listed. The registry trusts every listing
instead of checking each action again, so both halves matter. The action
spaces here enumerate, for a state, every choice an actor could name with the state's own
ids (its players, units, cards, combatants, abilities and Hands), bounded by the state
itself, so a brute-force check is possible:

>>> from gamefold.testing.listing import listing_problems, skills_action_space
>>> problems = listing_problems(check, listed, skills_action_space(state))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, permutations
from typing import Any

from gamefold.combat import (
    SIDES,
    AssignPairings,
    CombatState,
    Declare,
    Hand,
    Pair,
    Retreat,
    Side,
)
from gamefold.core import Action
from gamefold.errors import IllegalAction
from gamefold.skills import (
    Activate,
    Burn,
    Discard,
    EndActivation,
    PayCost,
    Play,
    SkillsState,
)

__all__ = ["combat_action_space", "listing_problems", "skills_action_space"]


def listing_problems(
    check: Callable[[Any], IllegalAction | None],
    listed: Sequence[Action],
    space: Iterable[Action],
) -> list[str]:
    """Every way ``listed`` is not exact: a listed action refused (unsound), an action of
    ``space`` accepted but not listed (incomplete), or an action listed twice."""
    problems = [f"listed but refused: {a!r}: {check(a)}" for a in listed if check(a) is not None]
    if len(set(listed)) != len(listed):
        problems.append("an action is listed twice")
    shown = set(listed)
    problems += [
        f"legal but not listed: {a!r}" for a in space if a not in shown and check(a) is None
    ]
    return problems


def skills_action_space(state: SkillsState) -> list[Action]:
    """Every skill-deck choice naming the state's units, players, held cards and abilities.

    Payment Discards are enumerated for each ability with every set of the player's cards of
    exactly the ability's cost; host actions (reaction windows, hand limits, defeats) and
    lifecycle actions are not choices.
    """
    units = (*state.seats, *state.gm_units)
    space: list[Action] = [kind(u) for u in units for kind in (Activate, EndActivation)]
    for owner in state.owners:
        for card in owner.hand:
            space += [Play(owner.player, card), Burn(owner.player, card)]
            space.append(Discard(owner.player, card))
        for ability in state.config.abilities:
            for cards in combinations(owner.hand, ability.cost):
                space.append(PayCost(owner.player, ability.name, cards))
    return space


def _pairings(state: CombatState, side: Side) -> list[Action]:
    own = [c.id for c in state.combatants if c.side is side and c.hp > 0]
    enemy = [c.id for c in state.combatants if c.side is not side and c.hp > 0]
    out: list[Action] = []
    for size in range(min(len(own), len(enemy)) + 1):
        for partners in permutations(own, size):
            for enemies in permutations(enemy, size):
                if list(enemies) == sorted(enemies):
                    pairs = tuple(Pair(o, e) for o, e in zip(partners, enemies, strict=True))
                    out.append(AssignPairings(side, pairs))
    return out


def _retreats(state: CombatState, cid: str) -> list[Action]:
    me = next(c for c in state.combatants if c.id == cid)
    allies = [c.id for c in state.combatants if c.side is me.side and c.id != cid]
    names = [item.name for item in me.items]
    drops = [d for n in range(len(names) + 1) for d in combinations(names, n)]
    return [Retreat(cid, carry, drop) for carry in (None, *allies) for drop in drops]


def combat_action_space(state: CombatState) -> list[Action]:
    """Every combat choice naming the state's combatants, abilities, Hands and items.

    Pairings are every assignment of distinct own combatants to distinct enemies (enemies in
    id order), declarations every ability by Hand (or none) by target, retreats every carried
    ally (or none) by set of dropped items; host actions are not choices.
    """
    space: list[Action] = [a for side in SIDES for a in _pairings(state, side)]
    ids = [c.id for c in state.combatants]
    hands: tuple[Hand | None, ...] = (None, *Hand)
    for c in state.combatants:
        names = (*(a.name for a in state.config.abilities), *c.abilities)
        for name in dict.fromkeys(names):
            space += [Declare(c.id, name, h, t) for h in hands for t in ids]
        space += _retreats(state, c.id)
    return space
