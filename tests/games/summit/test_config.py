"""The summit config and scenario: defaults, bounds and ConfigError (SM-1, SM-2, DP-5)."""

from __future__ import annotations

import itertools
import pickle

import attrs
import pytest

from gamefold import ConfigError
from gamefold.diplomacy import BonusZone, DiplomacyConfig, Kind
from gamefold.games.summit import (
    DEFAULT_BONUS_ZONES,
    PLAYERS_RANGE,
    Scenario,
    Summit,
    SummitConfig,
    default_diplomacy,
    player_names,
)
from gamefold.games.summit.config import DEFAULT_EFFECTS, MAX_ROUNDS
from gamefold.record import GameRecord, from_json, to_json
from gamefold.territory import (
    DEFAULT_BORDERS,
    DEFAULT_TERRITORIES,
    DEFAULT_ZONES,
    MAX_TERRITORIES,
    MAX_TROOPS,
    Zone,
)

DEFAULTS = {
    "deal": "shuffled",
    "zone_rule": "majority",
    "deploy_base": 2,
    "territories_per_troop": 3,
    "adjacency": DEFAULT_BORDERS,
    "starting_troops": 1,
    "neutral_troops": 1,
    "effects": DEFAULT_EFFECTS,
    "fort_strength": 1,
    "debt_carry": True,
    "trap_troops": 2,
    "extend_turns": 2,
    "tie_break": ("territories", "cards"),
    "pact_payment": True,
    "transfer_territories": 1,
    "support_deploy": 1,
    "partnership_deploy": 1,
    "siege_territories": 1,
    "march_territories": 1,
    "fort_levels": 1,
    "aid_troops": 3,
    "max_rounds": 12,
    "domination": 12,
    "proposals_per_turn": 2,
    "discard_at_limit": True,
    "needs_pact": True,
}


def test_sm1_four_players_by_default_named_in_seat_order() -> None:
    config = SummitConfig()
    assert config.players == 4
    assert config.names == ("p1", "p2", "p3", "p4")
    assert PLAYERS_RANGE == (3, 6)


@pytest.mark.parametrize("count", [3, 5, 6])
def test_sm1_three_to_six_players_are_seated(count: int) -> None:
    game = Summit(SummitConfig(players=count))
    assert game.players(game.setup(1)) == player_names(count)


@pytest.mark.parametrize("count", [2, 7, 0, True, 4.0, "4"])
def test_sm1_other_player_counts_are_config_errors(count: object) -> None:
    with pytest.raises(ConfigError) as err:
        SummitConfig(players=count)  # type: ignore[arg-type]
    assert err.value.field == "players"
    assert err.value.rule in ("SM-1", "EN-4")


def test_every_scenario_default_is_documented_here() -> None:
    """Each default rule of the scenario, with its default value (docs/games/summit.md)."""
    scenario = Scenario()
    fields = {f.name for f in attrs.fields(Scenario) if f.init} - {"territories", "zones"}
    assert set(DEFAULTS) == fields
    for name, value in DEFAULTS.items():
        assert getattr(scenario, name) == value, name


def test_sm2_the_default_map_has_18_territories_in_six_zones_of_three() -> None:
    scenario = Scenario()
    assert scenario.territories == DEFAULT_TERRITORIES
    assert len(DEFAULT_TERRITORIES) == len(set(DEFAULT_TERRITORIES)) == 18
    assert scenario.zones == DEFAULT_ZONES
    assert [len(z.territories) for z in DEFAULT_ZONES] == [3] * 6
    assert scenario.zone("Harbour").territories == ("Docks", "Lighthouse", "Shipyard")
    with pytest.raises(KeyError):
        scenario.zone("Atlantis")


def test_dp5_the_default_diplomacy_config_feeds_every_zone() -> None:
    config = SummitConfig()
    assert dict(config.diplomacy.bonus_zones) == dict(DEFAULT_BONUS_ZONES)
    assert {z.name for z in DEFAULT_ZONES} == set(DEFAULT_BONUS_ZONES)
    assert DEFAULT_BONUS_ZONES["Embassy Row"] == BonusZone(Kind.AGREEMENT, 40)
    assert DEFAULT_BONUS_ZONES["Foundry"] == BonusZone(Kind.STANDALONE, 28)


