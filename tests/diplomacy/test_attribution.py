"""The DP rules each diplomacy event attests (rule coverage, EN-7).

``gamefold coverage`` counts a rule as exercised when an event attests it: these tests pin
what every diplomacy event type attests, run at test time (the table's entries are functions
called per event, not values fixed at import).
"""

from __future__ import annotations

import pytest

from gamefold.diplomacy import EVENT_RULES, EVENTS, SETUP_RULES, Counter, TicksGained

EXPECTED = {
    "ProposalMade": ("DP-9", "DP-10"),
    "ProposalAccepted": ("DP-1", "DP-9"),
    "ProposalDeclined": ("DP-9",),
    "ProposalExpired": ("DP-9",),
    "PactBegan": ("DP-8", "DP-9"),
    "PactCountedDown": ("DP-8",),
    "PactEnded": ("DP-8",),
    "PactBroken": ("DP-9",),
    "PactExtended": ("DP-8",),
    "PactRevealed": ("DP-9",),
    "TurnBegan": (),
    "TurnEnded": ("DP-12",),
    "DrawFailed": ("DP-1",),
    "StandalonePlayed": ("DP-1", "DP-12"),
    "StandaloneResolved": ("DP-12",),
    "CardEarned": ("DP-1", "DP-6", "DP-7"),
    "CardDestroyed": ("DP-1", "DP-13"),
    "CardForfeited": ("DP-13",),
    "CardDiscarded": ("DP-1",),
    "SelfApplied": ("DP-11",),
    "DeployDebtDue": ("DP-11",),
}


def test_en7_every_diplomacy_event_type_has_an_attribution() -> None:
    """EN-7: coverage can attribute every event the subsystem reports."""
    assert set(EVENT_RULES) == set(EVENTS)


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_en7_each_event_attests_its_dp_rules_whatever_its_fields(kind: str) -> None:
    """EN-7: a proposal's life attests DP-9 (DP-10 for its locked cards), a pact's DP-8, a
    card earned or returned the closed pool (DP-1), a hand-limit loss DP-13."""
    attribute = next(f for t, f in EVENT_RULES.items() if t.__name__ == kind)
    assert attribute(object()) == EXPECTED[kind]


@pytest.mark.parametrize("counter", list(Counter))
def test_dp4_dp5_ticks_attest_territories_for_random_and_bonus_zones_for_the_others(
    counter: Counter,
) -> None:
    """DP-3 always; DP-4 for the Random counter (fed by territories), DP-5 for the counters
    bonus zones feed."""
    rules = EVENT_RULES[TicksGained](TicksGained("p1", counter, 2))
    assert rules == (("DP-3", "DP-4") if counter is Counter.RANDOM else ("DP-3", "DP-5"))


def test_dp2_dp3_a_new_table_attests_the_opening_cards_and_counters() -> None:
    """DP-2 (opening troop cards) and DP-3 (the four counters at zero)."""
    assert SETUP_RULES == ("DP-2", "DP-3")
