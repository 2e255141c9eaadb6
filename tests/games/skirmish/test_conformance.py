"""EN-2 … EN-8 through gamefold.testing: conformance and the ready-made state machine."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.skills import SkillsConfig
from gamefold.skills.catalogue import DEFAULT_DECK
from gamefold.testing import conformance, game_machine

SHORT_DECKS = SkillsConfig(deck_size=6, hand_limit=3, exhaust_on_recycle=2, deck=DEFAULT_DECK[:3])
"""Six-card decks of Strike, Parry and Focus: deaths of fatal exhaustion come quickly."""


def test_conformance_of_the_default_game() -> None:
    """Random games to their end: invariants, check() of every played action, pickle and
    JSON of every state, and replay of every record."""
    report = conformance(Skirmish(), games=6, steps=700)
    assert report.games == 6
    assert report.finished >= 5
    assert report.replays == 6


def test_conformance_with_short_decks_where_characters_die_of_exhaustion() -> None:
    """The same with six-card decks (SD-5, SD-6, SK-6) and a party of two."""
    report = conformance(Skirmish(SkirmishConfig(party_size=2, skills=SHORT_DECKS)), games=6)
    assert report.finished == 6


MACHINE_SETTINGS = settings(
    max_examples=15,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

TestDefaultMachine = game_machine(Skirmish()).TestCase
TestDefaultMachine.settings = MACHINE_SETTINGS

TestShortDecksMachine = game_machine(
    Skirmish(SkirmishConfig(party_size=2, skills=SHORT_DECKS))
).TestCase
TestShortDecksMachine.settings = MACHINE_SETTINGS