def test_dp5_a_zone_the_diplomacy_config_lacks_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as err:
        SummitConfig(diplomacy=DiplomacyConfig())
    assert (err.value.field, err.value.rule) == ("diplomacy", "DP-5")


def test_dp5_another_map_with_its_own_zones() -> None:
    scenario = Scenario(
        territories=("a", "b", "c", "d"),
        zones=(Zone("hill", ("a", "b")),),
        adjacency=(("a", "b"), ("b", "c"), ("c", "d")),
        domination=4,
    )
    zones = {"hill": BonusZone(Kind.VALUE, 8)}
    config = SummitConfig(
        players=3, scenario=scenario, diplomacy=DiplomacyConfig(bonus_zones=zones)
    )
    game = Summit(config)
    assert game.setup(3)["map"].owners.count("") == 1


def test_sm2_too_few_territories_for_the_players_is_a_config_error() -> None:
    scenario = Scenario(territories=("a", "b"), zones=(), adjacency=(("a", "b"),), domination=0)
    with pytest.raises(ConfigError) as err:
        SummitConfig(players=3, scenario=scenario)
    assert (err.value.field, err.value.rule) == ("scenario", "SM-2")


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"territories": ()}, "the map has territories, each a non-empty name [territories, TR-1]"),
        ({"territories": ("a", "a")}, "territory names differ [territories, TR-1]"),
        (
            {"territories": ("a", "")},
            "the map has territories, each a non-empty name [territories, TR-1]",
        ),
        ({"zones": (Zone("z", ("nowhere",)),)}, "z: unknown territories ['nowhere'] [zones, TR-2]"),
        ({"zones": (Zone("z", ()),)}, "z: a zone has distinct territories [zones, TR-2]"),
        (
            {"zones": (Zone("z", ("Mill", "Mill")),)},
            "z: a zone has distinct territories [zones, TR-2]",
        ),
        (
            {"zones": (Zone("z", ("Mill",)), Zone("z", ("Mine",)))},
            "zone names differ [zones, TR-2]",
        ),
        ({"zones": ("Harbour",)}, "zones are Zone records [zones, TR-2]"),
        ({"deal": "random"}, "deal is one of ('shuffled', 'in-order'), not 'random' [deal, TR-1]"),
        (
            {"zone_rule": "most"},
            "zone_rule is one of ('majority', 'all'), not 'most' [zone_rule, TR-2]",
        ),
        ({"pact_payment": 1}, "is True or False [pact_payment, SM-7]"),
        ({"deploy_base": -1}, "must be 0 or more, not -1 [deploy_base, SM-4]"),
        ({"territories_per_troop": 0}, "must be 1 or more, not 0 [territories_per_troop, SM-4]"),
        ({"fort_strength": 2.5}, "must be an integer [fort_strength, EN-4]"),
        ({"starting_troops": True}, "must be an integer [starting_troops, EN-4]"),
        ({"fort_strength": -2}, "must be 0 or more, not -2 [fort_strength, TR-5]"),
        (
            {"territories": "ABC"},
            "territories is a tuple of territory names, not 'ABC' [territories, TR-1]",
        ),
        (
            {"adjacency": (("Mill", "Atlantis"),)},
            "('Mill', 'Atlantis'): unknown territory [adjacency, TR-1]",
        ),
        ({"adjacency": (("Mill", "Mill"),)}, "Mill cannot border itself [adjacency, TR-1]"),
        (
            {"adjacency": ("Mill",)},
            "a border is a pair of territory names, not 'Mill' [adjacency, TR-1]",
        ),
        (
            {"adjacency": "Mill-Mine"},
            "adjacency is a tuple of (territory, territory) pairs, not 'Mill-Mine' "
            "[adjacency, TR-1]",
        ),
        (
            {"adjacency": DEFAULT_BORDERS[:-9]},
            "every territory is reachable; not ['Armoury', 'Drillyard', 'Garrison', 'Quay', "
            "'Bazaar', 'Warehouse', 'Forum', 'Senate', 'Archive', 'Docks', 'Lighthouse', "
            "'Shipyard', 'Mill', 'Forge', 'Mine'] [adjacency, TR-1]",
        ),
        (
            {"effects": {"Trap": "explode"}},
            "'Trap': the effect is one of ('truce', 'transfer', 'support', 'partnership', "
            "'siege', 'march', 'fortify', 'aid', 'betrayal', 'trap', 'extend'), not 'explode' "
            "[effects, SM-8]",
        ),
        (
            {"effects": "trap"},
            "effects is a mapping of card subtypes to effect keys, not 'trap' [effects, SM-8]",
        ),
        ({"discard_at_limit": "yes"}, "is True or False [discard_at_limit, SM-15]"),
        ({"needs_pact": 1}, "is True or False [needs_pact, SM-16]"),
        (
            {"tie_break": ("luck",)},
            "tie_break lists some of ('territories', 'cards'), once each, not ('luck',) "
            "[tie_break, SM-11]",
        ),
        (
            {"tie_break": "territories"},
            "tie_break is a tuple of some of ('territories', 'cards') in order, not 'territories' "
            "[tie_break, SM-11]",
        ),
        ({"debt_carry": "yes"}, "is True or False [debt_carry, SM-4]"),
        ({"trap_troops": -1}, "must be 0 or more, not -1 [trap_troops, SM-13]"),
        ({"extend_turns": -1}, "must be 0 or more, not -1 [extend_turns, SM-14]"),
        ({"transfer_territories": -1}, "must be 0 or more, not -1 [transfer_territories, SM-7]"),
        ({"siege_territories": -1}, "must be 0 or more, not -1 [siege_territories, SM-8]"),
        ({"max_rounds": 0}, "must be 1 or more, not 0 [max_rounds, SM-10]"),
        ({"domination": 19}, "the map has only 18 territories [domination, SM-10]"),
        ({"domination": -1}, "must be 0 or more, not -1 [domination, SM-10]"),
    ],
)
def test_a_scenario_that_cannot_describe_a_game_is_a_config_error(
    changes: dict[str, object], sentence: str
) -> None:
    """Each refusal names its field and rule and says what is wrong (EN-4)."""
    with pytest.raises(ConfigError) as err:
        Scenario(**changes)  # type: ignore[arg-type]
    assert str(err.value) == sentence


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"diplomacy": "default"}, "diplomacy"), ({"scenario": None}, "scenario")],
)
def test_en4_parts_of_the_wrong_type_are_config_errors(
    changes: dict[str, object], field: str
) -> None:
    with pytest.raises(ConfigError) as err:
        SummitConfig(**changes)  # type: ignore[arg-type]
    assert (err.value.field, err.value.rule) == (field, "EN-4")


