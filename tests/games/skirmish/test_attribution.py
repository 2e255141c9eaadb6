"""The rules each skirmish event attests, for rule coverage (EN-7; SK-1 … SK-18).

A skirmish's table joins skills' and combat's ``EVENT_RULES`` with its own, in that order
(``joined_event_rules``): each expected tuple below is the subsystems' rules (their
``EVENT_RULES`` docstrings) followed by the SK rules docs/games/skirmish.md gives the event.
Every table is built inside a test, never at import, so that a mutation tool reaches it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gamefold import combat, skills
from gamefold.combat import (
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
    Zone,
)
from gamefold.core import Event
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.games.skirmish.account import OWN_RULES, attested, event_rules, rule_ids
from gamefold.games.skirmish.state import (
    DeclarationHeld,
    DeclarationLapsed,
    Dodged,
    LeftTheFight,
    ShieldsDropped,
)
from gamefold.registry import Game
from gamefold.skills import (
    GM,
    ActivationEnded,
    ActivationStarted,
    CardBurned,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    CardsExhausted,
    CharacterDied,
    CostPaid,
    DeckRecycled,
    DrawFellShort,
    Effect,
    FatigueGained,
    HandLimitChanged,
    HandTrimmed,
    Modifier,
    ModifiersReset,
    ReactionWindowClosed,
    ReactionWindowOpened,
    RoundEnded,
    RoundStarted,
    UnitDefeated,
    UnitsFielded,
)

from .support import pair_first

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games" / "skirmish.md"

STRIKE = Effect("attack", {"damage": 2})
"""Strike: declares Attack (SK-3) and adds its damage of 2 (SK-16)."""


def _rules(event: Event, config: SkirmishConfig | None = None) -> tuple[str, ...]:
    return event_rules(config or SkirmishConfig())[type(event)](event)


# One representative event of every type the table names, with what it attests under the
# default config: (event, subsystem rules + SK rules).
TABLE: list[tuple[Event, tuple[str, ...]]] = [
    # Skill deck events the skirmish adds nothing to (skills.EVENT_RULES alone).
    (RoundStarted(1), ("SD-3", "SD-13")),
    (RoundEnded(1), ("SD-4", "SD-13")),
    (ActivationStarted("ana", "ana"), ("SD-13",)),
    (ActivationEnded("ana", "ana"), ("SD-4", "SD-15")),
    (ModifiersReset("ana", (Modifier("attack", 1),)), ("SD-12",)),
    (CardDiscarded("ana", 3), ("SD-9",)),
    (ReactionWindowOpened("ana"), ("SD-8",)),
    (ReactionWindowClosed("ana"), ("SD-8",)),
    (HandTrimmed("ana", (3,)), ("SD-2",)),
    (CardsDrawn("ana", (3, 4)), ("SD-3",)),
    (DeckRecycled("ana", 20, False), ("SD-5",)),
    (FatigueGained("ana", 1, 1), ("SD-5",)),
    (CardsExhausted("ana", (3,)), ("SD-5",)),
    (DrawFellShort(GM, 1), ("SD-7",)),
    (CharacterDied("ana", "fatal exhaustion"), ("SD-6",)),
    (UnitsFielded(("goblin",), ()), ("SD-13",)),
    # Combat events the skirmish adds nothing to (combat.EVENT_RULES alone).
    (PairingsDissolved(), ("CB-5",)),
    (Declared("ana", "Attack", Hand.ROCK, "goblin", 1), ("CB-10",)),
    (RetreatDeclared("ana", None, ()), ("CB-13",)),
    (StressGained("ana", 2, 2), ("CB-14",)),
    (DamageDealt("goblin", 3, 11), ("CB-10", "CB-11")),
    (ConditionEnded("goblin", Condition.STONED), ("CB-12",)),
    (CombatantWithdrawn("ana", "fatal exhaustion"), ()),
    (DamagePrevented("ana", 1), ()),
    (Empowered("ana", 2, 2), ()),
    (Healed("ana", 1, 8), ("CB-11",)),
    # AbilityResolved: combat's rules only (the skirmish's entry attests nothing).
    (
        AbilityResolved("ana", "Attack", Hand.ROCK, "goblin", Outcome.WIN, True, 3),
        ("CB-10", "CB-3", "CB-1", "CB-8"),
    ),
    # SK-1: pairings and the exchange's reveal are the Round flow.
    (PairingsAssigned(Side.PARTY, (Pair("ana", "goblin"),)), ("CB-5", "SK-1")),
    (ExchangeRevealed(1), ("CB-10", "SK-1")),
    # SK-2: a cost is paid in Discards.
    (CostPaid("ana", "Attack", (3,)), ("SD-10", "SK-2")),
    # SK-3, SK-16: Strike, an ability card with damage.
    (CardPlayed("ana", 3, "Strike", STRIKE), ("SD-1", "SD-11", "SK-3", "SK-16")),
    # SK-17: a Burn whose modifier acts (an exhausted card: SD-12 alone from the deck).
    (CardBurned("ana", 3, "Strike", (Modifier("attack", 1),), True), ("SD-12", "SK-17")),
    # SK-4: an enemy's declaration at a party member is held.
    (DeclarationHeld("goblin", "ana"), ("SK-4",)),
    # SK-5: shields raised and dropped.
    (Warded("ana", 2, 2), ("SK-5",)),
    (ShieldsDropped(), ("SK-5",)),
    # SK-6: leaving the fight, and a declaration lapsing with it.
    (LeftTheFight("ana", "fatal exhaustion"), ("SK-6",)),
    (DeclarationLapsed("goblin", "ana"), ("SK-6",)),
    # SK-7: falls.
    (CombatantFell("goblin"), ("CB-11", "SK-7")),
    (UnitDefeated("goblin"), ("SD-13", "SK-7")),
    # SK-8: flight, escaped without loss; a failed retreat.
    (Fled(("ana", "bo", "cy"), (), (), ()), ("CB-13", "SK-8")),
    (RetreatFailed("dire", ("ana",)), ("CB-13", "SK-8")),
    # SK-9: the end.
    (CombatEnded(Ending.PARTY_WON), ("SK-9",)),
    # SK-11: moves.
    (Moved("ana", Zone.FORWARD, Zone.REARWARD), ("CB-4", "SK-11")),
    # SK-12: levels and equipment.
    (HandLimitChanged("ana", 5, 6), ("SD-2", "SK-12")),
    # SK-13: conditions inflicted.
    (ConditionApplied("goblin", Condition.STONED, 1), ("CB-12", "SK-13")),
    # SK-15 (with SD-8, a reaction): Dodge is rolled.
    (Dodged("ana", 1, 2, 4), ("SK-15", "SD-8")),
]

OWN_TYPES = {
    PairingsAssigned,
    ExchangeRevealed,
    CostPaid,
    CardPlayed,
    CardBurned,
    DeclarationHeld,
    Warded,
    ShieldsDropped,
    LeftTheFight,
    DeclarationLapsed,
    CombatantFell,
    UnitDefeated,
    Fled,
    Moved,
    Dodged,
    HandLimitChanged,
    ConditionApplied,
    RetreatFailed,
    CombatEnded,
    AbilityResolved,
}
"""The event types the skirmish's own table names (attribution.event_rules)."""


