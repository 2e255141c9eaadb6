"""CombatConfig's, Ability's and Inflict's refusals as a user reads them (CB-1 … CB-15).

A bad config raises :class:`~gamefold.ConfigError` naming the field, the rule and, in a
sentence, what is allowed and what came; the ends of every range are accepted.
"""

from __future__ import annotations

import pytest

from gamefold import ConfigError
from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    CombatConfig,
    Condition,
    Fighter,
    Hand,
    Inflict,
    Item,
    Outcome,
    Side,
    Stance,
    Zone,
    initial_state,
)

ROCK, PAPER, SCISSORS = Hand.ROCK, Hand.PAPER, Hand.SCISSORS
MAX_COUNT = 1_000
MAX_STRESS_DICE = 20  # EN-8, CB-14: a Flee rolls one die at a time
"""The documented cap on every combat count (EN-8); hit points may be a thousand times more."""


def _refusal(make: object) -> tuple[str, str, str]:
    with pytest.raises(ConfigError) as caught:
        make()  # type: ignore[operator]
    return caught.value.field, caught.value.rule, str(caught.value.args[0])


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        (
            {"beats": ()},
            ("beats", "CB-1", "exactly one of rock and paper must beat the other"),
        ),
        (
            {"beats": ((ROCK, PAPER), (PAPER, SCISSORS), (SCISSORS, ROCK), (PAPER, ROCK))},
            ("beats", "CB-1", "exactly one of rock and paper must beat the other"),
        ),
        (
            {"beats": ((ROCK, PAPER), (PAPER, SCISSORS))},
            ("beats", "CB-1", "exactly one of rock and scissors must beat the other"),
        ),
        (
            {"beats": ((ROCK, PAPER), (ROCK, PAPER), (PAPER, SCISSORS), (SCISSORS, ROCK))},
            ("beats", "CB-1", "beats lists a pair twice"),
        ),
        (
            {"beats": ((ROCK, ROCK), (PAPER, SCISSORS), (SCISSORS, ROCK))},
            ("beats", "CB-1", "a Hand cannot beat itself: equal Hands tie (CB-2)"),
        ),
        (
            {"beats": (("rock", "paper"),)},
            ("beats", "CB-1", "beats must be a tuple of (winner, loser) pairs of Hands"),
        ),
        (
            {"beats": ((ROCK, PAPER, SCISSORS),)},
            ("beats", "CB-1", "beats must be a tuple of (winner, loser) pairs of Hands"),
        ),
        (
            {"abilities": [ATTACK, DEFEND]},
            ("abilities", "CB-8", "abilities must be a tuple of Ability records"),
        ),
        (
            {"abilities": (ATTACK, "Defend")},
            ("abilities", "CB-8", "abilities must be a tuple of Ability records"),
        ),
        (
            {"abilities": (ATTACK, ATTACK, DEFEND)},
            ("abilities", "CB-8", "two abilities share a name"),
        ),
        ({"basic": ["Attack"]}, ("basic", "CB-8", "basic must be a tuple of ability names")),
        ({"basic": ("Attack", 3)}, ("basic", "CB-8", "basic must be a tuple of ability names")),
        (
            {"basic": ("Attack", "Jump", "Duck")},
            ("basic", "CB-8", "basic names unknown abilities ['Jump', 'Duck']"),
        ),
        (
            {"max_hp": 0},
            ("max_hp", "CB-11", "max_hp must be a whole number from 1 to 1000000, not 0"),
        ),
        (
            {"max_hp": MAX_COUNT * 1_000 + 1},
            ("max_hp", "CB-11", "max_hp must be a whole number from 1 to 1000000, not 1000001"),
        ),
        ({"uncontested": "win"}, ("uncontested", "CB-10", "uncontested must be an Outcome")),
        (
            {"pairing_tiebreak": "party"},
            ("pairing_tiebreak", "CB-5", "pairing_tiebreak must be a Side"),
        ),
        (
            {"condition_rounds": -1},
            (
                "condition_rounds",
                "CB-12",
                "condition_rounds must be a whole number from 0 to 1000, not -1",
            ),
        ),
        (
            {"body_slots": -1},
            ("body_slots", "CB-15", "body_slots must be a whole number from 0 to 1000, not -1"),
        ),
        (
            {"inventory_slots": True},
            (
                "inventory_slots",
                "CB-15",
                "inventory_slots must be a whole number from 0 to 1000, not True",
            ),
        ),
        (
            {"stress_dice": 21},
            ("stress_dice", "CB-14", "stress_dice must be a whole number from 0 to 20, not 21"),
        ),
        (
            {"stress_sides": 0},
            ("stress_sides", "CB-14", "stress_sides must be a whole number from 1 to 1000, not 0"),
        ),
        (
            {"dire": "panic"},
            (
                "dire",
                "CB-13",
                "unknown dire policy 'panic'; known: ('always', 'never', 'outnumbered')",
            ),
        ),
    ],
)
def test_a_bad_combat_config_names_field_rule_and_problem(
    changes: dict[str, object], expected: tuple[str, str, str]
) -> None:
    """CB-1/CB-5/CB-8/CB-10 … CB-15: each bad field is refused in words."""
    assert _refusal(lambda: CombatConfig(**changes)) == expected


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"name": ""}, "an ability needs a non-empty name"),
        ({"stance": "offensive"}, "the stance must be a Stance"),
        ({"hands": [ROCK]}, "hands must be a tuple of Hands"),
        ({"hands": (ROCK, "paper")}, "hands must be a tuple of Hands"),
        ({"hands": (ROCK, ROCK)}, "hands lists a Hand twice"),
        ({"zone": "forward"}, "zone must be a Zone or None"),
        ({"damage_win": -1}, "damage and cost are whole numbers, 0 or more"),
        ({"damage_tie": -1}, "damage and cost are whole numbers, 0 or more"),
        ({"damage_loss": True}, "damage and cost are whole numbers, 0 or more"),
        ({"cost": 1.5}, "damage and cost are whole numbers, 0 or more"),
        (
            {"inflicts": [Inflict(condition=Condition.STONED)]},
            "inflicts must be a tuple of Inflict records",
        ),
        ({"inflicts": (Condition.STONED,)}, "inflicts must be a tuple of Inflict records"),
    ],
)
def test_cb10_a_bad_ability_is_named_with_its_problem(
    fields: dict[str, object], problem: str
) -> None:
    """CB-10: an ability's refusal names the ability and what is wrong with it."""
    given = {"name": "Jab", "stance": Stance.OFFENSIVE, **fields}
    name = given["name"]
    assert _refusal(lambda: Ability(**given)) == (
        "abilities",
        "CB-10",
        f"ability {name!r}: {problem}",
    )


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"condition": "stoned"}, "an Inflict names a Condition and an Outcome"),
        ({"on": "win"}, "an Inflict names a Condition and an Outcome"),
        ({"rounds": -1}, "a condition lasts 0 full Rounds or more, at most 1,000, not -1"),
        ({"rounds": True}, "a condition lasts 0 full Rounds or more, at most 1,000, not True"),
    ],
)
def test_cb12_a_bad_inflict_says_why(fields: dict[str, object], problem: str) -> None:
    """CB-12: an Inflict names a Condition, an Outcome and lasts at least one Round."""
    given = {"condition": Condition.STONED, **fields}
    assert _refusal(lambda: Inflict(**given)) == ("inflicts", "CB-12", problem)


