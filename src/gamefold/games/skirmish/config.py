"""The skirmish configuration: the party, the enemies, both subsystems and every game default.

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
from gamefold._fields import as_mapping, check_limits, is_int, require
from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    CombatConfig,
    Condition,
    Fighter,
    Inflict,
    Item,
    Side,
    Stance,
    Zone,
    entry_problem,
)
from gamefold.errors import ConfigError
from gamefold.skills import DEFAULT_DECK, GM, CardDef, Effect, Modifier, SkillsConfig

__all__ = [
    "BASH",
    "BURN_KINDS",
    "DEFAULT_ENEMIES",
    "EFFECT_PARAMS",
    "MAX_ENTRIES",
    "MAX_SEATS",
    "MAX_SHIELD",
    "PARTY_NAMES",
    "SCENARIOS",
    "SHOOT",
    "SKIRMISH_ABILITIES",
    "SKIRMISH_DECK",
    "SkirmishConfig",
    "scenario",
    "scenario_names",
]

MAX_SEATS = 64
"""The most party names and the most enemies a skirmish may list (EN-8)."""

MAX_DODGE_SIDES = 1_000
"""The largest Dodge die (SK-15, EN-8), as combat bounds its stress die."""

MAX_ENTRIES = 1_000
"""The most entries of each list or map of effects, stats, abilities and items (EN-8)."""

MAX_SHIELD = 1_000_000
"""The largest dodge shield, as large as the largest hit points (EN-8)."""

_LIMITS = {
    "ability_costs": (MAX_ENTRIES, "SD-10"),
    "card_abilities": (MAX_ENTRIES, "SD-11"),
    "reaction_effects": (MAX_ENTRIES, "SD-8"),
    "shield_stats": (MAX_ENTRIES, "SD-12"),
    "heal_effects": (MAX_ENTRIES, "SD-11"),
    "burn_effects": (MAX_ENTRIES, "SD-12"),
    "dodge_effects": (MAX_ENTRIES, "SD-8"),
    "rearward": (MAX_ENTRIES, "CB-4"),
    "party_abilities": (MAX_ENTRIES, "CB-4"),
    "party_items": (MAX_ENTRIES, "CB-15"),
    "dodge_shield": (MAX_SHIELD, "SD-8"),
}
"""Upper bounds the other checks leave open (EN-8)."""

PARTY_NAMES: tuple[str, ...] = ("ana", "bo", "cy", "dee", "eli", "fay")
"""Names of the party's player characters, in seat order; a party takes the first few."""

SHOOT = Ability(name="Shoot", stance=Stance.OFFENSIVE, zone=Zone.REARWARD, damage_win=5)
"""SK-10: a Rearward-only ability (CB-4, CB-6): 5 damage on a win, nothing on a tie."""

BASH = Ability(
    name="Bash",
    stance=Stance.OFFENSIVE,
    zone=Zone.FORWARD,
    damage_win=2,
    damage_tie=1,
    inflicts=(Inflict(condition=Condition.STONED),),
)
"""SK-10, SK-13: a Forward-only ability (CB-4): 2 damage on a win, 1 on a tie, and a win
leaves its target Stoned (CB-12) for the Round and ``condition_rounds`` more."""

SKIRMISH_ABILITIES: tuple[Ability, ...] = (ATTACK, DEFEND, SHOOT, BASH)
"""The skirmish's combat catalogue: the basic Attack and Defend, then Shoot and Bash."""

OWN_ABILITIES: tuple[str, ...] = ("Shoot", "Bash")
"""The abilities every combatant of a default skirmish has besides the basic ones."""

SKIRMISH_DECK: tuple[CardDef, ...] = (
    *DEFAULT_DECK,
    CardDef("Veteran", Effect("level", {"delta": 1}), (Modifier("morale", 1),)),
    CardDef("Heavy Shield", Effect("level", {"delta": -1}), (Modifier("defence", 2),)),
)
"""The skirmish's deck list: gamefold's six placeholder Skills, a Level card (Veteran:
Played, the hand limit grows by 1, SK-12) and an Equipment card (Heavy Shield: Played, the
hand limit shrinks by 1; Burned, a shield of 2)."""

