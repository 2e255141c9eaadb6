"""SkillsConfig: the rules' numbers, their defaults and their ranges (SD-1 … SD-13)."""

from __future__ import annotations

import pickle

import pytest

from gamefold import ConfigError
from gamefold.record import from_json, to_json
from gamefold.skills import DEFAULT_DECK, Ability, CardDef, Effect, SkillsConfig, initial_state
from gamefold.skills.catalogue import REACTION


def test_defaults_are_the_rules_numbers() -> None:
    """SD-1, SD-2, SD-5, SD-6, SD-7, SD-13: the documented defaults."""
    config = SkillsConfig()
    assert config.deck_size == 30
    assert config.hand_limit == 5
    assert config.gm_deck_size == 30
    assert config.gm_hand_limit == 5
    assert config.exhaust_on_recycle == 1
    assert config.fatigue_on_recycle == 1
    assert config.lethal_draw_failure is True
    assert config.first_side == "players"


def test_sd1_default_deck_is_a_30_card_deck_of_data() -> None:
    """SD-1: the default deck definition gives 30 cards, each a data definition."""
    cards = SkillsConfig().card_list()
    assert len(cards) == 30
    assert all(isinstance(card, CardDef) for card in cards)
    assert {card.name for card in cards} == {card.name for card in DEFAULT_DECK}
    assert any(card.timing == REACTION for card in cards)
    assert all(isinstance(card.play, Effect) and card.play.name for card in cards)


def test_sd1_deck_list_repeats_to_the_deck_size() -> None:
    """SD-1: card j of a deck is deck[j % len(deck)]."""
    one = CardDef("One", Effect("x"))
    two = CardDef("Two", Effect("y"))
    config = SkillsConfig(deck_size=5, hand_limit=2, deck=(one, two))
    assert config.card_list() == (one, two, one, two, one)
    assert config.card_list(gm=True) == SkillsConfig().card_list()


@pytest.mark.parametrize(
    ("changes", "field", "rule"),
    [
        ({"deck_size": 0}, "deck_size", "SD-1"),
        ({"deck_size": -3}, "deck_size", "SD-1"),
        ({"deck_size": True}, "deck_size", "SD-1"),
        ({"deck_size": 4.0}, "deck_size", "SD-1"),
        ({"hand_limit": 0}, "hand_limit", "SD-2"),
        ({"hand_limit": 31}, "hand_limit", "SD-2"),
        ({"gm_deck_size": 0}, "gm_deck_size", "SD-7"),
        ({"gm_hand_limit": 0}, "gm_hand_limit", "SD-7"),
        ({"gm_deck_size": 4}, "gm_hand_limit", "SD-7"),
        ({"exhaust_on_recycle": -1}, "exhaust_on_recycle", "SD-5"),
        ({"exhaust_on_recycle": 31}, "exhaust_on_recycle", "SD-5"),
        ({"fatigue_on_recycle": -1}, "fatigue_on_recycle", "SD-5"),
        ({"lethal_draw_failure": 1}, "lethal_draw_failure", "SD-6"),
        ({"first_side": "both"}, "first_side", "SD-13"),
        ({"deck": ()}, "deck", "SD-1"),
        ({"deck": ("Strike",)}, "deck", "SD-1"),
        ({"gm_deck": ()}, "gm_deck", "SD-7"),
        ({"abilities": (Ability("a", 1), Ability("a", 2))}, "abilities", "SD-10"),
        ({"abilities": ["attack"]}, "abilities", "SD-10"),
    ],
)
def test_out_of_range_config_raises_config_error(
    changes: dict[str, object], field: str, rule: str
) -> None:
    """Every out-of-range value names its field and rule."""
    with pytest.raises(ConfigError) as caught:
        SkillsConfig(**changes)  # type: ignore[arg-type]
    assert (caught.value.field, caught.value.rule) == (field, rule)


def test_sd8_card_timing_must_be_activation_or_reaction() -> None:
    """SD-8: a card's timing is data with two values."""
    with pytest.raises(ConfigError) as caught:
        CardDef("Odd", Effect("x"), timing="whenever")
    assert (caught.value.field, caught.value.rule) == ("timing", "SD-8")


def test_sd1_card_needs_a_name() -> None:
    """SD-1: a card definition has a name."""
    with pytest.raises(ConfigError) as caught:
        CardDef("", Effect("x"))
    assert caught.value.rule == "SD-1"


@pytest.mark.parametrize("cost", [0, -1, True])
def test_sd10_ability_costs_at_least_one_card(cost: int) -> None:
    """SD-10: the cost in cards is part of the ability's definition, at least one."""
    with pytest.raises(ConfigError) as caught:
        Ability("attack", cost)
    assert (caught.value.field, caught.value.rule) == ("cost", "SD-10")


def test_sd10_ability_needs_a_name() -> None:
    """SD-10: an ability is named, so the host game can ask to pay for it."""
    with pytest.raises(ConfigError) as caught:
        Ability("", 1)
    assert (caught.value.field, caught.value.rule) == ("name", "SD-10")


def test_sd10_ability_cost_lookup() -> None:
    """SD-10: the config answers an ability's cost, or None for an unknown one."""
    config = SkillsConfig(abilities=(Ability("attack", 1), Ability("spell", 3)))
    assert config.ability_cost("spell") == 3
    assert config.ability_cost("dance") is None


@pytest.mark.parametrize(
    ("players", "gm_units"),
    [((), ()), (("gm",), ()), (("ana", "ana"), ()), (("ana",), ("ana",)), (("",), ())],
)
def test_bad_seating_raises_config_error(
    players: tuple[str, ...], gm_units: tuple[str, ...]
) -> None:
    """SD-1/SD-7/SD-13: players and units are distinct non-empty names, none is the GM's id."""
    with pytest.raises(ConfigError) as caught:
        initial_state(SkillsConfig(), players, 1, gm_units=gm_units)
    assert caught.value.field == "players"
    assert caught.value.rule in {"SD-1", "SD-7", "SD-13"}


def test_config_round_trips_through_json_and_pickle() -> None:
    """EN-8: a config (with its card data) survives JSON and pickle."""
    config = SkillsConfig(deck_size=12, exhaust_on_recycle=2, first_side="gm")
    assert from_json(to_json(config), SkillsConfig) == config
    assert pickle.loads(pickle.dumps(config)) == config
    assert hash(config) == hash(SkillsConfig(deck_size=12, exhaust_on_recycle=2, first_side="gm"))
