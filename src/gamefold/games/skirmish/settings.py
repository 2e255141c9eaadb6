"""The skirmish's config record: the party, the enemies, both subsystems and every game
default, checked when built (:mod:`~gamefold.games.skirmish.checks`).

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
from gamefold._fields import as_mapping
from gamefold.combat import CombatConfig, Fighter, Item, Side, Zone
from gamefold.games.skirmish.checks import check
from gamefold.games.skirmish.defaults import (
    DEFAULT_BURN_EFFECTS,
    DEFAULT_ENEMIES,
    OWN_ABILITIES,
    PARTY_NAMES,
    SKIRMISH_ABILITIES,
    SKIRMISH_DECK,
)
from gamefold.skills import SkillsConfig

__all__ = ["SkirmishConfig"]


def _costs(value: Mapping[str, int]) -> PMap[str, int]:
    return as_mapping(value, "ability_costs", "SD-10", "ability names to costs")


def _card_abilities(value: Mapping[str, str]) -> PMap[str, str]:
    return as_mapping(value, "card_abilities", "SD-11", "Play effects to abilities")


def _reactions(value: Mapping[str, str]) -> PMap[str, str]:
    return as_mapping(value, "reaction_effects", "SD-8", "Play effects to parameters")


def _heals(value: Mapping[str, str]) -> PMap[str, str]:
    return as_mapping(value, "heal_effects", "SD-11", "Play effects to parameters")


def _burns(value: Mapping[str, str]) -> PMap[str, str]:
    return as_mapping(value, "burn_effects", "SD-12", "modifier stats to Burn kinds")


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
    skills: SkillsConfig = attrs.field(
        factory=lambda: SkillsConfig(deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK)
    )
    """The skill-deck numbers (the :data:`SKIRMISH_DECK` list for everyone); its
    ``abilities`` are replaced by :attr:`ability_costs`."""
    combat: CombatConfig = attrs.field(factory=lambda: CombatConfig(abilities=SKIRMISH_ABILITIES))
    """The combat numbers (the :data:`SKIRMISH_ABILITIES` catalogue); each ability's
    ``cost`` is replaced by :attr:`ability_costs`."""
    ability_costs: PMap[str, int] = attrs.field(
        factory=lambda: pmap({"Attack": 1, "Shoot": 1, "Bash": 1}),
        converter=_costs,
    )
    """SK-2, SD-10: Skill cards each combat ability costs; an ability not listed is free."""
    card_abilities: PMap[str, str] = attrs.field(
        factory=lambda: pmap({"attack": "Attack"}), converter=_card_abilities
    )
    """SK-3: Play effects that declare a combat ability when the card is Played (UseCard)."""
    reaction_effects: PMap[str, str] = attrs.field(
        factory=lambda: pmap({"defend": "block", "evade": "chance"}),
        converter=_reactions,
    )
    """SK-5: Play effects that shield their user, and the effect parameter giving how much."""
    shield_stats: tuple[str, ...] = ("defence",)
    """SK-5: Burn modifier stats that shield the burner's unit, one point per point."""
    reaction_windows: bool = True
    """SK-4, SD-8: whether an enemy's declaration at a party member opens a reaction window."""
    gm_reaction_windows: bool = True
    """SK-18, SD-8: whether a party member's declaration at one of the GM's units opens a
    reaction window for the GM, whose reaction cards then shield that unit."""
    card_damage: str | None = "damage"
    """SK-16: the Play-effect parameter of an ability card (SK-3) whose value its declared
    ability's blow gains this exchange (combat's ``Empower``: Strike's ``damage``, 2);
    ``None``: the parameter is flavour."""
    heal_effects: PMap[str, str] = attrs.field(
        factory=lambda: pmap({"heal": "amount"}), converter=_heals
    )
    """SK-16: Play effects that heal their user's unit (combat's ``Heal``, up to its hit
    points), and the effect parameter giving how much (Rally's ``amount``, 1)."""
    burn_effects: PMap[str, str] = attrs.field(
        factory=lambda: pmap(DEFAULT_BURN_EFFECTS), converter=_burns
    )
    """SK-17: what Burning a card does for each modifier stat, one of :data:`BURN_KINDS`
    (``attack`` empowers, ``focus`` draws, ``speed`` moves, ``evasion`` raises the Dodge
    chance, ``morale`` heals); a stat not named (nor in :attr:`shield_stats`) is flavour."""
    dodge_effects: tuple[str, ...] = ("evade",)
    """SK-15: reaction effects whose parameter is a chance, not a shield: Playing the card
    rolls a die of ``dodge_sides`` with the slice's RNG; a roll of at most the parameter
    (Dodge's ``chance``, 1) raises a shield of ``dodge_shield``, any other roll nothing."""
    dodge_sides: int = 2
    """SK-15: the faces of the dodge die (2: Dodge's chance 1 succeeds half the time)."""
    dodge_shield: int = 4
    """SK-15: the shield a successful dodge raises (4: a winning Attack)."""
    side_choice: bool = True
    """SK-1, SD-13: the party leader (or the first living member after it) chooses which
    party unit activates next; ``False``: the first in seat order still to activate."""
    rearward: tuple[str, ...] = ("cy",)
    """SK-10, CB-4: the party members who start in Rearward; the others start in Forward."""
    party_abilities: tuple[str, ...] = OWN_ABILITIES
    """SK-10: the abilities every party member has besides the basic ones."""
    party_items: tuple[Item, ...] = (Item("pack", 2),)
    """SK-14, CB-14: the items every party member carries; dropped in a flight, they are lost."""
    # Plain-dict mirrors of the maps the listing and the card steps read (a PMap look-up is
    # pure Python); derived, so they take no part in init, equality, repr or JSON.
    _cost_of: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _ability_of: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _reaction_param_of: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _heal_param_of: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _burn_kind_of: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _dodge_stats: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        check(self)
        object.__setattr__(self, "_cost_of", dict(self.ability_costs))
        object.__setattr__(self, "_ability_of", dict(self.card_abilities))
        object.__setattr__(self, "_reaction_param_of", dict(self.reaction_effects))
        object.__setattr__(self, "_heal_param_of", dict(self.heal_effects))
        object.__setattr__(self, "_burn_kind_of", dict(self.burn_effects))
        dodging = sorted(s for s, kind in self.burn_effects.items() if kind == "dodge")
        object.__setattr__(self, "_dodge_stats", tuple(dodging))

    @property
    def party(self) -> tuple[str, ...]:
        """The party's player characters, in seat order."""
        return self.names[: self.party_size]

    def cost(self, ability: str) -> int:
        """The cost of combat ``ability`` in Skill cards (SD-10); 0 if it is free."""
        return self._cost_of.get(ability, 0)

    def card_ability(self, effect: str) -> str | None:
        """SK-3: the combat ability a card whose Play effect is ``effect`` declares, if any."""
        return self._ability_of.get(effect)

    def reaction_param(self, effect: str) -> str | None:
        """SK-5: the parameter of a ``reaction_effects`` effect that gives its shield, if any."""
        return self._reaction_param_of.get(effect)

    def heal_param(self, effect: str) -> str | None:
        """SK-16: the parameter of a ``heal_effects`` effect that gives its healing, if any."""
        return self._heal_param_of.get(effect)

    def dodge_stats(self) -> tuple[str, ...]:
        """SK-17: the stats whose Burn modifiers raise a Dodge chance (``burn_effects`` of
        kind ``"dodge"``), in name order."""
        return self._dodge_stats

    def burn_kind(self, stat: str) -> str | None:
        """SK-17: what Burning a modifier of ``stat`` does in the fight (``burn_effects``),
        or ``None`` for a stat it does not name."""
        return self._burn_kind_of.get(stat)

    def skills_config(self) -> SkillsConfig:
        """The skill-deck config of a game: its payable abilities are :attr:`ability_costs`."""
        payable = tuple(skills.Ability(n, c) for n, c in sorted(self.ability_costs.items()))
        return attrs.evolve(self.skills, abilities=payable)

    def combat_config(self) -> CombatConfig:
        """The combat config of a game: each ability reports its cost from :attr:`cost`."""
        abilities = tuple(attrs.evolve(a, cost=self.cost(a.name)) for a in self.combat.abilities)
        return attrs.evolve(self.combat, abilities=abilities)

    def fighters(self) -> tuple[Fighter, ...]:
        """Every combatant entering the fight: the party (in Forward, or in Rearward when
        named in :attr:`rearward`, SK-10), then the enemies."""
        party = tuple(
            Fighter(
                name,
                Side.PARTY,
                Zone.REARWARD if name in self.rearward else Zone.FORWARD,
                items=self.party_items,
                abilities=self.party_abilities,
            )
            for name in self.party
        )
        return (*party, *self.enemies)