def test_every_combat_range_bound_is_accepted() -> None:
    """CB-11 … CB-15: both ends of every range are allowed values."""
    low = CombatConfig(
        max_hp=1,
        condition_rounds=1,
        body_slots=0,
        inventory_slots=0,
        stress_dice=0,
        stress_sides=1,
        uncontested=Outcome.TIE,
    )
    high = CombatConfig(
        max_hp=MAX_COUNT * 1_000,
        condition_rounds=MAX_COUNT,
        body_slots=MAX_COUNT,
        inventory_slots=MAX_COUNT,
        stress_dice=MAX_STRESS_DICE,
        stress_sides=MAX_COUNT,
    )
    assert (low.max_hp, high.max_hp) == (1, MAX_COUNT * 1_000)
    assert Ability(name="Rest", stance=Stance.DEFENSIVE, hands=()).hands == ()
    assert Inflict(condition=Condition.STONED, rounds=1).rounds == 1


def _entry_refusal(*fighters: object) -> tuple[str, str, str]:
    with pytest.raises(ConfigError) as caught:
        initial_state(CombatConfig(), fighters, seed=1)  # type: ignore[arg-type]
    return caught.value.field, caught.value.rule, str(caught.value.args[0])


@pytest.mark.parametrize(
    ("entry", "sentence"),
    [
        ("hero", "combatants are Fighter entries, not 'hero'"),
        (
            Fighter("enemies", Side.PARTY, Zone.FORWARD),
            "a combatant id is a non-empty string other than a side's name, not 'enemies'",
        ),
        (
            Fighter("party", Side.PARTY, Zone.FORWARD),
            "a combatant id is a non-empty string other than a side's name, not 'party'",
        ),
        (
            Fighter("", Side.PARTY, Zone.FORWARD),
            "a combatant id is a non-empty string other than a side's name, not ''",
        ),
        (Fighter("a", "party", Zone.FORWARD), "a: side must be a Side and zone a Zone"),
        (Fighter("a", Side.PARTY, "forward"), "a: side must be a Side and zone a Zone"),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, max_hp=0),
            "a: max_hp is at least 1 and stress at least 0",
        ),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, stress=-1),
            "a: max_hp is at least 1 and stress at least 0",
        ),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, abilities=("Fly",)),
            "a: abilities must name abilities of the config's catalogue",
        ),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, abilities=("Attack",)),
            "a: its own abilities repeat a name or a basic ability",
        ),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, items=[Item("rope")]),
            "a: items must be a tuple of Item records",
        ),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, items=(Item("rope"), Item("rope"))),
            "a: item names must differ and slots be 0 or more",
        ),
        (
            Fighter("a", Side.PARTY, Zone.FORWARD, slots=2, items=(Item("rope", 3),)),
            "a: its items need more than its 2 slots",
        ),
    ],
)
def test_en4_a_bad_fighter_entry_is_refused_in_words(entry: object, sentence: str) -> None:
    """EN-4: each bad Fighter entry names the fighter (when it has an id) and the problem."""
    assert _entry_refusal(entry, Fighter("x", Side.ENEMIES, Zone.FORWARD)) == (
        "combatants",
        "EN-4",
        sentence,
    )


