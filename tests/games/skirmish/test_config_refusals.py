"""SkirmishConfig's refusals, word for word, their bounds, and the named scenarios' builders.

The sentence of a :class:`~gamefold.ConfigError` is what a user reads when a config is
refused; each case below names the field, the rule and the exact sentence. The scenarios
are built once, at import, so their builders are also called here, where a change to one
of them shows (EN-4, SK-10 … SK-17, SD-1 … SD-15, CB-4 … CB-15).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from gamefold import ConfigError
from gamefold.combat import (
    ATTACK,
    DEFEND,
    CombatConfig,
    Fighter,
    Item,
    Side,
    Zone,
)
from gamefold.games.skirmish import scenarios as skirmish_scenarios
from gamefold.games.skirmish.config import (
    DEFAULT_ENEMIES,
    MAX_SHIELD,
    OWN_ABILITIES,
    SCENARIOS,
    SKIRMISH_ABILITIES,
    SKIRMISH_DECK,
    SkirmishConfig,
    scenario,
    scenario_names,
)
from gamefold.skills import CardDef, Effect, Modifier, SkillsConfig

KINDS = "('empower', 'heal', 'draw', 'move', 'dodge')"
PARAMS = (
    "a Play effect's parameter ['amount', 'block', 'chance', 'count', 'damage', 'delta', "
    "'distance']"
)
BAD_HP = Fighter("x", Side.ENEMIES, max_hp=0)
ZONED_DEFEND = attrs.evolve(DEFEND, zone=Zone.FORWARD)


def _deck(effect: Effect) -> tuple[CardDef, ...]:
    return (CardDef("X", effect),) * 20


def _big_card_decks(*, amount: int = 1, burn: int = 1) -> SkillsConfig:
    """The skirmish's decks, the party's led by a card healing ``amount`` when Played and
    shielding ``burn`` when Burned (EN-8 bounds both figures by ``MAX_SHIELD``)."""
    big = CardDef("Big", Effect("heal", {"amount": amount}), (Modifier("defence", burn),))
    return SkillsConfig(deck=(big, *SKIRMISH_DECK), gm_deck=SKIRMISH_DECK)


REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("names-list", {"names": ["a", "b", "c"]}, "names must be a tuple of non-empty strings"),
    ("names-int", {"names": ("a", 1, "b")}, "names must be a tuple of non-empty strings"),
    (
        "names-empty",
        {"names": ("a", ""), "party_size": 1},
        "names must be a tuple of non-empty strings",
    ),
    ("names-65", {"names": tuple(f"p{i}" for i in range(65))}, "1 to 64 names"),
    ("names-twice", {"names": ("a", "a", "b")}, "party names must differ"),
    ("names-gm", {"names": ("gm", "a"), "party_size": 1}, "'gm' is the GM's id, not a player's"),
    ("size-0", {"party_size": 0}, "party_size is 1 to 6 (one per names entry), not 0"),
    ("size-7", {"party_size": 7}, "party_size is 1 to 6 (one per names entry), not 7"),
    ("size-bool", {"party_size": True}, "party_size is 1 to 6 (one per names entry), not True"),
    ("leader-3", {"leader": 3}, "leader is a seat 0 to 2, not 3"),
    ("leader-minus", {"leader": -1}, "leader is a seat 0 to 2, not -1"),
    ("leader-bool", {"leader": False}, "leader is a seat 0 to 2, not False"),
    ("enemies-none", {"enemies": ()}, "enemies must be 1 to 64 Fighter in a tuple"),
    (
        "enemies-list",
        {"enemies": list(DEFAULT_ENEMIES)},
        "enemies must be 1 to 64 Fighter in a tuple",
    ),
    (
        "enemies-65",
        {"enemies": tuple(Fighter(f"e{i}", Side.ENEMIES) for i in range(65))},
        "enemies must be 1 to 64 Fighter in a tuple",
    ),
    ("enemy-str", {"enemies": ("orc",)}, "bad enemy 'orc': no"),
    (
        "enemy-hp",
        {"enemies": (BAD_HP,)},
        f"bad enemy {BAD_HP!r}: x: max_hp is at least 1 and stress at least 0",
    ),
    ("enemy-side", {"enemies": (Fighter("x", Side.PARTY),)}, "x is not an enemy"),
    (
        "enemy-twice",
        {"enemies": (Fighter("x", Side.ENEMIES),) * 2},
        "enemy ids must differ from each other, gm and names",
    ),
    (
        "enemy-gm",
        {"enemies": (Fighter("gm", Side.ENEMIES),)},
        "enemy ids must differ from each other, gm and names",
    ),
    (
        "enemy-unseated-name",
        {"enemies": (Fighter("fay", Side.ENEMIES),)},
        "enemy ids must differ from each other, gm and names",
    ),
    ("skills", {"skills": None}, "skills must be a SkillsConfig"),
    ("combat", {"combat": "no"}, "combat must be a CombatConfig"),
    ("windows", {"reaction_windows": 1}, "reaction_windows must be a bool"),
    ("gm-windows", {"gm_reaction_windows": 1}, "gm_reaction_windows must be a bool"),
    ("side-choice", {"side_choice": 1}, "side_choice must be a bool"),
    ("cost-name", {"ability_costs": {"Fly": 1}}, "'Fly' is no combat ability"),
    ("cost-key", {"ability_costs": {1: 1}}, "1 is no combat ability"),
    ("cost-0", {"ability_costs": {"Attack": 0}}, "Attack costs 0"),
    ("cost-bool", {"ability_costs": {"Attack": True}}, "Attack costs True"),
    (
        "cost-no-free",
        {"ability_costs": {"Attack": 1, "Defend": 1}},
        "some basic ability must be free and usable from any zone, so a unit can always act",
    ),
    (
        "cost-zoned-free",
        {
            "combat": CombatConfig(abilities=(ATTACK, ZONED_DEFEND)),
            "ability_costs": {"Attack": 1},
            "party_abilities": (),
            "enemies": (Fighter("x", Side.ENEMIES),),
        },
        "some basic ability must be free and usable from any zone, so a unit can always act",
    ),
    ("card-ability", {"card_abilities": {"attack": "Fly"}}, "'attack' names no combat ability"),
    ("card-effect", {"card_abilities": {1: "Attack"}}, "1 names no combat ability"),
    ("card-value", {"card_abilities": {"attack": 1}}, "'attack' names no combat ability"),
    ("reaction-taken", {"reaction_effects": {"attack": "damage"}}, "bad reaction effect 'attack'"),
    ("reaction-param", {"reaction_effects": {"defend": 2}}, "bad reaction effect 'defend'"),
    ("reaction-key", {"reaction_effects": {2: "block"}}, "bad reaction effect 2"),
    (
        "reaction-unknown-param",
        {"reaction_effects": {"defend": "chance"}, "dodge_effects": ()},
        "effect 'defend' has no parameter 'chance'",
    ),
    ("shields-str", {"shield_stats": "defence"}, "shield_stats must be a tuple of stat names"),
    ("shields-int", {"shield_stats": (1,)}, "shield_stats must be a tuple of stat names"),
    ("damage-empty", {"card_damage": ""}, f"card_damage is None or {PARAMS}, not ''"),
    ("damage-int", {"card_damage": 1}, f"card_damage is None or {PARAMS}, not 1"),
    (
        "damage-nonsense",
        {"card_damage": "nonsense"},
        f"card_damage is None or {PARAMS}, not 'nonsense'",
    ),
    ("heal-taken", {"heal_effects": {"attack": "damage"}}, "bad healing effect 'attack': 'damage'"),
    (
        "heal-reaction",
        {"heal_effects": {"defend": "block"}},
        "bad healing effect 'defend': 'block'",
    ),
    ("heal-param", {"heal_effects": {"heal": "chance"}}, "bad healing effect 'heal': 'chance'"),
    ("heal-param-int", {"heal_effects": {"heal": 1}}, "bad healing effect 'heal': 1"),
    ("heal-key", {"heal_effects": {1: "amount"}}, "bad healing effect 1: 'amount'"),
    (
        "burn-kind",
        {"burn_effects": {"attack": "fly"}},
        f"Burn stat 'attack' does one of {KINDS}, not 'fly'",
    ),
    (
        "burn-shield",
        {"burn_effects": {"defence": "heal"}},
        f"Burn stat 'defence' does one of {KINDS}, not 'heal'",
    ),
    ("burn-key", {"burn_effects": {1: "heal"}}, f"Burn stat 1 does one of {KINDS}, not 'heal'"),
    ("rearward-str", {"rearward": "cy"}, "rearward must be a tuple of party names"),
    ("rearward-int", {"rearward": (1,)}, "rearward must be a tuple of party names"),
    ("rearward-name", {"rearward": ("zed",)}, "'zed' is not a party name"),
    (
        "abilities-list",
        {"party_abilities": ["Shoot"]},
        "party_abilities must name combat abilities",
    ),
    ("abilities-name", {"party_abilities": ("Fly",)}, "party_abilities must name combat abilities"),
    ("abilities-int", {"party_abilities": (1,)}, "party_abilities must name combat abilities"),
    (
        "abilities-basic",
        {"party_abilities": ("Attack",)},
        "party_abilities repeat a name or a basic ability",
    ),
    (
        "abilities-twice",
        {"party_abilities": ("Shoot", "Shoot")},
        "party_abilities repeat a name or a basic ability",
    ),
    ("items", {"party_items": (Item("pack", 99),)}, "ana: its items need more than its 10 slots"),
    (
        "deck-param",
        {"skills": SkillsConfig(deck=_deck(Effect("heal", {"much": 1})))},
        "card 'X': effect 'heal' takes ['amount'], not 'much'",
    ),
    (
        "gm-deck-value",
        {"skills": SkillsConfig(gm_deck=_deck(Effect("heal", {"amount": "1"})))},
        "card 'X': effect 'heal' takes ['amount'] as whole numbers",
    ),
    (
        "gm-deck-param",
        {"skills": SkillsConfig(gm_deck=_deck(Effect("heal", {"much": 1})))},
        "card 'X': effect 'heal' takes ['amount'], not 'much'",
    ),
    (
        "deck-value",
        {"skills": SkillsConfig(deck=_deck(Effect("heal", {"amount": "1"})))},
        "card 'X': effect 'heal' takes ['amount'] as whole numbers",
    ),
    (
        "dodge-effect",
        {"dodge_effects": ("attack",)},
        "dodge_effects must name effects of reaction_effects",
    ),
    (
        "dodge-list",
        {"dodge_effects": ["evade"]},
        "dodge_effects must name effects of reaction_effects",
    ),
    ("sides-0", {"dodge_sides": 0}, "dodge_sides is 1 to 1000, not 0"),
    ("sides-1001", {"dodge_sides": 1001}, "dodge_sides is 1 to 1000, not 1001"),
    ("sides-bool", {"dodge_sides": True}, "dodge_sides is 1 to 1000, not True"),
    ("shield-minus", {"dodge_shield": -1}, "dodge_shield is 0 or more, not -1"),
    ("shield-bool", {"dodge_shield": True}, "dodge_shield is 0 or more, not True"),
    ("names-none", {"names": ()}, "1 to 64 names"),
    (
        "ability-costs-list",
        {"ability_costs": ["x"]},
        "ability_costs is a mapping of ability names to costs, not ['x']",
    ),
    (
        "card-abilities-list",
        {"card_abilities": ["x"]},
        "card_abilities is a mapping of Play effects to abilities, not ['x']",
    ),
    (
        "reaction-effects-list",
        {"reaction_effects": ["x"]},
        "reaction_effects is a mapping of Play effects to parameters, not ['x']",
    ),
    (
        "heal-effects-list",
        {"heal_effects": ["x"]},
        "heal_effects is a mapping of Play effects to parameters, not ['x']",
    ),
    (
        "burn-effects-list",
        {"burn_effects": ["x"]},
        "burn_effects is a mapping of modifier stats to Burn kinds, not ['x']",
    ),
    (
        "default-deck",
        {"skills": SkillsConfig(hand_limit=6)},
        "this SkillsConfig holds gamefold's default deck, not the skirmish's SKIRMISH_DECK: "
        "SkillsConfig(hand_limit=6) resets every field it does not name; to change one field "
        'and keep the skirmish\'s others write Skirmish().variant(**{"skills.hand_limit": 6}) '
        "(or give deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK)",
    ),
    (
        "burn-too-big",
        {"skills": _big_card_decks(burn=MAX_SHIELD + 1)},
        "card 'Big': a Burn modifier is at most 1,000,000",
    ),
    (
        "figure-too-big",
        {"skills": _big_card_decks(amount=-MAX_SHIELD - 1)},
        "card 'Big': effect 'heal' takes ['amount'] of at most 1,000,000",
    ),
]

WHERE = {
    "names-none": "names, SD-1",
    "ability-costs-list": "ability_costs, SD-10",
    "card-abilities-list": "card_abilities, SD-11",
    "reaction-effects-list": "reaction_effects, SD-8",
    "heal-effects-list": "heal_effects, SD-11",
    "burn-effects-list": "burn_effects, SD-12",
    "default-deck": "skills, SD-1",
    "burn-too-big": "skills.deck, SD-12",
    "figure-too-big": "skills.deck, SD-11",
    "names-list": "names, SD-1",
    "names-int": "names, SD-1",
    "names-empty": "names, SD-1",
    "names-65": "names, SD-1",
    "names-twice": "names, SD-1",
    "names-gm": "names, SD-7",
    "size-0": "party_size, SD-1",
    "size-7": "party_size, SD-1",
    "size-bool": "party_size, SD-1",
    "leader-3": "leader, CB-5",
    "leader-minus": "leader, CB-5",
    "leader-bool": "leader, CB-5",
    "enemies-none": "enemies, CB-10",
    "enemies-list": "enemies, CB-10",
    "enemies-65": "enemies, CB-10",
    "enemy-str": "enemies, CB-10",
    "enemy-hp": "enemies, CB-10",
    "enemy-side": "enemies, CB-10",
    "enemy-twice": "enemies, EN-4",
    "enemy-gm": "enemies, EN-4",
    "enemy-unseated-name": "enemies, EN-4",
    "skills": "skills, SD-1",
    "combat": "combat, CB-10",
    "windows": "reaction_windows, SD-8",
    "gm-windows": "gm_reaction_windows, SD-8",
    "side-choice": "side_choice, SD-13",
    "cost-name": "ability_costs, SD-10",
    "cost-key": "ability_costs, SD-10",
    "cost-0": "ability_costs, SD-10",
    "cost-bool": "ability_costs, SD-10",
    "cost-no-free": "ability_costs, SD-15",
    "cost-zoned-free": "ability_costs, SD-15",
    "card-ability": "card_abilities, SD-11",
    "card-effect": "card_abilities, SD-11",
    "card-value": "card_abilities, SD-11",
    "reaction-taken": "reaction_effects, SD-8",
    "reaction-param": "reaction_effects, SD-8",
    "reaction-key": "reaction_effects, SD-8",
    "reaction-unknown-param": "reaction_effects, SD-8",
    "shields-str": "shield_stats, SD-12",
    "shields-int": "shield_stats, SD-12",
    "damage-empty": "card_damage, SD-11",
    "damage-int": "card_damage, SD-11",
    "damage-nonsense": "card_damage, SD-11",
    "heal-taken": "heal_effects, SD-11",
    "heal-reaction": "heal_effects, SD-11",
    "heal-param": "heal_effects, SD-11",
    "heal-param-int": "heal_effects, SD-11",
    "heal-key": "heal_effects, SD-11",
    "burn-kind": "burn_effects, SD-12",
    "burn-shield": "burn_effects, SD-12",
    "burn-key": "burn_effects, SD-12",
    "rearward-str": "rearward, CB-4",
    "rearward-int": "rearward, CB-4",
    "rearward-name": "rearward, CB-4",
    "abilities-list": "party_abilities, CB-4",
    "abilities-name": "party_abilities, CB-4",
    "abilities-int": "party_abilities, CB-4",
    "abilities-basic": "party_abilities, CB-4",
    "abilities-twice": "party_abilities, CB-4",
    "items": "party_items, CB-15",
    "deck-param": "skills.deck, SD-11",
    "gm-deck-value": "skills.gm_deck, SD-11",
    "dodge-effect": "dodge_effects, SD-8",
    "dodge-list": "dodge_effects, SD-8",
    "sides-0": "dodge_sides, SD-8",
    "sides-1001": "dodge_sides, SD-8",
    "sides-bool": "dodge_sides, SD-8",
    "shield-minus": "dodge_shield, SD-8",
    "shield-bool": "dodge_shield, SD-8",
    "gm-deck-param": "skills.gm_deck, SD-11",
    "deck-value": "skills.deck, SD-11",
}
"""The field and the rule each refusal names."""


@pytest.mark.parametrize(("case", "changes", "sentence"), REFUSALS, ids=[c[0] for c in REFUSALS])
def test_en4_a_refused_config_says_what_is_wrong_in_a_sentence(
    case: str, changes: dict[str, Any], sentence: str
) -> None:
    """EN-4: a bad value is refused with the sentence a user reads, then the field and the
    rule it breaks."""
    with pytest.raises(ConfigError) as caught:
        SkirmishConfig(**changes)
    assert str(caught.value) == f"{sentence} [{WHERE[case]}]"
    assert f"{caught.value.field}, {caught.value.rule}" == WHERE[case]


ACCEPTED: list[tuple[str, dict[str, Any]]] = [
    ("six-seats", {"party_size": 6}),
    ("one-seat", {"party_size": 1, "rearward": ()}),
    ("last-leader", {"leader": 2}),
    ("64-names", {"names": tuple(f"p{i}" for i in range(64)), "rearward": ()}),
    ("64-enemies", {"enemies": tuple(Fighter(f"e{i}", Side.ENEMIES) for i in range(64))}),
    ("cost-1", {"ability_costs": {"Attack": 1}}),
    ("no-costs", {"ability_costs": {}}),
    ("no-card-damage", {"card_damage": None}),
    ("flat-sides-1", {"dodge_sides": 1}),
    ("sides-1000", {"dodge_sides": 1000}),
    ("no-dodge-shield", {"dodge_shield": 0}),
    ("unknown-reaction", {"reaction_effects": {"defend": "block", "evade": "chance", "x": "y"}}),
    ("unknown-heal", {"heal_effects": {"shout": "volume"}}),
    ("rearward-unseated-name", {"rearward": ("fay",)}),
    ("one-name", {"names": ("ana",), "party_size": 1, "rearward": ()}),
    ("figures-at-max", {"skills": _big_card_decks(amount=-MAX_SHIELD, burn=MAX_SHIELD)}),
    (
        "unknown-effect-params",
        {
            "skills": SkillsConfig(
                deck=(CardDef("Y", Effect("sing", {"tune": "a"})), *SKIRMISH_DECK),
                gm_deck=(CardDef("Y", Effect("sing", {"tune": "a"})), *SKIRMISH_DECK),
            )
        },
    ),
]


@pytest.mark.parametrize("changes", [c[1] for c in ACCEPTED], ids=[c[0] for c in ACCEPTED])
def test_sd1_values_at_the_bounds_are_accepted(changes: dict[str, Any]) -> None:
    """SD-1, SD-8, SD-10, SD-11, EN-8: each bound is inclusive; an effect or parameter the
    game does not resolve is flavour, not an error."""
    config = SkirmishConfig(**changes)
    for name, value in changes.items():
        assert getattr(config, name) == value


def test_sd11_an_unknown_effect_does_not_stop_the_check_of_the_cards_after_it() -> None:
    """SD-11: a card whose effect the game does not resolve is skipped, and the next card
    is still checked."""
    deck = (CardDef("Y", Effect("sing", {})), CardDef("X", Effect("heal", {"much": 1})))
    with pytest.raises(ConfigError) as caught:
        SkirmishConfig(skills=SkillsConfig(deck=deck * 10))
    assert caught.value.field == "skills.deck"


def test_sk10_fighters_are_the_party_in_their_zones_then_the_enemies() -> None:
    """SK-10, SK-14, CB-4: each member starts in Forward, or in Rearward when named in
    ``rearward``, with the party's abilities and items; then come the enemies."""
    config = SkirmishConfig(party_size=2, rearward=("bo",))
    party = config.fighters()[:2]
    assert [(f.id, f.side, f.zone) for f in party] == [
        ("ana", Side.PARTY, Zone.FORWARD),
        ("bo", Side.PARTY, Zone.REARWARD),
    ]
    assert all(f.items == (Item("pack", 2),) and f.abilities == OWN_ABILITIES for f in party)
    assert config.fighters()[2:] == DEFAULT_ENEMIES