def test_en8_configs_round_trip_through_json_and_records() -> None:
    config = SummitConfig(players=5, scenario=Scenario(max_rounds=3, deal="in-order"))
    assert from_json(to_json(config), SummitConfig) == config
    assert pickle.loads(pickle.dumps(config)) == config
    assert hash(config) == hash(pickle.loads(pickle.dumps(config)))
    record = GameRecord("summit", config, 9, ())
    assert GameRecord.from_json(record.to_json()) == record


def test_a_game_refuses_a_config_of_another_game() -> None:
    with pytest.raises(ConfigError):
        Summit(Scenario())  # type: ignore[arg-type]


# -- each refusal's sentence (pinned where mutation testing found them loose) ----------------


def _without(effect: str) -> Scenario:
    return Scenario(effects={k: v for k, v in Scenario().effects.items() if k != effect})


AGREEMENTS = "('truce', 'transfer', 'support', 'partnership')"
STANDALONES = "('siege', 'march', 'fortify', 'aid', 'betrayal', 'trap', 'extend')"


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"players": "4"}, "must be an integer [players, EN-4]"),
        ({"players": 7}, "a summit seats 3 to 6 players, not 7 [players, SM-1]"),
        ({"diplomacy": "default"}, "is a DiplomacyConfig [diplomacy, EN-4]"),
        ({"scenario": None}, "is a Scenario [scenario, EN-4]"),
        (
            {"diplomacy": DiplomacyConfig()},
            "bonus_zones must say what each zone of the map feeds; missing "
            f"{[z.name for z in Scenario().zones]} [diplomacy, DP-5]",
        ),
        (
            {"scenario": _without("Ceasefire")},
            f"effects must give the agreement subtype 'Ceasefire' one of {AGREEMENTS}, "
            "not None [scenario, SM-7]",
        ),
        (
            {"scenario": _without("Trap")},
            f"effects must give the standalone subtype 'Trap' one of {STANDALONES}, "
            "not None [scenario, SM-8]",
        ),
    ],
)
def test_en4_each_summit_config_error_names_its_field_rule_and_reason(
    changes: dict[str, object], sentence: str
) -> None:
    with pytest.raises(ConfigError) as err:
        SummitConfig(**changes)  # type: ignore[arg-type]
    assert str(err.value) == sentence


