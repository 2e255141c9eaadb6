"""The config: defaults, bounds and ConfigError (DP-2, DP-4 … DP-14)."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given

from gamefold import ConfigError
from gamefold.diplomacy import DEFAULT_CATALOGUE, BonusZone, DiplomacyConfig, Kind
from gamefold.record import from_json, to_json
from gamefold.testing.diplomacy import configs


def test_dp13_hand_limit_defaults_to_15() -> None:
    assert DiplomacyConfig().hand_limit == 15


@pytest.mark.parametrize("limit", [10, 15, 20])
def test_dp13_hand_limit_10_to_20_is_accepted(limit: int) -> None:
    assert DiplomacyConfig(hand_limit=limit).hand_limit == limit


@pytest.mark.parametrize("limit", [9, 21, 0, -15, True, 15.0, "15"])
def test_dp13_hand_limit_outside_10_to_20_is_a_config_error(limit: object) -> None:
    with pytest.raises(ConfigError) as err:
        DiplomacyConfig(hand_limit=limit)  # type: ignore[arg-type]
    assert err.value.field == "hand_limit"
    assert err.value.rule in ("DP-13", "EN-4")


def test_defaults_of_every_default_rule() -> None:
    config = DiplomacyConfig()
    assert config.starting_hand == 3  # DP-2
    assert config.starting_tier == 1  # DP-2
    assert config.ticks_per_card == 15  # DP-6
    assert config.quarters_per_territory == 1  # DP-4: 0.25 ticks
    assert config.proposal_ttl == 1  # DP-9
    assert config.pact_clock == "proposer"  # DP-8
    assert config.debt_rounding == "down"  # DP-11
    assert config.score_locked is True  # DP-14
    assert config.catalogue == DEFAULT_CATALOGUE  # DP-7, DP-8
    assert len(config.bonus_zones) == 0  # DP-5: the map's data


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("starting_hand", -1, "DP-2"),
        ("starting_hand", 16, "DP-2"),
        ("ticks_per_card", 0, "DP-6"),
        ("quarters_per_territory", -1, "DP-4"),
        ("proposal_ttl", 0, "DP-9"),
        ("pact_clock", "sometimes", "DP-8"),
        ("debt_rounding", "sideways", "DP-11"),
        ("score_locked", "yes", "DP-14"),
        ("quarters_per_tick", 0, "DP-3"),
        ("empty_kind", "skip", "DP-1"),
        ("accepted_cards", "burn", "DP-9"),
        ("all_locked", "explode", "DP-13"),
        ("catalogue", (*DEFAULT_CATALOGUE, "Troops T3"), "DP-8"),
        ("composition", {"Unicorn T1": 2}, "DP-8"),
        ("composition", {"Troops T1": -1}, "DP-8"),
        ("catalogue", (*DEFAULT_CATALOGUE, DEFAULT_CATALOGUE[0]), "DP-8"),
        ("bonus_zones", {"hill": "value"}, "DP-5"),
        ("proposal_ttl", 1.5, "EN-4"),
    ],
)
def test_a_value_that_cannot_describe_a_game_is_a_config_error(
    field: str, value: object, rule: str
) -> None:
    with pytest.raises(ConfigError) as err:
        DiplomacyConfig(**{field: value})  # type: ignore[arg-type]
    assert (err.value.field, err.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("kind", "quarters", "sentence"),
    [
        ("value", 4, "'value' is not a card kind"),
        (Kind.VALUE, -1, "a zone never takes ticks away"),
        (Kind.VALUE, 1.0, "a zone's quarters are an integer"),
        (Kind.VALUE, True, "a zone's quarters are an integer"),
    ],
)
def test_dp5_a_bonus_zone_needs_a_kind_and_whole_quarters(
    kind: object, quarters: object, sentence: str
) -> None:
    """DP-5: a bad bonus zone is a ConfigError naming the field, the rule and what is wrong."""
    with pytest.raises(ConfigError) as err:
        BonusZone(kind, quarters)  # type: ignore[arg-type]
    assert (err.value.field, err.value.rule) == ("bonus_zones", "DP-5")
    assert str(err.value) == f"{sentence} [bonus_zones, DP-5]"


@pytest.mark.parametrize("quarters", [0, 1, 7])
def test_dp5_a_bonus_zone_of_any_whole_non_negative_quarters_is_accepted(quarters: int) -> None:
    """DP-5: zero and positive whole quarters are valid game data, for every fed kind."""
    for kind in (Kind.AGREEMENT, Kind.VALUE, Kind.STANDALONE):
        assert BonusZone(kind, quarters).quarters == quarters


def test_dp11_debt_is_half_the_bonus_rounded_down_by_default_or_up() -> None:
    assert [DiplomacyConfig().debt_for(t) for t in (0, 1, 3, 6)] == [0, 0, 1, 3]
    up = DiplomacyConfig(debt_rounding="up")
    assert [up.debt_for(t) for t in (0, 1, 3, 6)] == [0, 1, 2, 3]


def test_evolve_validates_again_and_renumbers_cards() -> None:
    config = attrs.evolve(DiplomacyConfig(), composition={"Troops T1": 12})
    assert len(config.cards) == 12
    with pytest.raises(ConfigError):
        attrs.evolve(config, hand_limit=25)


@given(configs())
def test_configs_round_trip_through_json_and_pickle(config: DiplomacyConfig) -> None:
    again = from_json(to_json(config), DiplomacyConfig)
    assert again == config
    assert again.cards == config.cards
    assert pickle.loads(pickle.dumps(config)).cards == config.cards
    assert hash(again) == hash(config)


@given(config=configs())
def test_dp5_zone_look_ups_follow_bonus_zones_through_evolve_json_and_pickle(
    config: DiplomacyConfig,
) -> None:
    """DP-5: ``has_zone`` and ``zone`` read ``bonus_zones`` (none at the default), in the
    config and in copies built from it."""
    assert not DiplomacyConfig().has_zone("hill")
    other = attrs.evolve(config, bonus_zones={"hill": BonusZone(Kind.VALUE, 2)})
    for copy in (
        config,
        other,
        from_json(to_json(other), DiplomacyConfig),
        pickle.loads(pickle.dumps(other)),
    ):
        for name in ("hill", "pass", *copy.bonus_zones):
            assert copy.has_zone(name) == (name in copy.bonus_zones)
            if copy.has_zone(name):
                assert copy.zone(name) == copy.bonus_zones[name]
    assert other.zone("hill") == BonusZone(Kind.VALUE, 2)
    with pytest.raises(KeyError):
        other.zone("pass")