def test_sd10_every_costed_ability_is_payable_and_reports_its_cost() -> None:
    """SD-10, SK-2: the deck's payable abilities are the costed ones, by name; combat's
    abilities report the same costs, and an unlisted one is free."""
    config = SkirmishConfig(ability_costs={"Shoot": 2, "Attack": 1})
    assert [(a.name, a.cost) for a in config.skills_config().abilities] == [
        ("Attack", 1),
        ("Shoot", 2),
    ]
    assert config.skills_config().deck == SKIRMISH_DECK
    costs = {a.name: a.cost for a in config.combat_config().abilities}
    assert costs == {"Attack": 1, "Defend": 0, "Shoot": 2, "Bash": 0}
    assert config.combat_config().max_hp == config.combat.max_hp


def test_en4_scenarios_by_name() -> None:
    """EN-4: the scenarios are listed in order; an unknown name is refused naming them."""
    assert scenario_names() == ("default", "classic", "siege", "ambush", "duel")
    assert scenario("siege") is SCENARIOS["siege"]
    assert scenario("default") == SkirmishConfig()
    with pytest.raises(ConfigError) as caught:
        scenario("nope")
    assert str(caught.value) == (
        "unknown scenario 'nope'; known: default, classic, siege, ambush, duel [scenario, EN-4]"
    )