@pytest.mark.parametrize(
    ("event", "rules"), TABLE, ids=[f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(TABLE)]
)
def test_en7_sk1_to_sk17_each_event_type_attests_its_rules(
    event: Event, rules: tuple[str, ...]
) -> None:
    """EN-7: the exact rules of a representative event of each type, in table order."""
    assert _rules(event) == rules


def test_en7_the_table_names_exactly_the_skirmish_events() -> None:
    """EN-7: every event type of skills, of combat and of the skirmish's own table has an
    entry, and nothing else does; the table above covers each of them once."""
    table = event_rules(SkirmishConfig())
    assert set(table) == set(skills.EVENT_RULES) | set(combat.EVENT_RULES) | OWN_TYPES
    assert sorted(type(e).__name__ for e, _ in TABLE) == sorted(k.__name__ for k in table)
    own_only = {DeclarationHeld, DeclarationLapsed, LeftTheFight, Dodged}
    assert own_only <= set(table)
    assert not own_only & (set(skills.EVENT_RULES) | set(combat.EVENT_RULES))


@pytest.mark.parametrize(
    ("effect", "rules"),
    [
        (Effect("attack", {"damage": 2}), ("SK-3", "SK-16")),
        (Effect("attack", {"damage": 1}), ("SK-3", "SK-16")),
        (Effect("attack", {"damage": 0}), ("SK-3",)),
        (Effect("attack"), ("SK-3",)),
        (Effect("heal", {"amount": 1}), ("SK-16",)),
        (Effect("draw", {"count": 1}), ()),
        (Effect("move"), ()),
    ],
)
def test_sk3_sk16_a_played_card_attests_its_ability_damage_or_healing(
    effect: Effect, rules: tuple[str, ...]
) -> None:
    """SK-3: an ability card (``card_abilities``: ``attack``) declares its ability; SK-16:
    with a ``card_damage`` parameter above 0 it adds damage, and a ``heal_effects`` card
    (``heal``) heals; any other card attests only the deck's SD-1 and SD-11."""
    assert _rules(CardPlayed("ana", 3, "Card", effect)) == ("SD-1", "SD-11", *rules)


