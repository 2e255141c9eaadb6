"""The sentence a reader sees for each skill-deck event (EN-7): one exact line per event type.

A host game prints these lines in its log; a changed word is a changed log, so each event
type's sentence is pinned here, with the singular and plural forms and the empty cases.
"""

from __future__ import annotations

import pytest

from gamefold import Event
from gamefold.skills import (
    EVENTS,
    ActivationEnded,
    ActivationStarted,
    CardBurned,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    CardsExhausted,
    CharacterDied,
    CostPaid,
    DeckRecycled,
    DrawFellShort,
    Effect,
    FatigueGained,
    HandLimitChanged,
    HandTrimmed,
    Modifier,
    ModifiersReset,
    ReactionWindowClosed,
    ReactionWindowOpened,
    RoundEnded,
    RoundStarted,
    UnitDefeated,
    UnitsFielded,
    describe,
)
from gamefold.skills.config import GM
from gamefold.skills.narration import EVENT_RULES
from gamefold.skills.zones import FATAL_EXHAUSTION

_BOOSTS = (Modifier("Might", 2), Modifier("Wits", -1))

SENTENCES: list[tuple[Event, str]] = [
    (RoundStarted(2), "Round 2 begins: everyone refills."),
    (RoundEnded(2), "Round 2 ends."),
    (ActivationStarted("ana", "ana"), "ana activates."),
    (ActivationEnded("orc", "gm"), "orc ends its activation."),
    (ModifiersReset("ana", _BOOSTS), "ana's Burn modifiers reset (Might +2, Wits -1)."),
    (ModifiersReset("ana", ()), "ana's Burn modifiers reset (nothing)."),
    (UnitDefeated("orc"), "orc is out of the Round."),
    (CardPlayed("ana", 7, "Strike", Effect("strike")), "ana plays Strike (card 7)."),
    (
        CardBurned("bo", 3, "Focus", (Modifier("Might", 1),), False),
        "bo burns Focus (card 3) for Might +1.",
    ),
    (CardDiscarded("bo", 4), "bo discards card 4."),
    (CostPaid("ana", "Cleave", (1,)), "ana pays 1 card for Cleave."),
    (CostPaid("ana", "Cleave", (1, 2)), "ana pays 2 cards for Cleave."),
    (ReactionWindowOpened("bo"), "bo may react."),
    (ReactionWindowClosed("bo"), "bo is done reacting."),
    (HandLimitChanged("ana", 5, 6), "ana's hand limit goes from 5 to 6."),
    (HandTrimmed("ana", (1, 2)), "ana discards 2 card(s) above the new limit."),
    (CardsDrawn("ana", (5,)), "ana draws 1 card."),
    (CardsDrawn("ana", (5, 6, 7)), "ana draws 3 cards."),
    (CardsDrawn("ana", ()), "ana draws 0 cards."),
    (DeckRecycled("bo", 9, False), "bo reshuffles the discard pile (9 cards)."),
    (FatigueGained("bo", 1, 3), "bo gains 1 Fatigue (3 in all)."),
    (CardsExhausted("bo", (2,)), "bo loses 1 card to Exhaustion."),
    (DrawFellShort("bo", 2), "bo cannot draw 2 more."),
    (CharacterDied("bo", "fatigue"), "bo dies (fatigue)."),
    (UnitsFielded(("wolf", "bear"), ("orc",)), "The GM fields wolf, bear."),
    (UnitsFielded((), ("orc",)), "The GM fields no unit."),
]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES)
def test_en7_each_skill_deck_event_reads_as_its_exact_sentence(event: Event, sentence: str) -> None:
    """EN-7: the exact line a reader sees for the event, counts and modifiers included."""
    assert describe(event) == sentence


def test_en7_every_skill_deck_event_type_has_a_pinned_sentence() -> None:
    """EN-7: no event type of the subsystem goes without its sentence above."""
    assert {type(event) for event, _ in SENTENCES} == set(EVENTS)


def test_en7_an_event_of_another_kind_reads_as_its_repr() -> None:
    """EN-7: describe never fails on a foreign event; it shows the record itself."""
    foreign = Event()
    assert describe(foreign) == repr(foreign)


@pytest.mark.parametrize(
    ("event", "rules"),
    [
        (CardBurned("bo", 3, "Focus", (), True), ("SD-12",)),
        (CardBurned(GM, 3, "Focus", (), False), ("SD-12", "SD-7")),
        (DrawFellShort("bo", 1), ("SD-6",)),
        (DrawFellShort(GM, 1), ("SD-7",)),
        (CharacterDied("bo", FATAL_EXHAUSTION), ("SD-6",)),
        (CharacterDied("bo", "defeated"), ()),
        (CardsDrawn("bo", (1,)), ("SD-3",)),
        (CardsDrawn(GM, (1,)), ("SD-3", "SD-7")),
        (DeckRecycled("bo", 4, False), ("SD-5",)),
        (DeckRecycled(GM, 4, False), ("SD-5", "SD-7")),
        (RoundStarted(1), ("SD-3", "SD-13")),
    ],
)
def test_en7_each_skill_deck_event_attests_its_rules(event: Event, rules: tuple[str, ...]) -> None:
    """SD-3/SD-5/SD-6/SD-7/SD-12: the rules an event attests for rule coverage; the GM's
    draws, reshuffles and discarded Burns add SD-7, fatal exhaustion alone attests SD-6."""
    assert EVENT_RULES[type(event)](event) == rules
