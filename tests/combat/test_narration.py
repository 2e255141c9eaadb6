"""EN-7: every combat event reads as a sentence, and each event type as its exact one."""

from __future__ import annotations

import pytest

from gamefold import Event, Rng
from gamefold.combat import (
    EVENTS,
    AbilityResolved,
    Carry,
    CombatantFell,
    CombatantWithdrawn,
    CombatEnded,
    Condition,
    ConditionApplied,
    ConditionEnded,
    DamageDealt,
    DamagePrevented,
    Declared,
    Empowered,
    Ending,
    ExchangeRevealed,
    Fled,
    Hand,
    Healed,
    LostItem,
    Moved,
    Outcome,
    Pair,
    PairingsAssigned,
    PairingsDissolved,
    RetreatDeclared,
    RetreatFailed,
    Side,
    StressGained,
    Warded,
    WardsLapsed,
    Zone,
    describe,
    step,
)
from gamefold.core import StartRound
from gamefold.testing.combat import random_action

from .support import duel


def test_en7_describe_gives_one_sentence_per_event() -> None:
    """EN-7: a sentence for each event random play produces; repr for foreign events."""
    seen: set[type] = set()
    for seed in range(30):
        state, rng = duel(seed=seed), Rng.from_seed(seed)
        while state.ending is None:
            action, rng = random_action(state, rng)
            assert action is not None
            state, events = step(state, action)
            for event in events:
                seen.add(type(event))
                text = describe(event)
                assert text.endswith(".")
                assert not text.startswith(type(event).__name__)
    assert seen <= set(EVENTS)
    assert StressGained in seen
    assert describe(StartRound()) == repr(StartRound())  # type: ignore[arg-type]


_HIT = AbilityResolved("hero", "Attack", Hand.ROCK, "orc", Outcome.WIN, True, 3, 0, 0)
_SENTENCES: list[tuple[Event, str]] = [
    (
        PairingsAssigned(Side.PARTY, (Pair("a", "x"), Pair("b", "y"))),
        "The party pair up: a vs x, b vs y.",
    ),
    (PairingsDissolved(), "Forward changed: the pairings are dissolved."),
    (Declared("a", "Attack", Hand.ROCK, "x", 0), "a declares (hidden from the other side)."),
    (RetreatDeclared("a", None, ()), "a agrees to retreat (hidden from the enemies)."),
    (ExchangeRevealed(3), "Exchange 3: declarations revealed."),
    (RetreatFailed("dire", ("a", "b")), "The retreat of a, b fails (dire)."),
    (RetreatFailed("not agreed", ()), "The retreat of nobody fails (not agreed)."),
    (Fled(("a",), (), (), ()), "The party flees; escaped: a."),
    (
        Fled(("a", "b"), (Carry("a", "c"),), ("d",), (LostItem("a", "rope"), LostItem("b", "ax"))),
        "The party flees; escaped: a, b; a drags c along; left behind: d; lost: a's rope, b's ax.",
    ),
    (Fled((), (), ("a",), ()), "The party flees; escaped: nobody; left behind: a."),
    (
        Fled(("a", "b"), (Carry("a", "c"), Carry("b", "d")), (), ()),
        "The party flees; escaped: a, b; a drags c along; b drags d along.",
    ),
    (StressGained("a", 4, 6), "a gains 4 Stress (now 6)."),
    (_HIT, "hero's Attack (rock) at orc: a win, 3 damage."),
    (
        AbilityResolved("orc", "Brace", None, "orc", Outcome.TIE, False, 0, 0, 0),
        "orc's Brace at orc: a tie, uncontested, 0 damage.",
    ),
    (DamageDealt("orc", 3, 7), "orc takes 3 damage, 7 hit points left."),
    (CombatantFell("orc"), "orc falls."),
    (
        ConditionApplied("a", Condition.STONED, 1),
        "a is stoned for this Round and 1 more.",
    ),
    (ConditionEnded("a", Condition.DULLED), "a is no longer dulled."),
    (CombatantWithdrawn("a", "trap"), "a is taken out of the fight (trap)."),
    (CombatEnded(Ending.ENEMIES_WON), "The fight is over: enemies-won."),
    (Warded("a", 2, 5), "a raises a shield of 2 (5 in all this Round)."),
    (DamagePrevented("a", 2), "a's shield stops 2 damage."),
    (WardsLapsed(), "Unused shields fade."),
    (Moved("a", Zone.FORWARD, Zone.REARWARD), "a moves from forward to rearward."),
    (Empowered("a", 2, 3), "a's next blow deals 2 more (3 in all)."),
    (Healed("a", 1, 10), "a heals 1 (10 hit points)."),
]


@pytest.mark.parametrize(("event", "sentence"), _SENTENCES)
def test_en7_each_combat_event_reads_as_its_exact_sentence(event: Event, sentence: str) -> None:
    """EN-7: the exact sentence a reader sees for each combat event type, with the optional
    parts (a hand, an uncontested blow, carried, left behind and lost) present and absent."""
    assert describe(event) == sentence


def test_en7_every_combat_event_type_has_a_pinned_sentence() -> None:
    """EN-7: no event type of the subsystem goes without its sentence above."""
    assert {type(event) for event, _ in _SENTENCES} == set(EVENTS)
