"""The defaults the skirmish's rules name: the party, the abilities, the deck, the enemies.

Also the bounds a config is held to (EN-8) and the vocabulary its checks accept: the
parameters of each Play effect the game resolves (:data:`EFFECT_PARAMS`) and what a Burn
modifier may do in the fight (:data:`BURN_KINDS`).
"""

from __future__ import annotations

from collections.abc import Mapping

from gamefold.combat import ATTACK, DEFEND, Ability, Condition, Fighter, Inflict, Side, Stance, Zone
from gamefold.skills import DEFAULT_DECK, CardDef, Effect, Modifier

__all__ = [
    "BASH",
    "BURN_KINDS",
    "DEFAULT_BURN_EFFECTS",
    "DEFAULT_ENEMIES",
    "EFFECT_PARAMS",
    "MAX_DODGE_SIDES",
    "MAX_ENTRIES",
    "MAX_SEATS",
    "MAX_SHIELD",
    "OWN_ABILITIES",
    "PARTY_NAMES",
    "SHOOT",
    "SKIRMISH_ABILITIES",
    "SKIRMISH_DECK",
]

MAX_SEATS = 64
"""The most party names and the most enemies a skirmish may list (EN-8)."""

MAX_DODGE_SIDES = 1_000
"""The largest Dodge die (SK-15, EN-8), as combat bounds its stress die."""

MAX_ENTRIES = 1_000
"""The most entries of each list or map of effects, stats, abilities and items (EN-8)."""

MAX_SHIELD = 1_000_000
"""The largest dodge shield, as large as the largest hit points (EN-8)."""


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
