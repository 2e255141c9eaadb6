"""The rules each summit event attests, for rule coverage (EN-7; SM-2 … SM-14)."""

from __future__ import annotations

import pytest

from gamefold.diplomacy import PactBroken, PactExtended, PactRevealed
from gamefold.games.summit import (
    EffectFizzled,
    GameOver,
    Passed,
    ProposalDeferred,
    RoundBegan,
    RoundEnded,
)
from gamefold.games.summit.account import EVENT_RULES
from gamefold.territory import (
    BattleFought,
    Deployed,
    Fortified,
    TerritoryTaken,
    TrapLaid,
    TrapSprung,
    TroopDeployed,
    TroopsGained,
    TruceBegan,
    TruceEnded,
)


def _rules(event: object) -> tuple[str, ...]:
    return EVENT_RULES[type(event)](event)


@pytest.mark.parametrize(
    ("cause", "rules"),
    [
        ("attack", ("SM-2", "SM-6", "TR-5")),
        ("transfer", ("SM-7",)),
        ("siege", ("SM-8",)),
        ("forced march", ("SM-8",)),
    ],
)
def test_sm2_sm6_sm7_sm8_a_territory_taken_attests_the_rule_of_its_cause(
    cause: str, rules: tuple[str, ...]
) -> None:
    assert _rules(TerritoryTaken("p1", "Forge", "", cause)) == rules


@pytest.mark.parametrize(
    ("source", "rules"),
    [
        ("Troops T2", ("SM-5",)),
        ("Ceasefire T1", ("SM-7",)),
        ("Territory Transfer T1", ("SM-7",)),
        ("Covert Support T2", ("SM-7",)),
        ("Manufacturing Partnership T1", ("SM-7",)),
        ("Foreign Aid T2", ("SM-8",)),
    ],
)
def test_sm5_sm7_sm8_troops_gained_attest_the_rule_of_their_card(
    source: str, rules: tuple[str, ...]
) -> None:
    assert _rules(TroopsGained("p1", 3, source, 3)) == rules


def test_sm7_sm8_a_truce_ended_by_betrayal_attests_sm8_else_sm7() -> None:
    assert _rules(TruceEnded(0, "betrayed")) == ("SM-8",)
    assert _rules(TruceEnded(0, "ended")) == ("SM-7",)


@pytest.mark.parametrize(
    ("event", "rules"),
    [
        (TruceBegan(0, "p1", "p2"), ("SM-7",)),
        (RoundBegan(1), ("SM-1",)),
        (RoundEnded(1), ("SM-1",)),
        (Passed("p1"), ("SM-9",)),
        (ProposalDeferred("p1", 0), ("SM-9",)),
        (GameOver("rounds", 12), ("DP-14", "SM-10", "SM-11")),
        (Fortified("p1", "Docks", 1), ("SM-8",)),
        (EffectFizzled("p1", "Siege T1", "no territory to besiege"), ("SM-8",)),
        (Deployed("p1", 3, 0, 3), ("SM-3", "SM-4")),
        (TroopDeployed("p1", "Docks", 2), ("SM-4", "TR-3")),
        (TrapSprung("p1", "Docks", 2), ("SM-13", "TR-7")),
        (TrapLaid("p1", "Docks", 2), ("SM-13",)),
        (PactBroken(5, "Ceasefire T1", "p1", "p2", "p1"), ("DP-9", "SM-8")),
        (PactExtended(5, 4), ("DP-8", "SM-14")),
        (PactRevealed(5), ("DP-9", "SM-7")),
    ],
)
def test_en7_each_fixed_attribution(event: object, rules: tuple[str, ...]) -> None:
    assert _rules(event) == rules


def test_sm6_a_battle_attests_sm6_whatever_its_figures() -> None:
    """SM-6, and the territory's TR-4 (the attack), TR-5 (the battle) and TR-8 (its draws
    bounded)."""
    assert EVENT_RULES[BattleFought](None) == ("SM-6", "TR-4", "TR-5", "TR-8")
