"""EN-8: every number and every list of a config has the upper bound the records guide says.

The table in ``docs/records.md`` ("Config limits") is read here: for each row, a number at
its bound is allowed, and one more (a list or map one entry longer) is refused with a
ConfigError naming the field; and every whole-number, list or map field of the configs is
in the table, so that no size goes unbounded unnoticed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from pyrsistent import PMap, pmap

from gamefold import ConfigError, combat, diplomacy, skills
from gamefold.games.campaign import CampaignConfig
from gamefold.games.skirmish import SkirmishConfig
from gamefold.games.summit import Scenario, SummitConfig

PAGE = Path(__file__).resolve().parents[2] / "docs" / "records.md"
CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        skills.SkillsConfig,
        combat.CombatConfig,
        diplomacy.DiplomacyConfig,
        SkirmishConfig,
        CampaignConfig,
        SummitConfig,
        Scenario,
    )
}
ROW = re.compile(r"^\| `(\w+)` \| `(\w+)` \| (.+?) \| (value|entries|copies in all) \|$")
NOT_IN_TABLE = {
    ("CombatConfig", "beats"): "CB-1 makes it exactly one pair for each two Hands",
    **{
        ("Scenario", troops): "the troop figures, bounded with the territory subsystem"
        for troops in (
            "starting_troops",
            "neutral_troops",
            "deploy_base",
            "aid_troops",
            "trap_troops",
            "support_deploy",
            "partnership_deploy",
        )
    },
}


def _rows() -> list[tuple[str, str, str, str]]:
    section = PAGE.read_text(encoding="utf-8").split("## Config limits", 1)[1].split("\n## ")[0]
    found = [m.groups() for line in section.splitlines() if (m := ROW.match(line))]
    assert len(found) > 60  # the table was read
    return found  # type: ignore[return-value]


ROWS = _rows()


def _bound(default: Any, text: str) -> int:
    """A bound of the table: a number, or another field's value (its length for a list)."""
    if not text.startswith("`"):
        return int(text.replace(",", ""))
    name, _, minus = text.partition(" - ")
    other = getattr(default, name.strip("`"))
    value = other if type(other) is int else len(other)
    return value - int(minus) if minus else value


def _entries(default: Any, count: int) -> Any:
    """A list or map of ``count`` entries like the field's default ones."""
    if isinstance(default, PMap):
        value = next(iter(default.values())) if default else "x"
        return pmap({f"k{i}": value for i in range(count)})
    return (default[0] if default else "x",) * count


def _built(cls: type, field: str, value: Any) -> ConfigError | None:
    try:
        cls(**{field: value})
    except ConfigError as err:
        return err
    return None


@pytest.mark.parametrize(
    ("name", "field", "bound", "of"), ROWS, ids=[f"{r[0]}.{r[1]}" for r in ROWS]
)
def test_en8_one_more_than_the_documented_bound_is_refused(
    name: str, field: str, bound: str, of: str
) -> None:
    cls = CLASSES[name]
    default = cls()
    limit = _bound(default, bound)
    current = getattr(default, field)
    if of == "value":
        over: Any = limit + 1
        at = _built(cls, field, limit)
        assert at is None, at  # the bound itself is allowed
    elif of == "entries":
        over = _entries(current, limit + 1)
    else:
        over = {next(iter(current)): limit + 1}
    refused = _built(cls, field, over)
    assert refused is not None, f"{name}.{field} accepted {limit + 1}"
    assert refused.field == field


def test_en8_every_number_and_list_of_a_config_is_in_the_table() -> None:
    listed = {(name, field) for name, field, _, _ in ROWS}
    sized = {
        (name, f.name)
        for name, cls in CLASSES.items()
        for f in attrs.fields(cls)
        if f.init and re.search(r"\bint\b|tuple|PMap|Beats", str(f.type))
    }
    assert sorted(sized - listed - set(NOT_IN_TABLE)) == []
    assert sorted(listed - sized) == []


NESTED: dict[str, Any] = {
    "combat-ability-damage": lambda: combat.Ability(
        name="Smash", stance=combat.Stance.OFFENSIVE, damage_win=1_000_001
    ),
    "combat-ability-cost": lambda: combat.Ability(
        name="Smash", stance=combat.Stance.OFFENSIVE, cost=1_000_001
    ),
    "inflict-rounds": lambda: combat.Inflict(condition=combat.Condition.STONED, rounds=1_001),
    "fighter-hp": lambda: SkirmishConfig(
        enemies=(combat.Fighter("troll", combat.Side.ENEMIES, max_hp=1_000_001),)
    ),
    "fighter-stress": lambda: SkirmishConfig(
        enemies=(combat.Fighter("troll", combat.Side.ENEMIES, stress=1_001),)
    ),
    "fighter-slots": lambda: SkirmishConfig(
        enemies=(combat.Fighter("troll", combat.Side.ENEMIES, slots=1_001),)
    ),
    "card-figure": lambda: diplomacy.CardType(
        "Troops T9", diplomacy.Kind.VALUE, "Troops", tier=1_001, points=1
    ),
    "card-effect": lambda: _skirmish_card(skills.Effect("heal", {"amount": 1_000_001}), ()),
    "card-burn": lambda: _skirmish_card(skills.Effect("heal"), (skills.Modifier("x", -(10**9)),)),
}


def _skirmish_card(play: Any, burn: Any) -> SkirmishConfig:
    """A skirmish whose players' deck holds one card of this effect and these modifiers."""
    deck = (skills.CardDef("Odd", play, burn),)
    return SkirmishConfig(skills=skills.SkillsConfig(deck=deck, gm_deck=deck))


@pytest.mark.parametrize("build", NESTED.values(), ids=list(NESTED))
def test_en8_the_records_inside_configs_are_bounded_too(build: Any) -> None:
    """EN-8, CB-10, CB-12, DP-8, SD-11, SD-12: abilities, conditions, fighters and card
    types refuse a figure above 1,000 (damage, costs, hit points and a
    skirmish card's effect and Burn figures: 1,000,000 either way)."""
    with pytest.raises(ConfigError, match=r"at most 1,000"):
        build()


def test_en8_dp6_a_bonus_zone_is_bounded_by_the_largest_income_any_config_allows() -> None:
    """EN-8, DP-5, DP-6: a bonus zone feeds at most MAX_ZONE_QUARTERS units a turn, the
    income bound at the largest price and resolution; a config bounds its zones together
    more tightly (``max_income``)."""
    from gamefold.diplomacy.ticks import MAX_TURN_CARDS, MAX_ZONE_QUARTERS

    assert MAX_ZONE_QUARTERS == MAX_TURN_CARDS * 1_000 * 1_000
    zone = diplomacy.BonusZone(diplomacy.Kind.VALUE, quarters=MAX_ZONE_QUARTERS)
    assert zone.quarters == MAX_ZONE_QUARTERS
    with pytest.raises(ConfigError, match=r"at most 40,000,000 units"):
        diplomacy.BonusZone(diplomacy.Kind.VALUE, quarters=MAX_ZONE_QUARTERS + 1)