DEFAULT_ENEMIES: tuple[Fighter, ...] = (
    Fighter("goblin", Side.ENEMIES, max_hp=14, abilities=OWN_ABILITIES),
    Fighter("orc", Side.ENEMIES, max_hp=20, abilities=OWN_ABILITIES),
    Fighter("archer", Side.ENEMIES, Zone.REARWARD, max_hp=14, abilities=OWN_ABILITIES),
)
"""The GM's enemies by default: a goblin (14 hit points) and an orc (20) in Forward, an
archer (14) in Rearward; each may Shoot from Rearward and Bash from Forward. (Sturdier than
the three party members' 10 each, since Strike's damage, healing and Burn bonuses act,
SK-16, SK-17: greedy play stays a contest.)"""

EFFECT_PARAMS: dict[str, frozenset[str]] = {
    "attack": frozenset({"damage"}),
    "defend": frozenset({"block"}),
    "evade": frozenset({"chance"}),
    "draw": frozenset({"count"}),
    "move": frozenset({"distance"}),
    "heal": frozenset({"amount"}),
    "level": frozenset({"delta"}),
}
"""The parameters each Play effect the skirmish knows takes; a card with another is refused
when the config is built (``ConfigError`` naming ``skills.deck`` or ``skills.gm_deck``)."""


BURN_KINDS: tuple[str, ...] = ("empower", "heal", "draw", "move", "dodge")
"""SK-17: what a Burn modifier's stat may do in the fight: ``empower`` the unit's next blow
by the amount (combat's ``Empower``), ``heal`` it (combat's ``Heal``), ``draw`` that many
cards (SD-11's draw), ``move`` it to its side's other zone (SK-11), or raise the Dodge
``chance`` of its owner by the amount while the modifier lasts (SK-15, SD-12)."""

DEFAULT_BURN_EFFECTS: Mapping[str, str] = {
    "attack": "empower",
    "focus": "draw",
    "speed": "move",
    "evasion": "dodge",
    "morale": "heal",
}
"""SK-17: what each Burn modifier of the skirmish deck does (``defence`` shields, SK-5)."""


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
        check_limits(self, _LIMITS)
        _check_party(self)
        _check_subsystems(self)
        _check_enemies(self)
        _check_costs(self)
        _check_mappings(self)
        _check_zones(self)
        _check_effects(self)
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


def _check_party(config: SkirmishConfig) -> None:
    names = config.names
    ok = isinstance(names, tuple) and all(isinstance(n, str) and n for n in names)
    require(ok, "names", "names must be a tuple of non-empty strings", "SD-1")
    require(0 < len(names) <= MAX_SEATS, "names", f"1 to {MAX_SEATS} names", "SD-1")
    require(len(set(names)) == len(names), "names", "party names must differ", "SD-1")
    require(GM not in names, "names", f"{GM!r} is the GM's id, not a player's", "SD-7")
    size = config.party_size
    ok = is_int(size) and 1 <= size <= len(names)
    message = f"party_size is 1 to {len(names)} (one per names entry), not {size!r}"
    require(ok, "party_size", message, "SD-1")
    ok = is_int(config.leader) and 0 <= config.leader < size
    require(ok, "leader", f"leader is a seat 0 to {size - 1}, not {config.leader!r}", "CB-5")


def _check_enemies(config: SkirmishConfig) -> None:
    enemies = config.enemies
    ok = isinstance(enemies, tuple) and 0 < len(enemies) <= MAX_SEATS
    require(ok, "enemies", f"enemies must be 1 to {MAX_SEATS} Fighter in a tuple", "CB-10")
    for entry in enemies:
        problem = entry_problem(config.combat, entry) if isinstance(entry, Fighter) else "no"
        require(problem is None, "enemies", f"bad enemy {entry!r}: {problem}", "CB-10")
        require(entry.side is Side.ENEMIES, "enemies", f"{entry.id} is not an enemy", "CB-10")
    ids = [e.id for e in enemies]
    clash = len(set(ids)) != len(ids) or GM in ids or set(ids) & set(config.names)
    require(not clash, "enemies", "enemy ids must differ from each other, gm and names", "EN-4")


