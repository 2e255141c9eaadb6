"""EN-7: the account's line for each of the skirmish's own events, and the subsystems' lines
for theirs."""

from __future__ import annotations

import pytest

from gamefold import combat, skills
from gamefold.combat import CombatEnded, Ending
from gamefold.core import Event
from gamefold.games.skirmish import (
    DeclarationHeld,
    DeclarationLapsed,
    Dodged,
    LeftTheFight,
    ShieldRaised,
    ShieldsDropped,
)
from gamefold.games.skirmish.account import describe
from gamefold.skills import CardPlayed, Effect


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (DeclarationHeld("orc", "ana"), "orc declares at ana, who may react first."),
        (DeclarationLapsed("orc", "ana"), "orc's declaration at ana lapses."),
        (ShieldsDropped(), "Unused shields fade."),
        (LeftTheFight("bo", "defeated"), "bo leaves the fight (defeated)."),
        (Dodged("ana", 1, 2, 4), "ana rolls 1 of 2 to dodge: a shield of 4."),
        (Dodged("ana", 2, 2, 0), "ana rolls 2 of 2 to dodge: no luck."),
        (ShieldRaised("ana", 2, 2), "ana raises a shield of 2 (2 in all this Round)."),
    ],
)
def test_en7_each_skirmish_event_has_its_sentence(event: Event, line: str) -> None:
    """EN-7: the skirmish's own events, word for word."""
    assert describe(event) == line


def test_en7_the_subsystems_events_are_told_by_their_own_lines() -> None:
    """EN-7: a skill-deck event by the deck's line, a combat event by combat's."""
    played = CardPlayed("ana", 3, "Strike", Effect("attack", {"damage": 2}))
    assert describe(played) == skills.describe(played)
    ended = CombatEnded(Ending.PARTY_WON)
    assert describe(ended) == combat.describe(ended)
