"""SkirmishConfig: every default, another value for each, and every refusal (ConfigError)."""

from __future__ import annotations

from typing import Any

import pytest

from gamefold import ConfigError
from gamefold.combat import CombatConfig, Fighter, Item, Side, Zone
from gamefold.games.skirmish import DEFAULT_ENEMIES, Skirmish, SkirmishConfig
from gamefold.games.skirmish.config import SKIRMISH_ABILITIES, SKIRMISH_DECK
from gamefold.record import converter
from gamefold.skills import Ability, SkillsConfig


def test_the_defaults() -> None:
    """The documented defaults of every field."""
    config = SkirmishConfig()
    assert config.party == ("ana", "bo", "cy")
    assert config.leader == 0
    assert config.enemies == DEFAULT_ENEMIES
    assert [(e.id, e.zone, e.max_hp) for e in config.enemies] == [
        ("goblin", Zone.FORWARD, 14),
        ("orc", Zone.FORWARD, 20),
        ("archer", Zone.REARWARD, 14),
    ]
    assert config.skills == SkillsConfig(deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK)
    assert config.combat == CombatConfig(abilities=SKIRMISH_ABILITIES)
    assert dict(config.ability_costs) == {"Attack": 1, "Shoot": 1, "Bash": 1}
    assert dict(config.card_abilities) == {"attack": "Attack"}
    assert dict(config.reaction_effects) == {"defend": "block", "evade": "chance"}
    assert config.shield_stats == ("defence",)
    assert config.reaction_windows is True
    assert config.rearward == ("cy",)
    assert config.party_abilities == ("Shoot", "Bash")
    assert config.party_items == (Item("pack", 2),)


def test_sd10_sk2_ability_costs_are_the_one_source_of_both_slices_costs() -> None:
    """SD-10: the deck's payable abilities and combat's reported costs derive from
    ``ability_costs``; an ability not listed is free."""
    config = SkirmishConfig(ability_costs={"Attack": 2})
    assert config.skills_config().abilities == (Ability("Attack", 2),)
    fight = config.combat_config()
    assert (fight.ability("Attack").cost, fight.ability("Defend").cost) == (2, 0)  # type: ignore[union-attr]
    assert (config.cost("Attack"), config.cost("Defend")) == (2, 0)


def test_sk3_card_ability_follows_card_abilities_at_default_and_another_value() -> None:
    """SK-3: the ability a card's Play effect declares, from ``card_abilities``; ``None`` for
    an effect it does not name. The look-ups follow a config built from another (evolve,
    JSON, pickle), and take no part in its equality or its JSON."""
    import pickle

    import attrs

    default = SkirmishConfig()
    assert (default.card_ability("attack"), default.card_ability("defend")) == ("Attack", None)
    other = attrs.evolve(default, card_abilities={"attack": "Bash"}, ability_costs={"Bash": 2})
    assert (other.card_ability("attack"), other.card_ability("defend")) == ("Bash", None)
    assert (other.cost("Bash"), other.cost("Attack")) == (2, 0)
    for copy in (
        converter.structure(converter.unstructure(other), SkirmishConfig),
        pickle.loads(pickle.dumps(other)),
    ):
        assert copy == other
        assert (copy.card_ability("attack"), copy.cost("Bash")) == ("Bash", 2)
    assert set(converter.unstructure(other)) == {
        f.name for f in attrs.fields(SkirmishConfig) if f.init
    }


@pytest.mark.parametrize("size", [1, 2, 4, 6])
def test_party_size_other_values(size: int) -> None:
    """``party_size``: the first names in seat order, then the GM."""
    game_def = Skirmish(SkirmishConfig(party_size=size))
    game = game_def.setup(1)
    assert game_def.players(game) == (*SkirmishConfig().names[:size], "gm")
    assert game["skills"].seats == game_def.players(game)
    assert len(game["combat"].combatants) == size + 3


def test_names_and_enemies_other_values() -> None:
    """``names`` and ``enemies`` name the two sides; every enemy is a GM unit."""
    enemies = (Fighter("wolf", Side.ENEMIES, max_hp=3), Fighter("bat", Side.ENEMIES))
    game_def = Skirmish(
        SkirmishConfig(names=("kit", "lou"), party_size=2, enemies=enemies, rearward=())
    )
    game = game_def.setup(1)
    assert game_def.players(game) == ("kit", "lou", "gm")
    assert game["skills"].gm_units == ("wolf", "bat")
    assert [c.hp for c in game["combat"].combatants] == [10, 10, 3, 10]