def test_sm2_sm10_the_map_and_round_bounds_are_inclusive() -> None:
    """TR-1, SM-10, EN-8: a map of exactly MAX_TERRITORIES territories and a game of exactly
    MAX_ROUNDS Rounds are allowed; one more is refused; players need a territory each."""
    names = tuple(f"t{i}" for i in range(MAX_TERRITORIES + 1))
    chain = tuple(itertools.pairwise(names))

    def huge(count: int) -> Scenario:
        return Scenario(territories=names[:count], zones=(), adjacency=chain[: count - 1])

    assert len(SummitConfig(scenario=huge(MAX_TERRITORIES)).scenario.territories) == 1000
    with pytest.raises(ConfigError) as err:
        huge(MAX_TERRITORIES + 1)
    assert (
        str(err.value) == "territories holds at most 1,000 entries, not 1,001 [territories, TR-1]"
    )
    assert SummitConfig(scenario=Scenario(max_rounds=MAX_ROUNDS)).scenario.max_rounds == 1000
    with pytest.raises(ConfigError) as err:
        Scenario(max_rounds=MAX_ROUNDS + 1)
    assert str(err.value) == "max_rounds is at most 1,000, not 1,001 [max_rounds, SM-10]"
    zones = tuple(Zone(f"z{i}", (name,)) for i, name in enumerate(names[:MAX_TERRITORIES]))
    feeds = BonusZone(Kind.VALUE, 1)  # DP-6: the whole map's income stays under the bound
    diplomacy = attrs.evolve(default_diplomacy(), bonus_zones={z.name: feeds for z in zones})
    every = attrs.evolve(huge(MAX_TERRITORIES), zones=zones)
    assert len(SummitConfig(scenario=every, diplomacy=diplomacy).scenario.zones) == 1000
    three = Scenario(
        territories=("a", "b", "c"), zones=(), adjacency=(("a", "b"), ("b", "c")), domination=0
    )
    assert SummitConfig(players=3, scenario=three).players == 3
    two = Scenario(territories=("a", "b"), zones=(), adjacency=(("a", "b"),), domination=0)
    with pytest.raises(ConfigError) as err:
        SummitConfig(players=3, scenario=two)
    assert str(err.value) == "3 players need at least 3 territories [scenario, SM-2]"


def test_sm7_sm8_a_subtype_with_no_cards_in_play_needs_no_effect() -> None:
    diplomacy = default_diplomacy()
    composition = {k: v for k, v in diplomacy.composition.items() if not k.startswith("Trap")}
    config = SummitConfig(
        diplomacy=attrs.evolve(diplomacy, composition=composition), scenario=_without("Trap")
    )
    assert "Trap" not in config.scenario.effects


def test_dp13_sm7_a_default_summit_limits_hands_to_10_and_keeps_covert_support_secret() -> None:
    """DP-13, SM-7, EN-9: the default diplomacy rules are diplomacy's but for summit's hand
    limit and the Covert Support pacts kept secret until they take effect."""
    diplomacy = SummitConfig().diplomacy
    assert diplomacy.hand_limit == 10
    assert diplomacy.secret_agreements == ("Covert Support",)
    assert dict(diplomacy.bonus_zones) == dict(DEFAULT_BONUS_ZONES)


