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


@pytest.mark.parametrize(
    ("state", "invariant", "sentences"),
    [
        (broken(hp=11), inv.hit_points_in_range, ["orc has 11 hit points, outside 0..10"]),
        (broken(hp=-1), inv.hit_points_in_range, ["orc has -1 hit points, outside 0..10"]),
        (broken(hp=0), inv.hit_points_in_range, []),
        (
            broken(hp=0),
            inv.fallen_out_of_play,
            ["orc has fallen but still stands in a zone or a pairing"],
        ),
        (
            broken(hp=0, partner=None),
            inv.fallen_out_of_play,
            ["orc has fallen but still stands in a zone or a pairing"],
        ),
        (
            broken(zone=None),
            inv.fallen_out_of_play,
            ["orc stands with 10 hit points but in no zone"],
        ),
        (
            broken(hp=0, zone=None, partner=None, ward=2),
            inv.fallen_out_of_play,
            ["orc has fallen but still carries a ward of 2"],
        ),
        (broken(hp=1, ward=2), inv.fallen_out_of_play, []),
        (broken(id="hero"), inv.ids_unique, ["combatant ids repeat: ['hero', 'hero']"]),
        (
            broken(hp=0, zone=None, partner=None, retreat=RetreatPlan()),
            inv.choices_only_from_standing,
            [
                "orc has fallen but has a pending choice",
                "orc agreed to retreat but is not in the party",
            ],
        ),
        (
            broken(hp=0, zone=None, partner=None, declaration=Declaration("Attack", ROCK, "hero")),
            inv.choices_only_from_standing,
            ["orc has fallen but has a pending choice"],
        ),
        (
            broken(declaration=Declaration("Attack", ROCK, "hero"), retreat=RetreatPlan()),
            inv.choices_only_from_standing,
            [
                "orc both declared and agreed to retreat",
                "orc agreed to retreat but is not in the party",
            ],
        ),
        (
            broken(declaration=Declaration("Attack", ROCK, "orc")),
            inv.choices_only_from_standing,
            ["orc declared against 'orc', not an enemy"],
        ),
        (
            broken(declaration=Declaration("Attack", ROCK, "ghost")),
            inv.choices_only_from_standing,
            ["orc declared against 'ghost', not an enemy"],
        ),
        (
            broken(declaration=Declaration("Attack", ROCK, "hero")),
            inv.choices_only_from_standing,
            [],
        ),
        (
            broken(partner="ghost"),
            inv.partners_mutual,
            [
                "hero is paired with 'orc', who is not paired back",
                "orc is paired with 'ghost', who is not paired back",
            ],
        ),
        (
            broken(conditions=(Affliction(Condition.STONED, 0),)),
            inv.conditions_well_formed,
            [f"orc has repeated or expired conditions {(Affliction(Condition.STONED, 0),)}"],
        ),
        (
            broken(conditions=(Affliction(Condition.STONED, 1), Affliction(Condition.STONED, 2))),
            inv.conditions_well_formed,
            [
                "orc has repeated or expired conditions "
                f"{(Affliction(Condition.STONED, 1), Affliction(Condition.STONED, 2))}"
            ],
        ),
        (broken(conditions=(Affliction(Condition.STONED, 1),)), inv.conditions_well_formed, []),
        (
            broken(items=(Item("anvil", 11),)),
            inv.items_fit,
            ["orc carries more than its slots, or has negative Stress"],
        ),
        (
            broken(stress=-1),
            inv.items_fit,
            ["orc carries more than its slots, or has negative Stress"],
        ),
        (
            replace(
                duel(),
                ending=Ending.PARTY_WON,
                combatants=broken(declaration=Declaration("Attack", ROCK, "hero")).combatants,
            ),
            inv.nothing_pending_after_the_end,
            ["the fight is over but choices are pending"],
        ),
        (
            replace(
                duel(), ending=Ending.PARTY_WON, combatants=broken(retreat=RetreatPlan()).combatants
            ),
            inv.nothing_pending_after_the_end,
            ["the fight is over but choices are pending"],
        ),
        (replace(duel(), ending=Ending.FLED), inv.nothing_pending_after_the_end, []),
        (
            replace(
                duel(),
                ending=Ending.FLED,
                combatants=(
                    replace(duel().combatants[0], hp=0, zone=None, partner=None),
                    replace(duel().combatants[1], partner=None),
                ),
            ),
            inv.nothing_pending_after_the_end,
            ["the party fled but nobody in it is standing"],
        ),
    ],
)
def test_each_invariant_says_what_is_broken(
    state: CombatState, invariant: object, sentences: list[str]
) -> None:
    """CB-5, CB-10, CB-11, CB-13, CB-15: the sentence names the combatant and the fault."""
    assert list(invariant(state)) == sentences  # type: ignore[operator]


def test_cb10_an_exchange_every_choice_of_which_is_in_waits_for_nobody() -> None:
    """An exchange nobody is left to wait for should have resolved: a stalled state."""
    stalled = replace(
        duel(),
        combatants=(
            replace(duel().combatants[0], declaration=Declaration("Attack", ROCK, "orc")),
            replace(duel().combatants[1], declaration=Declaration("Attack", ROCK, "hero")),
        ),
    )
    assert list(inv.no_stalled_exchange(stalled)) == [
        "choices are pending but the exchange waits for nobody, so it never resolves"
    ]
    assert list(inv.no_stalled_exchange(replace(stalled, ending=Ending.PARTY_WON))) == []
    assert list(inv.no_stalled_exchange(duel())) == []
    half = replace(duel(), combatants=(stalled.combatants[0], duel().combatants[1]))
    assert list(inv.no_stalled_exchange(half)) == []
    assert inv.INVARIANTS[-1] is inv.no_stalled_exchange
    assert violations(stalled) == (
        "choices are pending but the exchange waits for nobody, so it never resolves",
    )


def test_cb11_one_hit_point_is_standing() -> None:
    """CB-11: a combatant at 1 hit point stands: it may choose, must be in a zone, and a
    party member at 1 is enough to have fled."""
    hurt = broken(hp=1, declaration=Declaration("Attack", ROCK, "hero"))
    assert list(inv.choices_only_from_standing(hurt)) == []
    assert list(inv.fallen_out_of_play(broken(hp=1, zone=None))) == [
        "orc stands with 1 hit points but in no zone"
    ]
    state = duel()
    fled = replace(
        state,
        ending=Ending.FLED,
        combatants=(replace(state.combatants[0], hp=1, partner=None), state.combatants[1]),
    )
    assert list(inv.nothing_pending_after_the_end(fled)) == []


def test_cb5_every_pairing_is_checked_past_an_unpaired_combatant() -> None:
    state = duel()
    lone = replace(
        state,
        combatants=(
            replace(state.combatants[0], partner=None),
            replace(state.combatants[1], partner="ghost"),
        ),
    )
    assert list(inv.partners_mutual(lone)) == ["orc is paired with 'ghost', who is not paired back"]
