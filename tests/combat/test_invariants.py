"""The invariants hold on fresh states and catch each kind of broken state."""

from __future__ import annotations

import pytest

from gamefold.combat import (
    Affliction,
    CombatState,
    Condition,
    Declaration,
    Ending,
    Item,
    RetreatPlan,
    violations,
)
from gamefold.combat import invariants as inv
from gamefold.core import replace

from .support import ROCK, duel


def broken(**changes: object) -> CombatState:
    """The duel with the orc's record changed."""
    state = duel()
    orc = replace(state.combatants[1], **changes)
    return replace(state, combatants=(state.combatants[0], orc))


def test_a_fresh_state_has_no_violation() -> None:
    """Every invariant holds at the start."""
    assert violations(duel()) == ()


@pytest.mark.parametrize(
    ("state", "invariant"),
    [
        (broken(hp=11), inv.hit_points_in_range),
        (broken(hp=-1), inv.hit_points_in_range),
        (broken(hp=0), inv.fallen_out_of_play),  # still in Forward, still paired
        (broken(zone=None), inv.fallen_out_of_play),
        (broken(id="hero"), inv.ids_unique),
        (
            broken(hp=0, zone=None, partner=None, retreat=RetreatPlan()),
            inv.choices_only_from_standing,
        ),
        (broken(retreat=RetreatPlan()), inv.choices_only_from_standing),
        (broken(declaration=Declaration("Attack", ROCK, "orc")), inv.choices_only_from_standing),
        (broken(partner="ghost"), inv.partners_mutual),
        (broken(conditions=(Affliction(Condition.STONED, 0),)), inv.conditions_well_formed),
        (broken(items=(Item("anvil", 11),)), inv.items_fit),
        (
            replace(
                duel(),
                ending=Ending.PARTY_WON,
                combatants=broken(declaration=Declaration("Attack", ROCK, "hero")).combatants,
            ),
            inv.nothing_pending_after_the_end,
        ),
    ],
)
def test_each_invariant_catches_its_violation(state: CombatState, invariant: object) -> None:
    """Each invariant can fail: it reports the state broken in its own way."""
    assert list(invariant(state))  # type: ignore[operator]
    assert violations(state)