def test_sm2_borders_read_from_json_lists_are_pairs_and_give_each_territorys_neighbours() -> None:
    """SM-2, EN-8: borders given as lists (as JSON gives them) become pairs; a territory's
    neighbours are the other ends of its borders, in map order."""
    scenario = Scenario(adjacency=[list(pair) for pair in DEFAULT_BORDERS])  # type: ignore[misc]
    assert scenario.adjacency == DEFAULT_BORDERS
    names = scenario.territories
    for index, name in enumerate(names):
        ends = {b for a, b in DEFAULT_BORDERS if a == name} | {
            a for a, b in DEFAULT_BORDERS if b == name
        }
        assert scenario.neighbours(index) == tuple(sorted(names.index(e) for e in ends))
    with pytest.raises(ConfigError) as err:
        Scenario(adjacency=(*DEFAULT_BORDERS, ("Mill", "Mine", "Forge")))  # type: ignore[arg-type]
    assert str(err.value) == (
        "a border is a pair of territory names, not ('Mill', 'Mine', 'Forge') [adjacency, TR-1]"
    )


def test_sm8_effects_given_as_a_dict_are_kept_as_a_hashable_map() -> None:
    scenario = Scenario(effects=dict(DEFAULT_EFFECTS))
    assert scenario.effects == DEFAULT_EFFECTS
    assert hash(scenario) == hash(Scenario())


def test_sm2_a_territory_bordering_itself_is_refused_wherever_it_is_listed() -> None:
    with pytest.raises(ConfigError) as err:
        Scenario(adjacency=(("Mill", "Mill"), *DEFAULT_BORDERS))
    assert str(err.value) == "Mill cannot border itself [adjacency, TR-1]"


def test_a_zone_the_map_lacks_is_a_key_error_naming_it() -> None:
    assert Scenario().zone("Harbour").name == "Harbour"
    with pytest.raises(KeyError, match="'Atlantis'"):
        Scenario().zone("Atlantis")


def test_sm7_sm8_scenario_effect_reads_effects_at_default_and_another_value() -> None:
    """SM-7, SM-8: ``Scenario.effect`` is the effect key ``effects`` gives a subtype (``""``
    for one it does not name), at the defaults and at another map, also for a scenario built
    from another (evolve, JSON, pickle); the look-up takes no part in equality or JSON."""
    import pickle

    from gamefold.record import converter

    default = Scenario()
    assert [default.effect(k) for k in DEFAULT_EFFECTS] == list(DEFAULT_EFFECTS.values())
    assert default.effect("no such subtype") == ""
    from gamefold.games.summit.config import STANDALONE_EFFECTS

    subtype = sorted(k for k, v in DEFAULT_EFFECTS.items() if v in STANDALONE_EFFECTS)[0]
    changed = next(e for e in STANDALONE_EFFECTS if e != DEFAULT_EFFECTS[subtype])
    other = attrs.evolve(default, effects={**DEFAULT_EFFECTS, subtype: changed})
    for copy in (
        other,
        converter.structure(converter.unstructure(other), Scenario),
        pickle.loads(pickle.dumps(other)),
    ):
        assert copy == other
        assert copy.effect(subtype) == changed
    assert "_effect_of" not in converter.unstructure(other)


RULES = {
    "deploy_base": "SM-4",
    "support_deploy": "SM-7",
    "partnership_deploy": "SM-7",
    "aid_troops": "SM-8",
    "trap_troops": "SM-13",
}


@pytest.mark.parametrize("field", sorted(RULES))
def test_tr8_summits_troop_figures_are_bounded_and_the_error_names_the_field(field: str) -> None:
    """TR-8: a troop figure of 10**9 would make every turn deploy or fight that
    many troops; above MAX_TROOPS it is refused when the scenario is built."""
    assert getattr(Scenario(**{field: MAX_TROOPS}), field) == MAX_TROOPS
    with pytest.raises(ConfigError) as err:
        Scenario(**{field: 10**9})
    assert (err.value.field, err.value.rule) == (field, RULES[field])