SMITING = SkirmishConfig(card_abilities={"smite": "Attack"}, card_damage="power")
"""A deck's own ``smite`` effect declares Attack, its damage given as ``power``."""


@pytest.mark.parametrize(
    ("config", "effect", "rules"),
    [
        # card_damage=None: Strike's damage is flavour (SK-16 off), it still declares (SK-3).
        (SkirmishConfig(card_damage=None), STRIKE, ("SK-3",)),
        # heal_effects={}: Rally heals nobody.
        (SkirmishConfig(heal_effects={}), Effect("heal", {"amount": 1}), ()),
        # card_abilities={}: no card declares an ability, damage or not.
        (SkirmishConfig(card_abilities={}), STRIKE, ()),
        # Another damage parameter, of a game's own effect: "power" counts, "damage" does not.
        (SMITING, Effect("smite", {"power": 1}), ("SK-3", "SK-16")),
        (SMITING, Effect("smite", {"damage": 2}), ("SK-3",)),
    ],
)
def test_sk3_sk16_a_played_card_follows_the_config(
    config: SkirmishConfig, effect: Effect, rules: tuple[str, ...]
) -> None:
    """SK-3, SK-16 at other values of ``card_damage``, ``heal_effects`` and
    ``card_abilities`` (the classic scenario's flavour-only reading)."""
    assert _rules(CardPlayed("ana", 3, "Card", effect), config) == ("SD-1", "SD-11", *rules)


@pytest.mark.parametrize(
    ("modifiers", "acts"),
    [
        ((Modifier("attack", 1),), True),
        ((Modifier("morale", 2),), True),
        ((Modifier("focus", 1),), True),
        ((Modifier("speed", 1),), True),
        ((Modifier("evasion", 1),), True),
        # defence shields (SK-5), it is no burn effect.
        ((Modifier("defence", 1),), False),
        # A modifier of 0 or less does nothing (cards._burn_effect).
        ((Modifier("attack", 0),), False),
        ((Modifier("attack", -1),), False),
        ((), False),
        # Any acting modifier is enough.
        ((Modifier("defence", 1), Modifier("attack", 1)), True),
        ((Modifier("attack", 1), Modifier("defence", 1)), True),
    ],
)
def test_sk17_a_burn_attests_sk17_when_a_modifier_acts(
    modifiers: tuple[Modifier, ...], acts: bool
) -> None:
    """SK-17: a Burn acts for each modifier whose stat ``burn_effects`` names with an
    amount above 0; a player's exhausted card attests SD-12 from the deck."""
    expected = ("SD-12", "SK-17") if acts else ("SD-12",)
    assert _rules(CardBurned("ana", 3, "Card", modifiers, True)) == expected


def test_sk17_a_burn_follows_burn_effects() -> None:
    """SK-17 with ``burn_effects={}`` (nothing acts) and ``{"morale": "empower"}`` (Rally's
    morale acts, Strike's attack no longer does); a GM card discarded, not exhausted, adds
    SD-7 from the deck before SK-17."""
    attack = (Modifier("attack", 1),)
    morale = (Modifier("morale", 1),)
    assert _rules(
        CardBurned("ana", 3, "Strike", attack, True), SkirmishConfig(burn_effects={})
    ) == ("SD-12",)
    remapped = SkirmishConfig(burn_effects={"morale": "empower"})
    assert _rules(CardBurned("ana", 3, "Rally", morale, True), remapped) == ("SD-12", "SK-17")
    assert _rules(CardBurned("ana", 3, "Strike", attack, True), remapped) == ("SD-12",)
    assert _rules(CardBurned(GM, 3, "Strike", attack, False)) == ("SD-12", "SD-7", "SK-17")