def _check_subsystems(config: SkirmishConfig) -> None:
    ok = isinstance(config.skills, SkillsConfig)
    require(ok, "skills", "skills must be a SkillsConfig", "SD-1")
    ok = isinstance(config.combat, CombatConfig)
    require(ok, "combat", "combat must be a CombatConfig", "CB-10")
    ok = isinstance(config.reaction_windows, bool)
    require(ok, "reaction_windows", "reaction_windows must be a bool", "SD-8")
    ok = isinstance(config.gm_reaction_windows, bool)
    require(ok, "gm_reaction_windows", "gm_reaction_windows must be a bool", "SD-8")
    ok = isinstance(config.side_choice, bool)
    require(ok, "side_choice", "side_choice must be a bool", "SD-13")
    _check_own_deck(config)


def _check_own_deck(config: SkirmishConfig) -> None:
    """A ``SkillsConfig()`` built from its class defaults brings gamefold's default deck, not
    the skirmish's: refused beside the skirmish's own combat catalogue, where it can only be
    the mistake of changing one skill-deck field (the classic scenario changes both)."""
    swapped = (
        config.skills.deck == DEFAULT_DECK
        and config.skills.gm_deck == DEFAULT_DECK
        and config.combat.abilities == SKIRMISH_ABILITIES
    )
    message = (
        "this SkillsConfig holds gamefold's default deck, not the skirmish's SKIRMISH_DECK: "
        "SkillsConfig(hand_limit=6) resets every field it does not name; to change one "
        "field and keep the skirmish's others write Skirmish().variant("
        '**{"skills.hand_limit": 6}) (or give deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK)'
    )
    require(not swapped, "skills", message, "SD-1")


def _check_costs(config: SkirmishConfig) -> None:
    costs = config.ability_costs
    for name, cost in costs.items():
        known = isinstance(name, str) and config.combat.ability(name) is not None
        require(known, "ability_costs", f"{name!r} is no combat ability", "SD-10")
        require(is_int(cost) and cost >= 1, "ability_costs", f"{name} costs {cost!r}", "SD-10")
    free = [
        a
        for a in (config.combat.ability(n) for n in config.combat.basic)
        if a is not None and a.name not in costs and a.zone is None
    ]
    message = "some basic ability must be free and usable from any zone, so a unit can always act"
    require(bool(free), "ability_costs", message, "SD-15")


def _check_mappings(config: SkirmishConfig) -> None:
    for effect, ability in config.card_abilities.items():
        ok = isinstance(effect, str) and isinstance(ability, str)
        ok = ok and config.combat.ability(ability) is not None
        require(ok, "card_abilities", f"{effect!r} names no combat ability", "SD-11")
    for effect, param in config.reaction_effects.items():
        ok = (
            isinstance(effect, str)
            and isinstance(param, str)
            and effect not in config.card_abilities
        )
        require(ok, "reaction_effects", f"bad reaction effect {effect!r}", "SD-8")
    stats = config.shield_stats
    ok = isinstance(stats, tuple) and all(isinstance(s, str) for s in stats)
    require(ok, "shield_stats", "shield_stats must be a tuple of stat names", "SD-12")
    _check_card_effects(config)


def _check_card_effects(config: SkirmishConfig) -> None:
    """SK-16, SK-17: the healing effects and Burn stats name what the game can resolve."""
    damage = config.card_damage
    # A parameter some effect takes: one this game knows, or any of an effect it does not know.
    known = {param for params in EFFECT_PARAMS.values() for param in params}
    ok = damage is None or (
        isinstance(damage, str)
        and (damage in known or any(e not in EFFECT_PARAMS for e in config.card_abilities))
    )
    message = f"card_damage is None or a Play effect's parameter {sorted(known)}, not {damage!r}"
    require(ok, "card_damage", message, "SD-11")
    taken = set(config.card_abilities) | set(config.reaction_effects)
    for effect, param in config.heal_effects.items():
        ok = isinstance(effect, str) and isinstance(param, str) and effect not in taken
        allowed = EFFECT_PARAMS.get(effect)
        ok = ok and (allowed is None or param in allowed)
        require(ok, "heal_effects", f"bad healing effect {effect!r}: {param!r}", "SD-11")
    for stat, kind in config.burn_effects.items():
        ok = isinstance(stat, str) and kind in BURN_KINDS and stat not in config.shield_stats
        message = f"Burn stat {stat!r} does one of {BURN_KINDS}, not {kind!r}"
        require(ok, "burn_effects", message, "SD-12")