@pytest.mark.parametrize(
    "field",
    [
        "deploy_base",
        "territories_per_troop",
        "trap_troops",
        "extend_turns",
        "transfer_territories",
        "support_deploy",
        "partnership_deploy",
        "siege_territories",
        "march_territories",
        "fort_levels",
        "aid_troops",
        "proposals_per_turn",
        "max_rounds",
        "domination",
    ],
)
@pytest.mark.parametrize("bad", [True, "3", 2.0])
def test_en4_a_count_that_is_not_a_whole_number_is_refused_naming_its_field(
    field: str, bad: object
) -> None:
    """EN-4: each whole-number figure of the scenario refuses a bool, text or a float with a
    ConfigError that names the field, cites EN-4 and says what it must be."""
    with pytest.raises(ConfigError) as raised:
        Scenario(**{field: bad})
    assert (raised.value.field, raised.value.rule) == (field, "EN-4")
    assert str(raised.value.args[0]) == "must be an integer"


@pytest.mark.parametrize(
    ("field", "rule"),
    [
        ("deploy_base", "SM-4"),
        ("support_deploy", "SM-7"),
        ("partnership_deploy", "SM-7"),
        ("aid_troops", "SM-8"),
        ("trap_troops", "SM-13"),
    ],
)
def test_tr8_a_troop_figure_over_max_troops_is_refused_with_its_bound(
    field: str, rule: str
) -> None:
    """TR-8: a troop figure above MAX_TROOPS is a ConfigError naming the field, its rule and
    the bound; MAX_TROOPS itself is accepted."""
    assert getattr(Scenario(**{field: MAX_TROOPS}), field) == MAX_TROOPS
    with pytest.raises(ConfigError) as raised:
        Scenario(**{field: MAX_TROOPS + 1})
    assert (raised.value.field, raised.value.rule) == (field, rule)
    assert raised.value.args[0] == f"must be {MAX_TROOPS} or less, not {MAX_TROOPS + 1}"


def test_dp6_a_map_whose_whole_income_passes_the_bound_is_a_config_error() -> None:
    """DP-6: holding every territory and zone of the map must add at most the diplomacy
    config's ``max_income`` a turn, so no summit turn start is refused for it; at the bound
    the config is accepted, one unit more is a ConfigError naming ``diplomacy``."""
    scenario = Scenario()
    zones = sum(DEFAULT_BONUS_ZONES[z.name].quarters for z in scenario.zones)
    bound = default_diplomacy().max_income
    room, spare = divmod(bound - zones, len(scenario.territories))
    assert (room, spare) == ((2400 - 204) // 18, (2400 - 204) % 18)
    fits = attrs.evolve(default_diplomacy(), quarters_per_territory=room)
    assert SummitConfig(diplomacy=fits).diplomacy.quarters_per_territory == room
    bigger = {**DEFAULT_BONUS_ZONES, "Barracks": BonusZone(Kind.VALUE, 40 + spare)}
    exact = attrs.evolve(fits, bonus_zones=bigger)
    assert SummitConfig(diplomacy=exact).diplomacy.max_income == bound
    over = attrs.evolve(exact, bonus_zones={**bigger, "Harbour": BonusZone(Kind.VALUE, 29)})
    with pytest.raises(ConfigError) as err:
        SummitConfig(diplomacy=over)
    assert (err.value.field, err.value.rule) == ("diplomacy", "DP-6")
    with pytest.raises(ConfigError) as err:
        SummitConfig(diplomacy=attrs.evolve(fits, quarters_per_territory=room + 1))
    assert (err.value.field, err.value.rule) == ("diplomacy", "DP-6")


def test_dp6_the_shipped_summit_and_campaign_maps_keep_their_income_in_bound() -> None:
    """DP-6: a player holding the whole map of the default summit, and of the campaign's
    summit, adds at most ``max_income`` in one turn start; a campaign built on a summit
    past the bound never gets that far: the summit's own config refuses it."""
    from gamefold.games.campaign import CampaignConfig

    for summit in (SummitConfig(), CampaignConfig().summit):
        dip, scenario = summit.diplomacy, summit.scenario
        whole = len(scenario.territories) * dip.quarters_per_territory
        whole += sum(dip.zone(z.name).quarters for z in scenario.zones)
        assert whole <= dip.max_income
    greedy = attrs.evolve(default_diplomacy(), quarters_per_territory=1_000)
    with pytest.raises(ConfigError) as err:
        CampaignConfig(summit=SummitConfig(players=3, diplomacy=greedy))
    assert (err.value.field, err.value.rule) == ("diplomacy", "DP-6")