def test_sd5_the_siege_builder() -> None:
    """SD-5, SD-6: the siege has 10-card decks Exhausting 2 cards a recycle for everyone,
    against an ogre (26), an orc (20) and an archer (14) in Rearward."""
    siege = skirmish_scenarios._siege()
    assert siege == SCENARIOS["siege"]
    assert [(e.id, e.zone, e.max_hp, e.abilities) for e in siege.enemies] == [
        ("ogre", Zone.FORWARD, 26, OWN_ABILITIES),
        ("orc", Zone.FORWARD, 20, OWN_ABILITIES),
        ("archer", Zone.REARWARD, 14, OWN_ABILITIES),
    ]
    assert all(e.side is Side.ENEMIES for e in siege.enemies)
    assert siege.skills == SkillsConfig(
        deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK, deck_size=10, exhaust_on_recycle=2
    )
    assert attrs.evolve(siege, enemies=DEFAULT_ENEMIES, skills=SkirmishConfig().skills) == (
        SkirmishConfig()
    )


def test_cb13_the_ambush_builder() -> None:
    """CB-13, CB-12: the ambush has a brute (12) in Forward, archer and sniper (8) and scout
    (6) in Rearward, the whole party in Forward, the ``outnumbered`` dire check and
    conditions lasting 2 Rounds."""
    ambush = skirmish_scenarios._ambush()
    assert ambush == SCENARIOS["ambush"]
    assert [(e.id, e.zone, e.max_hp, e.abilities) for e in ambush.enemies] == [
        ("brute", Zone.FORWARD, 12, OWN_ABILITIES),
        ("archer", Zone.REARWARD, 8, OWN_ABILITIES),
        ("sniper", Zone.REARWARD, 8, OWN_ABILITIES),
        ("scout", Zone.REARWARD, 6, OWN_ABILITIES),
    ]
    assert all(e.side is Side.ENEMIES for e in ambush.enemies)
    assert ambush.combat == CombatConfig(
        abilities=SKIRMISH_ABILITIES, dire="outnumbered", condition_rounds=2
    )
    assert ambush.rearward == ()
    changed = {"enemies": DEFAULT_ENEMIES, "combat": SkirmishConfig().combat, "rearward": ("cy",)}
    assert attrs.evolve(ambush, **changed) == SkirmishConfig()


