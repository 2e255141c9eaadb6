"""Variants: config fields changed by path, the game's own values kept everywhere else."""

from __future__ import annotations

import pytest

from gamefold import ConfigError
from gamefold.combat import Side
from gamefold.games import parse_settings, variant
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.games.skirmish.config import SCENARIOS, SKIRMISH_DECK
from gamefold.games.summit import Summit
from gamefold.skills import SkillsConfig


def test_a_variant_changes_the_named_field_and_keeps_the_games_deck() -> None:
    game = Skirmish()
    six = game.variant(**{"skills.hand_limit": 6})
    assert six.config.skills.hand_limit == 6
    assert six.config.skills.deck == SKIRMISH_DECK  # the skirmish's deck, not the default
    assert six.config.skills.gm_deck == SKIRMISH_DECK
    assert attrs_except(six.config, game.config, "skills")
    assert game.config.skills.hand_limit == 5  # the game itself is left as it was


def attrs_except(a: SkirmishConfig, b: SkirmishConfig, changed: str) -> bool:
    """Whether ``a`` and ``b`` agree on every field but ``changed``."""
    import attrs

    return all(
        getattr(a, f.name) == getattr(b, f.name)
        for f in attrs.fields(SkirmishConfig)
        if f.init and f.name != changed
    )


def test_the_method_the_function_and_a_mapping_agree() -> None:
    game = Skirmish()
    changes = {"skills.hand_limit": 6, "combat.max_hp": 12, "party_size": 2}
    assert game.variant(**changes) == game.variant(changes) == variant(game, changes)
    assert game.variant() == game


def test_a_variant_of_a_scenario_keeps_the_scenarios_values() -> None:
    siege = Skirmish(SCENARIOS["siege"])
    longer = siege.variant(**{"skills.hand_limit": 4})
    assert longer.config.skills.deck_size == SCENARIOS["siege"].skills.deck_size == 10
    assert longer.config.enemies == SCENARIOS["siege"].enemies


@pytest.mark.parametrize(
    ("changes", "path", "words"),
    [
        ({"skills.hand_limt": 6}, "skills.hand_limt", "no field 'hand_limt'"),
        ({"skill.hand_limit": 6}, "skill.hand_limit", "no field 'skill'"),
        ({"party_size.x": 1}, "party_size.x", "not a config record"),
        ({"skills.hand_limit": 0}, "skills.hand_limit", "at least 1"),
        ({"skills.hand_limit": "six"}, "skills.hand_limit", "integer"),
        ({"party_size": 9}, "party_size", "1 to 6"),
        ({"": 1}, "", "dotted field names"),
    ],
)
def test_unknown_paths_and_bad_values_are_config_errors_naming_the_path(
    changes: dict[str, object], path: str, words: str
) -> None:
    with pytest.raises(ConfigError, match=words) as raised:
        Skirmish().variant(changes)
    assert raised.value.field == path


def test_settings_parse_json_and_convert_to_the_fields_type() -> None:
    game = parse_settings(
        Skirmish(),
        ["skills.hand_limit=6", "rearward=[]", "skills.first_side=gm", "side_choice=false"],
    )
    assert game.config.skills.hand_limit == 6
    assert game.config.rearward == ()  # a JSON list becomes the field's tuple
    assert game.config.skills.first_side == "gm"  # bare text is a string
    assert game.config.side_choice is False
    summit = parse_settings(Summit(), ["diplomacy.hand_limit=12"])
    assert summit.config.diplomacy.hand_limit == 12


@pytest.mark.parametrize(
    ("setting", "path"),
    [
        ("skills.hand_limit=six", "skills.hand_limit"),
        ("skills.hand_limit", "skills.hand_limit"),
        ("nope=1", "nope"),
        ("=1", "=1"),
    ],
)
def test_bad_settings_are_config_errors_naming_the_path(setting: str, path: str) -> None:
    with pytest.raises(ConfigError) as raised:
        parse_settings(Skirmish(), [setting])
    assert raised.value.field == path


def test_the_skills_config_footgun_is_refused_with_what_to_write_instead() -> None:
    """SD-1: ``SkillsConfig(hand_limit=6)`` would swap the skirmish's deck for the default
    one; the refusal names the variant to write instead."""
    with pytest.raises(ConfigError, match=r"variant\(\*\*\{\"skills.hand_limit\": 6\}\)") as err:
        SkirmishConfig(skills=SkillsConfig(hand_limit=6))
    assert err.value.field == "skills"
    own = SkillsConfig(deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK, hand_limit=6)
    assert SkirmishConfig(skills=own) == Skirmish().variant(**{"skills.hand_limit": 6}).config
    assert SCENARIOS["classic"].skills == SkillsConfig()  # the default deck, on purpose
    assert all(e.side is Side.ENEMIES for e in SCENARIOS["classic"].enemies)
