"""What every reachable skirmish satisfies across its slices (SK-4 … SK-7).

Each slice declares its own invariants to the registry; these check that the slices agree
with each other, which no single slice can see.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamefold.combat import CombatState
from gamefold.games.skirmish.state import SkirmishSlices, SkirmishState
from gamefold.skills import GM, SkillsState, owner_of

__all__ = [
    "CROSS_INVARIANTS",
    "damage_balances",
    "held_only_in_a_window",
    "same_units_in_both_slices",
    "violations",
]


def same_units_in_both_slices(game: SkirmishSlices) -> Iterator[str]:
    """A character stands in the fight iff it lives; the GM's units are the standing enemies."""
    fight: CombatState = game.combat
    deck: SkillsState = game.skills
    for c in fight.combatants:
        standing = c.hp > 0
        if c.id in deck.seats and c.id != GM:  # a player's character, on either side
            alive = owner_of(deck, c.id).alive
            if alive != standing:
                yield f"{c.id}: standing={standing} in the fight but alive={alive} in the deck"
        elif (c.id in deck.gm_units) != standing:
            yield f"{c.id}: standing={standing} in the fight, but not so among the GM's units"


def held_only_in_a_window(game: SkirmishSlices) -> Iterator[str]:
    """A held declaration waits exactly while its target's player's window is open (SK-4,
    SK-18: the GM's for a GM unit)."""
    deck: SkillsState = game.skills
    held = game.skirmish.held
    windows = deck.reacting
    if held is None and windows:
        yield f"reaction windows {windows} are open with no declaration held"
    reactor = None if held is None else (GM if held.target in deck.gm_units else held.target)
    if held is not None and (windows != (reactor,) or deck.active != held.unit):
        yield f"{held} is held but the windows are {windows} and {deck.active} is active"


def damage_balances(game: SkirmishSlices) -> Iterator[str]:
    """What was dealt was taken (SK-5), and the GM's units dealt only what players took and
    took only what players dealt. (A player on the enemies' side, ``enemy_players``, deals
    to and takes from the party's players, so the players' tallies alone need not match the
    GM's.)"""
    state: SkirmishState = game.skirmish
    gm = state.tallies[-1]
    party = state.tallies[:-1]
    dealt = sum(t.damage_dealt for t in party)
    taken = sum(t.damage_taken for t in party)
    if dealt + gm.damage_dealt != taken + gm.damage_taken:
        yield "more or less damage was dealt than taken"
    if gm.damage_taken > dealt:
        yield "the enemies took more damage than the players dealt"
    if gm.damage_dealt > taken:
        yield "the enemies dealt more damage than the players took"


CROSS_INVARIANTS = (
    same_units_in_both_slices,
    held_only_in_a_window,
    damage_balances,
)
"""Every cross-slice invariant, in the order :func:`violations` runs them."""


def violations(game: SkirmishSlices) -> tuple[str, ...]:
    """Every violated cross-slice invariant of ``game``, one sentence each."""
    return tuple(problem for check in CROSS_INVARIANTS for problem in check(game))