def test_sk10_the_classic_builder() -> None:
    """SK-10 … SK-17 switched off: the classic skirmish has the default deck and catalogue,
    a goblin (10), an orc (14) and an archer (10) with no own abilities, only Attack
    costed, seat-order activations, no GM windows and every card bonus flavour."""
    classic = skirmish_scenarios._classic()
    assert classic == SCENARIOS["classic"]
    assert [(e.id, e.zone, e.max_hp, e.abilities) for e in classic.enemies] == [
        ("goblin", Zone.FORWARD, 10, ()),
        ("orc", Zone.FORWARD, 14, ()),
        ("archer", Zone.REARWARD, 10, ()),
    ]
    assert (classic.skills, classic.combat) == (SkillsConfig(), CombatConfig())
    assert dict(classic.ability_costs) == {"Attack": 1}
    assert (classic.side_choice, classic.gm_reaction_windows, classic.card_damage) == (
        False,
        False,
        None,
    )
    assert (dict(classic.heal_effects), dict(classic.burn_effects)) == ({}, {})
    assert (classic.dodge_effects, classic.rearward) == ((), ())
    assert (classic.party_abilities, classic.party_items) == ((), ())
    assert classic.reaction_windows is True


def test_sd15_a_ranged_own_ability_is_not_the_free_basic_one() -> None:
    """SD-15: a zone-bound basic ability does not count as the free one (a unit must be
    able to act from either zone), while a free zone-free one does."""
    fight = CombatConfig(abilities=(ATTACK, ZONED_DEFEND))
    enemies = (Fighter("x", Side.ENEMIES),)
    config = SkirmishConfig(
        combat=fight, ability_costs={"Defend": 1}, party_abilities=(), enemies=enemies
    )
    assert config.cost("Attack") == 0
