"""The cross-field checks a :class:`~gamefold.games.skirmish.settings.SkirmishConfig` passes
when it is built: each refusal a ``ConfigError(field, sentence, rule)``.

:func:`check` runs them all, one after another, so that a config that breaks several
rules is refused for the first: the bounds, then the party, the subsystems, the enemies,
the costs, the effect maps, the zones and the cards' effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamefold._fields import check_limits, is_int, require
from gamefold.combat import CombatConfig, Fighter, Side, entry_problem
from gamefold.games.skirmish.defaults import (
    BURN_KINDS,
    EFFECT_PARAMS,
    MAX_DODGE_SIDES,
    MAX_ENTRIES,
    MAX_SEATS,
    MAX_SHIELD,
    SKIRMISH_ABILITIES,
)
from gamefold.skills import DEFAULT_DECK, GM, SkillsConfig

if TYPE_CHECKING:
    from gamefold.games.skirmish.settings import SkirmishConfig

__all__ = ["check"]

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


def check(config: SkirmishConfig) -> None:
    """Refuse ``config`` with the first :class:`~gamefold.ConfigError` it earns, if any."""
    check_limits(config, _LIMITS)
    _check_party(config)
    _check_subsystems(config)
    _check_enemies(config)
    _check_costs(config)
    _check_mappings(config)
    _check_zones(config)
    _check_effects(config)


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