def _check_zones(config: SkirmishConfig) -> None:
    rearward = config.rearward
    ok = isinstance(rearward, tuple) and all(isinstance(n, str) for n in rearward)
    require(ok, "rearward", "rearward must be a tuple of party names", "CB-4")
    for name in rearward:
        require(name in config.names, "rearward", f"{name!r} is not a party name", "CB-4")
    abilities = config.party_abilities
    ok = isinstance(abilities, tuple) and all(
        isinstance(n, str) and config.combat.ability(n) is not None for n in abilities
    )
    require(ok, "party_abilities", "party_abilities must name combat abilities", "CB-4")
    repeated = len(set(abilities)) != len(abilities) or any(
        n in config.combat.basic for n in abilities
    )
    message = "party_abilities repeat a name or a basic ability"
    require(not repeated, "party_abilities", message, "CB-4")
    for fighter in config.fighters()[: config.party_size]:
        problem = entry_problem(config.combat, fighter)  # a sentence naming the member
        require(problem is None, "party_items", str(problem), "CB-15")


def _check_effects(config: SkirmishConfig) -> None:
    """Every card's Play effect parameters are ones the skirmish knows, with int values."""
    for field, cards in (
        ("skills.deck", config.skills.deck),
        ("skills.gm_deck", config.skills.gm_deck),
    ):
        for card in cards:
            # EN-8: a Burn modifier or a Play effect's figure is at most MAX_SHIELD either way.
            amounts = [m.amount for m in card.burn if is_int(m.amount)]
            ok = all(abs(amount) <= MAX_SHIELD for amount in amounts)
            require(
                ok, field, f"card {card.name!r}: a Burn modifier is at most {MAX_SHIELD:,}", "SD-12"
            )
            effect = card.play
            allowed = EFFECT_PARAMS.get(effect.name)
            if allowed is None:
                continue  # an effect this game does not resolve: reported only
            for param, value in effect.params.items():
                message = f"card {card.name!r}: effect {effect.name!r} takes {sorted(allowed)}"
                require(param in allowed, field, f"{message}, not {param!r}", "SD-11")
                require(is_int(value), field, f"{message} as whole numbers", "SD-11")
                ok = abs(value) <= MAX_SHIELD
                require(ok, field, f"{message} of at most {MAX_SHIELD:,}", "SD-11")
    for name, param in config.reaction_effects.items():
        allowed = EFFECT_PARAMS.get(name)
        ok = allowed is None or param in allowed
        message = f"effect {name!r} has no parameter {param!r}"
        require(ok, "reaction_effects", message, "SD-8")
    ok = isinstance(config.dodge_effects, tuple) and all(
        isinstance(e, str) and e in config.reaction_effects for e in config.dodge_effects
    )
    require(ok, "dodge_effects", "dodge_effects must name effects of reaction_effects", "SD-8")
    # Bounded above like every die size (EN-8): a record's huge die could not be rolled.
    ok = is_int(config.dodge_sides) and 1 <= config.dodge_sides <= MAX_DODGE_SIDES
    message = f"dodge_sides is 1 to {MAX_DODGE_SIDES}, not {config.dodge_sides!r}"
    require(ok, "dodge_sides", message, "SD-8")
    ok = is_int(config.dodge_shield) and config.dodge_shield >= 0
    require(ok, "dodge_shield", f"dodge_shield is 0 or more, not {config.dodge_shield!r}", "SD-8")


def _siege() -> SkirmishConfig:
    """A long siege: thin decks and sturdy enemies, so Fatigue and fatal exhaustion decide."""
    walls = (
        Fighter("ogre", Side.ENEMIES, max_hp=26, abilities=OWN_ABILITIES),
        Fighter("orc", Side.ENEMIES, max_hp=20, abilities=OWN_ABILITIES),
        Fighter("archer", Side.ENEMIES, Zone.REARWARD, max_hp=14, abilities=OWN_ABILITIES),
    )
    deck = SkillsConfig(
        deck=SKIRMISH_DECK, gm_deck=SKIRMISH_DECK, deck_size=10, exhaust_on_recycle=2
    )
    return SkirmishConfig(enemies=walls, skills=deck)