@pytest.mark.parametrize(
    ("unit", "target", "rule"),
    [
        ("goblin", "ana", "SK-4"),
        ("orc", "cy", "SK-4"),
        ("ana", "goblin", "SK-18"),
        ("cy", "archer", "SK-18"),
    ],
)
def test_sk4_sk18_a_held_declaration_attests_whose_window_it_is(
    unit: str, target: str, rule: str
) -> None:
    """SK-4: a declaration at a party member waits on the member's window; SK-18: one at a
    GM unit waits on the GM's."""
    assert _rules(DeclarationHeld(unit, target)) == (rule,)


def test_sk4_sk18_the_party_is_the_configs() -> None:
    """SK-4, SK-18 with ``party_size=2``: ana and bo are the party, so a declaration at ana
    is held for her (SK-4), and one at an enemy for the GM (SK-18)."""
    config = SkirmishConfig(party_size=2)
    assert config.party == ("ana", "bo")
    assert _rules(DeclarationHeld("goblin", "bo"), config) == ("SK-4",)
    assert _rules(DeclarationHeld("bo", "goblin"), config) == ("SK-18",)


@pytest.mark.parametrize(
    ("fled", "rules"),
    [
        (Fled(("ana",), (), (), ()), ("CB-13", "SK-8")),
        (Fled(("ana",), (), (), (LostItem("ana", "pack"),)), ("CB-13", "CB-14", "SK-8", "SK-14")),
        (Fled(("ana",), (Carry("ana", "bo"),), (), ()), ("CB-13", "CB-15", "SK-8")),
        (
            Fled(("ana",), (), ("bo",), (LostItem("ana", "pack"), LostItem("cy", "pack"))),
            ("CB-13", "CB-14", "CB-15", "SK-8", "SK-14"),
        ),
    ],
)
def test_sk8_sk14_a_flight_attests_sk14_when_items_were_lost(
    fled: Fled, rules: tuple[str, ...]
) -> None:
    """SK-8: an escape is the party's flight; SK-14: items dropped in it are lost."""
    assert _rules(fled) == rules


def test_en7_every_rule_attested_is_a_rule_of_the_game() -> None:
    """EN-7: the table names only rules of ``rule_ids()``."""
    known = set(rule_ids())
    for event, _ in TABLE:
        assert set(_rules(event)) <= known


# attested: the events' rules, and the zone rules a declaration shows in the state.


def _paired() -> tuple[Skirmish, Game]:
    """The default game with its first Round started and Forward paired (CB-5): ana and bo
    in Forward, cy in Rearward behind them."""
    game_def = Skirmish()
    return game_def, pair_first(game_def, game_def.setup(1))


def _attested(game_def: Skirmish, game: Game, *events: Event) -> tuple[str, ...]:
    return attested(event_rules(game_def.config), game, events)


def test_sk10_cb4_a_zone_bound_declaration_attests_sk10() -> None:
    """SK-10, CB-4, CB-6: cy's Shoot from Rearward needs a zone (CB-4, so SK-10) and cy counts
    as Rearward (CB-6), after the declaration's own CB-10."""
    game_def, game = _paired()
    shoot = Declared("cy", "Shoot", Hand.ROCK, "archer", 1)
    assert _attested(game_def, game, shoot) == ("CB-10", "CB-4", "CB-6", "SK-10")


def test_cb5_a_paired_attack_attests_no_sk10() -> None:
    """CB-5: ana, paired in Forward, declares Attack (no zone): no CB-4, so no SK-10."""
    game_def, game = _paired()
    assert game["combat"].combatants[0].partner is not None
    attack = Declared("ana", "Attack", Hand.ROCK, "goblin", 1)
    assert _attested(game_def, game, attack) == ("CB-10", "CB-5")


def test_sk10_a_bash_in_forward_attests_sk10_with_its_pairing() -> None:
    """SK-10, CB-4, CB-5: ana's Bash (Forward only), paired."""
    game_def, game = _paired()
    bash = Declared("ana", "Bash", Hand.PAPER, "goblin", 1)
    assert _attested(game_def, game, bash) == ("CB-10", "CB-4", "CB-5", "SK-10")


