"""The config and the roster: defaults, and a ConfigError naming field and rule when wrong."""

from __future__ import annotations

from typing import Any

import pytest

from gamefold import ConfigError, Rng
from gamefold.combat import (
    ATTACK,
    DEFEND,
    SEED_BEATS,
    Ability,
    CombatConfig,
    Condition,
    Fighter,
    Inflict,
    Item,
    Outcome,
    Side,
    Stance,
    initial_state,
)

from .support import foe, hero


def test_defaults_follow_the_seed_and_our_documented_choices() -> None:
    """CB-1, CB-5, CB-8 … CB-15: every default in one place."""
    config = CombatConfig()
    assert config.beats == SEED_BEATS
    assert config.abilities == (ATTACK, DEFEND)
    assert config.basic == ("Attack", "Defend")
    assert (config.max_hp, config.uncontested, config.pairing_tiebreak) == (
        10,
        Outcome.WIN,
        Side.PARTY,
    )
    assert (config.condition_rounds, config.body_slots) == (1, 6)
    assert (config.stress_dice, config.stress_sides, config.dire) == (2, 3, "never")
    assert config.inventory_slots == 10


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("max_hp", 0, "CB-11"),
        ("max_hp", True, "CB-11"),
        ("uncontested", "win", "CB-10"),
        ("pairing_tiebreak", "party", "CB-5"),
        ("condition_rounds", -1, "CB-12"),
        ("body_slots", -1, "CB-15"),
        ("inventory_slots", 2.5, "CB-15"),
        ("stress_dice", -1, "CB-14"),
        ("stress_sides", 0, "CB-14"),
        ("dire", "sometimes", "CB-13"),
        ("basic", ("Attack", "Kick"), "CB-8"),
        ("abilities", (ATTACK, ATTACK), "CB-8"),
        ("abilities", [ATTACK, DEFEND], "CB-8"),
    ],
)
def test_a_wrong_field_is_a_config_error(field: str, value: Any, rule: str) -> None:
    """EN-4: a config that cannot describe a fight fails when built, naming field and rule."""
    with pytest.raises(ConfigError) as info:
        CombatConfig(**{field: value})
    assert (info.value.field, info.value.rule) == (field, rule)


@pytest.mark.parametrize(
    "fields",
    [
        {"name": ""},
        {"stance": "offensive"},
        {"hands": ("rock",)},
        {"hands": (Condition.STONED.forbids, Condition.STONED.forbids)},
        {"zone": "forward"},
        {"damage_win": -1},
        {"cost": 1.5},
        {"inflicts": (Condition.STONED,)},
    ],
)
def test_a_wrong_ability_is_a_config_error(fields: dict[str, Any]) -> None:
    """CB-10: an ability's data is validated when it is built."""
    with pytest.raises(ConfigError):
        Ability(**{"name": "X", "stance": Stance.OFFENSIVE, **fields})


def test_a_wrong_inflict_is_a_config_error() -> None:
    """CB-12: a condition lasts 0 full Rounds or more (0: to the end of its Round)."""
    assert Inflict(condition=Condition.STONED, rounds=0).rounds == 0
    with pytest.raises(ConfigError):
        Inflict(condition=Condition.STONED, rounds=-1)


@pytest.mark.parametrize(
    "roster",
    [
        [hero("a"), hero("a"), foe("x")],
        [hero("a"), hero("b")],
        [hero("party"), foe("x")],
        [hero(""), foe("x")],
        [hero("a", max_hp=0), foe("x")],
        [hero("a", stress=-1), foe("x")],
        [hero("a", abilities=("Kick",)), foe("x")],
        [hero("a", abilities=("Attack",)), foe("x")],
        [hero("a", slots=2, items=(Item("shield", 3),)), foe("x")],
        [hero("a", items=(Item("rope"), Item("rope"))), foe("x")],
        [hero("a", items=(Item("rope", -1),)), foe("x")],
        [hero("a"), "x"],
    ],
)
def test_a_roster_that_cannot_fight_is_a_config_error(roster: list[Any]) -> None:
    """EN-4, CB-10: ids unique and not a side's name, both sides present, items fit."""
    with pytest.raises(ConfigError) as info:
        initial_state(CombatConfig(), roster)
    assert info.value.field == "combatants"


def test_the_seed_gives_the_combat_stream() -> None:
    """EN-3: an int or str seed is split as "combat"; an Rng is used as is."""
    roster = [hero("a"), foe("x")]
    assert initial_state(CombatConfig(), roster, seed=7).rng == Rng.from_seed(7).split("combat")
    assert initial_state(CombatConfig(), roster, seed="s").rng == Rng.from_seed("s").split("combat")
    assert initial_state(CombatConfig(), roster, seed=Rng(5)).rng == Rng(5)
    with pytest.raises(TypeError):
        initial_state(None, roster)  # type: ignore[arg-type]


def test_a_fighter_enters_at_full_hit_points_with_the_config_slots() -> None:
    """CB-11: hp = max_hp at the start; slots default to inventory_slots."""
    state = initial_state(CombatConfig(inventory_slots=4), [Fighter("a", Side.PARTY), foe("x")])
    a = state.combatants[0]
    assert (a.hp, a.max_hp, a.slots, a.free_slots) == (10, 10, 4, 4)
