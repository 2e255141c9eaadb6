"""Variants: config fields changed by path, the game's own values kept everywhere else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def test_changes_inside_one_record_are_checked_together_whatever_their_order() -> None:
    """SD-2: a hand limit is at most the deck; shrinking both at once is valid in either
    order, since the skills config is rebuilt once with both changes."""
    game = Skirmish()
    small = {"skills.deck_size": 2, "skills.hand_limit": 1}
    first, second = game.variant(small), game.variant(dict(reversed(small.items())))
    assert first == second
    assert (first.config.skills.deck_size, first.config.skills.hand_limit) == (2, 1)
    with pytest.raises(ConfigError, match="at most deck_size") as raised:
        game.variant({"skills.hand_limit": 9, "skills.deck_size": 4})
    assert raised.value.field == "skills.hand_limit"  # the change the check refused


@given(
    deck=st.integers(1, 40),
    limit=st.integers(1, 40),
    hp=st.integers(-1, 30),
    order=st.permutations(range(3)),
)
def test_a_variant_is_the_same_in_any_order_of_its_paths(
    deck: int, limit: int, hp: int, order: list[int]
) -> None:
    """Every order of the same changes gives the same game, or the same refusal."""
    changes = [("skills.deck_size", deck), ("skills.hand_limit", limit), ("combat.max_hp", hp)]
    outcomes = []
    for items in (changes, [changes[i] for i in order]):
        try:
            outcomes.append(Skirmish().variant(dict(items)).config)
        except ConfigError as err:
            outcomes.append(type(err))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(
    "changes",
    [{"skills": SkillsConfig(), "skills.hand_limit": 3}, {"party_size.x": 1, "party_size": 2}],
)
def test_two_paths_where_one_leads_into_the_other_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ConfigError, match="name one or the other") as raised:
        Skirmish().variant(changes)
    assert raised.value.field == list(changes)[1]