def test_en4_cb10_a_fight_needs_distinct_ids_and_both_sides() -> None:
    """EN-4: ids are unique; CB-10: a fight has the party and the enemies."""
    party = Fighter("a", Side.PARTY, Zone.FORWARD)
    assert _entry_refusal(party, Fighter("a", Side.ENEMIES, Zone.FORWARD)) == (
        "combatants",
        "EN-4",
        "combatant ids must be unique",
    )
    assert _entry_refusal(party) == (
        "combatants",
        "CB-10",
        "a fight needs the party and the enemies",
    )


def test_en4_a_fight_needs_a_combat_config_and_says_what_came() -> None:
    """EN-4: initial_state refuses anything but a CombatConfig, naming the type it got."""
    fighters = (Fighter("a", Side.PARTY, Zone.FORWARD), Fighter("x", Side.ENEMIES, Zone.FORWARD))
    with pytest.raises(TypeError) as raised:
        initial_state({"hands": 3}, fighters)  # type: ignore[arg-type]
    assert str(raised.value) == "initial_state needs a CombatConfig, not dict"


def test_en3_a_fight_without_a_seed_uses_seed_0() -> None:
    """EN-3: the default seed is 0, so two fights built without one replay alike."""
    fighters = (Fighter("a", Side.PARTY, Zone.FORWARD), Fighter("x", Side.ENEMIES, Zone.FORWARD))
    config = CombatConfig()
    assert initial_state(config, fighters) == initial_state(config, fighters, 0)
    assert initial_state(config, fighters) != initial_state(config, fighters, 1)
