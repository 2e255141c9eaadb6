"""The sentence a reader sees for each diplomacy event (EN-7): one exact line per event type.

A host game prints these lines in its log; a changed word is a changed log, so each event
type's sentence is pinned here, with the singular and plural forms and the optional parts.
"""

from __future__ import annotations

import pytest

from gamefold import Event
from gamefold.diplomacy import DiplomacyConfig, describe
from gamefold.diplomacy.cards import Counter
from gamefold.diplomacy.hands import (
    CardDestroyed,
    CardDiscarded,
    CardEarned,
    CardForfeited,
    DeployDebtDue,
    SelfApplied,
)
from gamefold.diplomacy.narration import LINES
from gamefold.diplomacy.pacts import PactBroken, PactExtended, PactRevealed
from gamefold.diplomacy.proposals import (
    Pact,
    PactBegan,
    PactCountedDown,
    PactEnded,
    Proposal,
    ProposalAccepted,
    ProposalDeclined,
    ProposalExpired,
    ProposalMade,
)
from gamefold.diplomacy.standalone import Effect, StandalonePlayed, StandaloneResolved
from gamefold.diplomacy.ticks import DrawFailed, TicksGained
from gamefold.diplomacy.turns import TurnBegan, TurnEnded

CONFIG = DiplomacyConfig()
TROOPS = CONFIG.cards.index(next(c for c in CONFIG.cards if c.name == "Troops T1"))
CEASEFIRE = 0  # the catalogue opens with the Ceasefire T1 copies
SIEGE = Effect(card=90, name="Siege T1", subtype="Siege", tier=1, target="north")
TRAP = Effect(card=91, name="Trap T1", subtype="Trap", tier=1, target="")
PACT = Pact(1, "Ceasefire T1", "ann", "bob", ("Troops T1",), 3)

SENTENCES: list[tuple[Event, str]] = [
    (TurnBegan("ann", 4), "-- turn 4: ann --"),
    (TurnEnded("ann"), "ann ends their turn"),
    (TicksGained("ann", Counter.RANDOM, 4), "ann's random counter gains 1 tick"),
    (TicksGained("ann", Counter.VALUE, 3), "ann's value counter gains 0.75 ticks"),
    (TicksGained("bob", Counter.AGREEMENT, 8), "bob's agreement counter gains 2 ticks"),
    (TicksGained("bob", Counter.STANDALONE, 6), "bob's standalone counter gains 1.5 ticks"),
    (
        DrawFailed("ann", Counter.STANDALONE),
        "ann's standalone counter is due a card but the pool has none",
    ),
    (
        CardEarned("ann", Counter.VALUE, TROOPS),
        f"ann earns Troops T1 (#{TROOPS}) from the value counter",
    ),
    (CardDestroyed("ann", CEASEFIRE), "ann's hand is full: Ceasefire T1 (#0) destroyed"),
    (
        CardForfeited("ann", Counter.RANDOM, TROOPS),
        f"ann's hand is full and all locked: Troops T1 (#{TROOPS}) goes back",
    ),
    (CardDiscarded("bob", CEASEFIRE), "bob discards Ceasefire T1 (#0)"),
    (
        SelfApplied("bob", TROOPS, 3, 1),
        f"bob self-applies Troops T1 (#{TROOPS}): +3 troops, debt 1",
    ),
    (DeployDebtDue("bob", 2), "bob's deploy is reduced by 2"),
    (
        ProposalMade(Proposal(7, "ann", "bob", CEASEFIRE, (TROOPS, TROOPS + 1), 3)),
        f"ann proposes Ceasefire T1 (#0) to bob with Troops T1 (#{TROOPS}), "
        f"Troops T1 (#{TROOPS + 1}) (proposal 7)",
    ),
    (
        ProposalMade(Proposal(8, "ann", "cy", CEASEFIRE, (), 3)),
        "ann proposes Ceasefire T1 (#0) to cy with no values (proposal 8)",
    ),
    (ProposalAccepted(7, "bob"), "bob accepts proposal 7"),
    (ProposalDeclined(7, "ann", "bob"), "bob declines proposal 7"),
    (ProposalExpired(7, "ann", "bob"), "proposal 7 to bob expires"),
    (PactBegan(PACT), "pact 1: Ceasefire T1 between ann and bob for 3 turns"),
    (PactCountedDown(1, 1), "pact 1: 1 turn left"),
    (PactCountedDown(1, 2), "pact 1: 2 turns left"),
    (PactEnded(1, "Ceasefire T1", "ann", "bob"), "pact 1 (Ceasefire T1) ends"),
    (StandalonePlayed("cy", SIEGE), "cy plays Siege T1 at north, to resolve next turn"),
    (StandalonePlayed("cy", TRAP), "cy plays Trap T1, to resolve next turn"),
    (StandaloneResolved("cy", SIEGE), "cy's Siege T1 at north resolves"),
    (StandaloneResolved("cy", TRAP), "cy's Trap T1 resolves"),
    (PactBroken(1, "Ceasefire T1", "ann", "bob", "bob"), "bob breaks pact 1 (Ceasefire T1)"),
    (PactExtended(1, 4), "pact 1: extended, 4 turns left"),
    (PactRevealed(1), "the secret pact 1 comes to light"),
]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES)
def test_en7_each_diplomacy_event_reads_as_its_sentence(event: Event, sentence: str) -> None:
    """EN-7: the exact line a reader sees for the event, card names and numbers included."""
    assert describe(CONFIG, event) == sentence


def test_en7_every_diplomacy_event_type_has_a_pinned_sentence() -> None:
    """EN-7: no event type's line goes unpinned above."""
    assert {type(event) for event, _ in SENTENCES} == set(LINES)


def test_en7_an_event_of_another_kind_reads_as_its_repr() -> None:
    """EN-7: describe never fails on a foreign event; it shows the record itself."""
    foreign = Event()
    assert describe(CONFIG, foreign) == repr(foreign)