def test_en7_attested_joins_each_events_rules_in_order() -> None:
    """EN-7: each event adds its table's rules in the order of the events; a declaration
    adds its zone rules right after its own; nothing at all for no events."""
    game_def, game = _paired()
    events: tuple[Event, ...] = (
        PairingsAssigned(Side.PARTY, (Pair("ana", "goblin"),)),
        Declared("cy", "Shoot", Hand.ROCK, "archer", 1),
        Dodged("ana", 1, 2, 4),
        DeclarationHeld("goblin", "ana"),
    )
    assert _attested(game_def, game, *events) == (
        *("CB-5", "SK-1"),
        *("CB-10", "CB-4", "CB-6", "SK-10"),
        *("SK-15", "SD-8"),
        "SK-4",
    )
    assert _attested(game_def, game) == ()


def test_en7_attested_skips_an_event_the_table_does_not_name() -> None:
    """EN-7: an event of another kind attests nothing, and the events around it still do."""
    game_def, game = _paired()

    class Unknown(Event):
        pass

    events = (Unknown(), ShieldsDropped(), Unknown())
    assert _attested(game_def, game, *events) == ("SK-5",)


def test_en7_attested_reads_the_table_it_is_given() -> None:
    """EN-7: ``attested`` uses the table passed in, not the default one, and still adds a
    declaration's zone rules, with SK-10 for CB-4, even when the table has no entry."""
    _, game = _paired()
    table: dict[type, Any] = {ShieldsDropped: lambda e: ("X-1",)}
    events = (ShieldsDropped(), Declared("cy", "Shoot", Hand.ROCK, "archer", 1))
    assert attested(table, game, events) == ("X-1", "CB-4", "CB-6", "SK-10")
    assert attested({}, game, events) == ("CB-4", "CB-6", "SK-10")


def test_en7_a_declaration_by_nobody_in_the_fight_attests_no_zone() -> None:
    """CB-10 only: a declarer who is not a combatant has no zone to show."""
    game_def, game = _paired()
    ghost = Declared("nobody", "Shoot", Hand.ROCK, "archer", 1)
    assert _attested(game_def, game, ghost) == ("CB-10",)


def test_en7_the_game_def_attests_through_this_module() -> None:
    """EN-7: ``Skirmish.attested`` and ``Skirmish.rule_ids`` are this module's."""
    game_def, game = _paired()
    bash = Declared("ana", "Bash", Hand.PAPER, "goblin", 1)
    assert game_def.attested(game, (bash,)) == ("CB-10", "CB-4", "CB-5", "SK-10")
    assert game_def.rule_ids() == rule_ids()


# rule_ids: SD-1 … SD-15, CB-1 … CB-15 and SK-1 … SK-18.


def _documented_sk_rules() -> list[str]:
    """The SK rules of the rules table in docs/games/skirmish.md, in order."""
    return re.findall(r"^\| \*\*(SK-\d+)\*\*", DOCS.read_text("utf-8"), flags=re.MULTILINE)


def test_en7_own_rules_are_the_documented_sk_rules() -> None:
    """SK-1 … SK-18: the skirmish's own rules are exactly the rules table of its docs page."""
    documented = _documented_sk_rules()
    assert documented == [f"SK-{n}" for n in range(1, 19)]
    assert list(OWN_RULES) == documented


def test_en7_rule_ids_are_sd_cb_and_sk_rules_each_once() -> None:
    """EN-7: ``rule_ids()`` is SD-1 … SD-15, CB-1 … CB-15 and SK-1 … SK-18 (its docstring and
    the docs' rules table), in that order, each once."""
    ids = rule_ids()
    expected = (
        *(f"SD-{n}" for n in range(1, 16)),
        *(f"CB-{n}" for n in range(1, 16)),
        *_documented_sk_rules(),
    )
    assert ids == expected
    assert len(ids) == len(set(ids)) == 15 + 15 + 18
    assert {"SD-1", "SD-15", "CB-1", "CB-15", "SK-1", "SK-18"} <= set(ids)
    assert not {"SD-0", "SD-16", "CB-0", "CB-16", "SK-0", "SK-19"} & set(ids)