BAD: list[tuple[dict[str, Any], str, str]] = [
    ({"party_size": 0}, "party_size", "SD-1"),
    ({"party_size": 7}, "party_size", "SD-1"),
    ({"dodge_sides": 0}, "dodge_sides", "SD-8"),
    ({"dodge_sides": 1_001}, "dodge_sides", "SD-8"),  # EN-8: a die a record can still roll
    ({"party_size": True}, "party_size", "SD-1"),
    ({"names": ("a", "a")}, "names", "SD-1"),
    ({"names": ("a", "")}, "names", "SD-1"),
    ({"names": ("gm", "a"), "party_size": 1}, "names", "SD-7"),
    ({"leader": 3}, "leader", "CB-5"),
    ({"leader": -1}, "leader", "CB-5"),
    ({"enemies": ()}, "enemies", "CB-10"),
    ({"enemies": ("orc",)}, "enemies", "CB-10"),
    ({"enemies": (Fighter("x", Side.PARTY),)}, "enemies", "CB-10"),
    ({"enemies": (Fighter("ana", Side.ENEMIES),)}, "enemies", "EN-4"),
    ({"enemies": (Fighter("x", Side.ENEMIES),) * 2}, "enemies", "EN-4"),
    ({"skills": None}, "skills", "SD-1"),
    ({"combat": "no"}, "combat", "CB-10"),
    ({"ability_costs": {"Fly": 1}}, "ability_costs", "SD-10"),
    ({"ability_costs": {"Attack": 0}}, "ability_costs", "SD-10"),
    ({"ability_costs": {"Attack": 1, "Defend": 1}}, "ability_costs", "SD-15"),
    ({"card_abilities": {"attack": "Fly"}}, "card_abilities", "SD-11"),
    ({"reaction_effects": {"attack": "damage"}}, "reaction_effects", "SD-8"),
    ({"reaction_effects": {"defend": 2}}, "reaction_effects", "SD-8"),
    ({"shield_stats": "defence"}, "shield_stats", "SD-12"),
    ({"reaction_windows": 1}, "reaction_windows", "SD-8"),
]


@pytest.mark.parametrize(("changes", "field", "rule"), BAD)
def test_a_bad_value_is_a_config_error_naming_its_field_and_rule(
    changes: dict[str, Any], field: str, rule: str
) -> None:
    """Every field is validated when the config is built."""
    with pytest.raises(ConfigError) as caught:
        SkirmishConfig(**changes)
    assert (caught.value.field, caught.value.rule) == (field, rule)


def test_a_game_needs_a_skirmish_config() -> None:
    """GameDef refuses a config of another type."""
    with pytest.raises(ConfigError):
        Skirmish(CombatConfig())  # type: ignore[arg-type]


def test_en8_the_config_round_trips_through_json_and_hashes() -> None:
    """EN-8: a config with every field changed survives the JSON converter; equal configs
    make equal, equally hashed games."""
    config = SkirmishConfig(
        party_size=2,
        leader=1,
        enemies=(Fighter("wolf", Side.ENEMIES, Zone.REARWARD, max_hp=3),),
        skills=SkillsConfig(deck_size=12, hand_limit=4),
        combat=CombatConfig(max_hp=8),
        ability_costs={"Attack": 2},
        rearward=("bo",),
        party_abilities=(),
        party_items=(Item("rope", 1),),
        card_abilities={},
        reaction_effects={"evade": "chance"},
        shield_stats=(),
        reaction_windows=False,
    )
    data = converter.unstructure(config)
    assert converter.structure(data, SkirmishConfig) == config
    assert Skirmish(config) == Skirmish(config)
    assert hash(Skirmish(config)) == hash(Skirmish(config))


def test_sk5_sk16_sk17_effect_look_ups_follow_their_maps_at_default_and_another_value() -> None:
    """SK-5, SK-16, SK-17: ``reaction_param``, ``heal_param`` and ``burn_kind`` read
    ``reaction_effects``, ``heal_effects`` and ``burn_effects``, at the defaults and at other
    values, and follow a config built from another (evolve, JSON, pickle)."""
    import pickle

    import attrs

    default = SkirmishConfig()
    looked_up = (
        default.reaction_param("defend"),
        default.heal_param("heal"),
        default.burn_kind("evasion"),
    )
    assert looked_up == ("block", "amount", "dodge")
    assert (default.reaction_param("x"), default.heal_param("x"), default.burn_kind("x")) == (
        None,
        None,
        None,
    )
    other = attrs.evolve(
        default,
        reaction_effects={"guard": "block"},
        dodge_effects=(),
        heal_effects={"mend": "hp"},
        burn_effects={"evasion": "heal"},
    )
    for copy in (
        other,
        converter.structure(converter.unstructure(other), SkirmishConfig),
        pickle.loads(pickle.dumps(other)),
    ):
        assert (copy.reaction_param("guard"), copy.reaction_param("defend")) == ("block", None)
        assert (copy.heal_param("mend"), copy.heal_param("heal")) == ("hp", None)
        assert copy.burn_kind("evasion") == "heal"
        assert copy.dodge_stats() == ()


def test_sk17_dodge_stats_follow_burn_effects_at_default_and_another_value() -> None:
    """SK-17: ``dodge_stats`` are the ``burn_effects`` stats of kind ``"dodge"``, in name
    order: ``evasion`` at the default; another map's, through evolve, JSON and pickle."""
    import pickle

    import attrs

    assert SkirmishConfig().dodge_stats() == ("evasion",)
    other = attrs.evolve(
        SkirmishConfig(), burn_effects={"grace": "dodge", "evasion": "heal", "agility": "dodge"}
    )
    for copy in (
        other,
        converter.structure(converter.unstructure(other), SkirmishConfig),
        pickle.loads(pickle.dumps(other)),
    ):
        assert copy.dodge_stats() == ("agility", "grace")
