"""The skirmish configuration: the party, the enemies, both subsystems and every game default.

A :class:`SkirmishConfig` holds the numbers of the two subsystems it composes (a
:class:`~gamefold.skills.SkillsConfig` and a :class:`~gamefold.combat.CombatConfig`) and the
defaults of the rules that cross them (SK-1 … SK-9, see ``docs/games/skirmish.md``). It is
validated when built: a wrong value raises :class:`~gamefold.ConfigError` naming the field.

The cost of each combat ability in Skill cards lives in one place,
:attr:`SkirmishConfig.ability_costs`; :meth:`SkirmishConfig.skills_config` and
:meth:`SkirmishConfig.combat_config` derive from it the payable abilities of the skill-deck
slice (SD-10) and the ``cost`` the combat slice reports, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
from pyrsistent import PMap, pmap

from gamefold import skills
from gamefold.combat import CombatConfig, Fighter, Side, Zone, entry_problem
from gamefold.errors import ConfigError
from gamefold.skills import GM, SkillsConfig

__all__ = [
    "DEFAULT_ENEMIES",
    "PARTY_NAMES",
    "SkirmishConfig",
]

PARTY_NAMES: tuple[str, ...] = ("ana", "bo", "cy", "dee", "eli", "fay")
"""Names of the party's player characters, in seat order; a party takes the first few."""

DEFAULT_ENEMIES: tuple[Fighter, ...] = (
    Fighter("goblin", Side.ENEMIES, max_hp=10),
    Fighter("orc", Side.ENEMIES, max_hp=14),
    Fighter("archer", Side.ENEMIES, Zone.REARWARD, max_hp=10),
)
"""The GM's enemies by default: a goblin and an orc in Forward, an archer in Rearward."""


def _str_map(value: Mapping[str, str]) -> PMap[str, str]:
    return value if isinstance(value, PMap) else pmap(value)


def _int_map(value: Mapping[str, int]) -> PMap[str, int]:
    return value if isinstance(value, PMap) else pmap(value)


@attrs.frozen(kw_only=True)
class SkirmishConfig:
    """Everything a skirmish is played with, validated when built."""

    party_size: int = 3
    """Player characters in the party, each with its own Skill deck (1 to ``len(names)``)."""
    names: tuple[str, ...] = PARTY_NAMES
    """The party's names in seat order; the party is ``names[:party_size]``."""
    leader: int = 0
    """SK-1: the seat of the party leader, who assigns the party's pairings (CB-5)."""
    enemies: tuple[Fighter, ...] = DEFAULT_ENEMIES
    """The GM's enemies (``Side.ENEMIES`` fighters); each is also a GM unit (SD-13)."""
    skills: SkillsConfig = attrs.field(factory=SkillsConfig)
    """The skill-deck numbers; its ``abilities`` are replaced by :attr:`ability_costs`."""
    combat: CombatConfig = attrs.field(factory=CombatConfig)
    """The combat numbers; each ability's ``cost`` is replaced by :attr:`ability_costs`."""
    ability_costs: PMap[str, int] = attrs.field(
        factory=lambda: pmap({"Attack": 1}), converter=_int_map
    )
    """SK-2, SD-10: Skill cards each combat ability costs; an ability not listed is free."""
    card_abilities: PMap[str, str] = attrs.field(
        factory=lambda: pmap({"attack": "Attack"}), converter=_str_map
    )
    """SK-3: Play effects that declare a combat ability when the card is Played (UseCard)."""
    reaction_effects: PMap[str, str] = attrs.field(
        factory=lambda: pmap({"defend": "block", "evade": "chance"}), converter=_str_map
    )
    """SK-5: Play effects that shield their user, and the effect parameter giving how much."""
    shield_stats: tuple[str, ...] = ("defence",)
    """SK-5: Burn modifier stats that shield the burner's unit, one point per point."""
    reaction_windows: bool = True
    """SK-4, SD-8: whether an enemy's declaration at a party member opens a reaction window."""

    def __attrs_post_init__(self) -> None:
        _check_party(self)
        _check_subsystems(self)
        _check_enemies(self)
        _check_costs(self)
        _check_mappings(self)

    @property
    def party(self) -> tuple[str, ...]:
        """The party's player characters, in seat order."""
        return self.names[: self.party_size]

    def cost(self, ability: str) -> int:
        """The cost of combat ``ability`` in Skill cards (SD-10); 0 if it is free."""
        return self.ability_costs.get(ability, 0)

    def skills_config(self) -> SkillsConfig:
        """The skill-deck config of a game: its payable abilities are :attr:`ability_costs`."""
        payable = tuple(skills.Ability(n, c) for n, c in sorted(self.ability_costs.items()))
        return attrs.evolve(self.skills, abilities=payable)

    def combat_config(self) -> CombatConfig:
        """The combat config of a game: each ability reports its cost from :attr:`cost`."""
        abilities = tuple(attrs.evolve(a, cost=self.cost(a.name)) for a in self.combat.abilities)
        return attrs.evolve(self.combat, abilities=abilities)

    def fighters(self) -> tuple[Fighter, ...]:
        """Every combatant entering the fight: the party (all in Forward), then the enemies."""
        return (*(Fighter(name, Side.PARTY) for name in self.party), *self.enemies)