def _ambush() -> SkirmishConfig:
    """An ambush from Rearward: archers shoot from the back, the party stands in Forward, and
    a retreat fails while the party is outnumbered (CB-13's dire check); conditions last
    two full Rounds after the one they were inflicted in."""
    archers = (
        Fighter("brute", Side.ENEMIES, max_hp=12, abilities=OWN_ABILITIES),
        Fighter("archer", Side.ENEMIES, Zone.REARWARD, max_hp=8, abilities=OWN_ABILITIES),
        Fighter("sniper", Side.ENEMIES, Zone.REARWARD, max_hp=8, abilities=OWN_ABILITIES),
        Fighter("scout", Side.ENEMIES, Zone.REARWARD, max_hp=6, abilities=OWN_ABILITIES),
    )
    fight = CombatConfig(abilities=SKIRMISH_ABILITIES, dire="outnumbered", condition_rounds=2)
    return SkirmishConfig(enemies=archers, combat=fight, rearward=())


def _classic() -> SkirmishConfig:
    """The skirmish before zones, conditions and levels mattered: gamefold's default deck and
    combat catalogue, everyone but the archer in Forward, no own abilities, no items, and
    card effects other than shields and draws flavour only."""
    earlier = {"goblin": 10, "orc": 14, "archer": 10}
    enemies = tuple(attrs.evolve(e, abilities=(), max_hp=earlier[e.id]) for e in DEFAULT_ENEMIES)
    return SkirmishConfig(
        enemies=enemies,
        skills=SkillsConfig(),
        combat=CombatConfig(),
        ability_costs={"Attack": 1},
        side_choice=False,
        gm_reaction_windows=False,
        card_damage=None,
        heal_effects={},
        burn_effects={},
        dodge_effects=(),
        rearward=(),
        party_abilities=(),
        party_items=(),
    )


def _duel() -> SkirmishConfig:
    """A duel small enough to solve: ana against a goblin, one hit point each, one free
    Attack whose Hand (CB-1) decides the exchange, one-card decks and hands, no reaction
    windows, card effects flavour only. A game is one exchange of a few decisions, so its
    whole tree (some five hundred states a seed) fits OpenSpiel's CFR."""
    goblin = Fighter("goblin", Side.ENEMIES, max_hp=1)
    deck = SkillsConfig(
        deck=SKIRMISH_DECK,
        gm_deck=SKIRMISH_DECK,
        deck_size=1,
        gm_deck_size=1,
        hand_limit=1,
        gm_hand_limit=1,
    )
    fight = CombatConfig(abilities=(ATTACK,), basic=("Attack",), max_hp=1)
    return SkirmishConfig(
        party_size=1,
        enemies=(goblin,),
        skills=deck,
        combat=fight,
        ability_costs={},
        card_abilities={},
        reaction_effects={},
        reaction_windows=False,
        gm_reaction_windows=False,
        side_choice=False,
        card_damage=None,
        heal_effects={},
        burn_effects={},
        dodge_effects=(),
        party_abilities=(),
        party_items=(),
    )


SCENARIOS: dict[str, SkirmishConfig] = {
    "default": SkirmishConfig(),
    "classic": _classic(),
    "siege": _siege(),
    "ambush": _ambush(),
    "duel": _duel(),
}
"""The named skirmish scenarios (``--scenario NAME``), each told by the function making it
and in the scenarios table of ``docs/games/skirmish.md``."""


def scenario_names() -> tuple[str, ...]:
    """The names of the skirmish scenarios, in :data:`SCENARIOS` order."""
    return tuple(SCENARIOS)


def scenario(name: str) -> SkirmishConfig:
    """The config of the scenario ``name``; a ``ConfigError`` names the known ones."""
    if name not in SCENARIOS:
        known = ", ".join(SCENARIOS)
        raise ConfigError("scenario", f"unknown scenario {name!r}; known: {known}", "EN-4")
    return SCENARIOS[name]