def _require(ok: bool, field: str, message: str, rule: str) -> None:
    if not ok:
        raise ConfigError(field, message, rule)


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_party(config: SkirmishConfig) -> None:
    names = config.names
    ok = isinstance(names, tuple) and all(isinstance(n, str) and n for n in names)
    _require(ok, "names", "names must be a tuple of non-empty strings", "SD-1")
    _require(len(set(names)) == len(names), "names", "party names must differ", "SD-1")
    _require(GM not in names, "names", f"{GM!r} is the GM's id, not a player's", "SD-7")
    size = config.party_size
    ok = _is_int(size) and 1 <= size <= len(names)
    _require(ok, "party_size", f"party_size is 1 to {len(names)}, not {size!r}", "SD-1")
    ok = _is_int(config.leader) and 0 <= config.leader < size
    _require(ok, "leader", f"leader is a seat 0 to {size - 1}, not {config.leader!r}", "CB-5")


def _check_enemies(config: SkirmishConfig) -> None:
    enemies = config.enemies
    ok = isinstance(enemies, tuple) and bool(enemies)
    _require(ok, "enemies", "enemies must be a non-empty tuple of Fighter", "CB-10")
    for entry in enemies:
        problem = entry_problem(config.combat, entry) if isinstance(entry, Fighter) else "no"
        _require(problem is None, "enemies", f"bad enemy {entry!r}: {problem}", "CB-10")
        _require(entry.side is Side.ENEMIES, "enemies", f"{entry.id} is not an enemy", "CB-10")
    ids = [e.id for e in enemies]
    clash = len(set(ids)) != len(ids) or GM in ids or set(ids) & set(config.names)
    _require(not clash, "enemies", "enemy ids must differ from each other, gm and names", "EN-4")


def _check_subsystems(config: SkirmishConfig) -> None:
    ok = isinstance(config.skills, SkillsConfig)
    _require(ok, "skills", "skills must be a SkillsConfig", "SD-1")
    ok = isinstance(config.combat, CombatConfig)
    _require(ok, "combat", "combat must be a CombatConfig", "CB-10")
    ok = isinstance(config.reaction_windows, bool)
    _require(ok, "reaction_windows", "reaction_windows must be a bool", "SD-8")


def _check_costs(config: SkirmishConfig) -> None:
    costs = config.ability_costs
    for name, cost in costs.items():
        known = isinstance(name, str) and config.combat.ability(name) is not None
        _require(known, "ability_costs", f"{name!r} is no combat ability", "SD-10")
        _require(_is_int(cost) and cost >= 1, "ability_costs", f"{name} costs {cost!r}", "SD-10")
    free = [
        a
        for a in (config.combat.ability(n) for n in config.combat.basic)
        if a is not None and a.name not in costs and a.zone is None
    ]
    message = "some basic ability must be free and usable from any zone, so a unit can always act"
    _require(bool(free), "ability_costs", message, "SD-15")


def _check_mappings(config: SkirmishConfig) -> None:
    for effect, ability in config.card_abilities.items():
        ok = isinstance(effect, str) and isinstance(ability, str)
        ok = ok and config.combat.ability(ability) is not None
        _require(ok, "card_abilities", f"{effect!r} names no combat ability", "SD-11")
    for effect, param in config.reaction_effects.items():
        ok = (
            isinstance(effect, str)
            and isinstance(param, str)
            and effect not in config.card_abilities
        )
        _require(ok, "reaction_effects", f"bad reaction effect {effect!r}", "SD-8")
    stats = config.shield_stats
    ok = isinstance(stats, tuple) and all(isinstance(s, str) for s in stats)
    _require(ok, "shield_stats", "shield_stats must be a tuple of stat names", "SD-12")
