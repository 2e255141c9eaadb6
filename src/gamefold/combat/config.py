"""The combat configuration: every number and default of the CB rules, validated.

Build a :class:`CombatConfig` with keyword arguments; a wrong value raises
:class:`~gamefold.ConfigError` naming the field and the rule. The defaults follow the seed
(Rock beats Paper, Attack and Defend, 2d3 Stress, 6-slot bodies) and our documented choices
where it is silent (10 hit points, uncontested abilities win, the party breaks pairing ties,
circumstances are never dire).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from gamefold._fields import check_limits
from gamefold.combat.abilities import ATTACK, DEFEND, Ability
from gamefold.combat.dire import dire_policy_names
from gamefold.combat.hands import SEED_BEATS, Beats, Outcome, beats_problem
from gamefold.combat.zones import Side
from gamefold.errors import ConfigError

__all__ = ["CombatConfig", "MAX_COUNT"]

MAX_COUNT = 1_000
"""The most any count of the combat rules may be (slots, Rounds, dice, faces; hit points
may be a thousand times more): no config can make a fight loop for ever (EN-8)."""
MAX_STRESS_DICE = 20
"""EN-8, CB-14: Flee rolls one die at a time, so the dice a roll takes are kept few."""


@attrs.frozen(kw_only=True)
class CombatConfig:
    """Every number and default of the combat rules, validated when built."""

    beats: Beats = SEED_BEATS
    """CB-1: the beats relation as ``(winner, loser)`` pairs; the seed's Rock beats Paper."""
    abilities: tuple[Ability, ...] = (ATTACK, DEFEND)
    """CB-8, CB-9: the catalogue of abilities, the basic Attack and Defend first."""
    basic: tuple[str, ...] = ("Attack", "Defend")
    """CB-8, CB-9: names of the abilities every combatant has (others are per combatant)."""
    max_hp: int = 10
    """CB-11 (default): hit points of a combatant whose entry names none."""
    uncontested: Outcome = Outcome.WIN
    """CB-10 (default): the outcome of an ability its target does not contest."""
    pairing_tiebreak: Side = Side.PARTY
    """CB-5 (default): the side that assigns pairings when both Forwards are equal."""
    condition_rounds: int = 1
    """CB-12 (default 1): full Rounds a condition lasts after the Round it was applied in,
    unless it is given another duration: applied in Round r, it ends at the end of Round
    r + ``condition_rounds``; applied between Rounds, at the end of the
    max(1, ``condition_rounds``)-th Round that starts after (one whole Round at 1, never two).
    0 is the plainer reading: it ends at the end of the Round it was applied in."""
    body_slots: int = 6
    """CB-15: free slots a character needs to carry a fallen ally (an average human)."""
    inventory_slots: int = 10
    """Inventory slots of a combatant whose entry names none (not from the seed)."""
    stress_dice: int = 2
    """CB-14: dice of Stress each escaping character rolls (2d3)."""
    stress_sides: int = 3
    """CB-14: faces of each Stress die (2d3)."""
    dire: str = "never"
    """CB-13 (default): the name of the dire-circumstances policy (see :mod:`.dire`)."""

    def __attrs_post_init__(self) -> None:
        check_limits(self, _LIMITS)
        for field, problem, rule in _CHECKS:
            message = problem(self)
            if message is not None:
                raise ConfigError(field, message, rule)

    def ability(self, name: str) -> Ability | None:
        """The ability called ``name`` in the catalogue, or ``None``."""
        for ability in self.abilities:
            if ability.name == name:
                return ability
        return None


def _count_problem(config: CombatConfig, field: str, low: int, high: int = MAX_COUNT) -> str | None:
    value = getattr(config, field)
    if type(value) is not int or not low <= value <= high:
        return f"{field} must be a whole number from {low} to {high}, not {value!r}"
    return None


def _abilities_problem(config: CombatConfig) -> str | None:
    abilities = config.abilities
    if not isinstance(abilities, tuple) or not all(isinstance(a, Ability) for a in abilities):
        return "abilities must be a tuple of Ability records"
    names = [a.name for a in abilities]
    if len(set(names)) != len(names):
        return "two abilities share a name"
    return None


def _basic_problem(config: CombatConfig) -> str | None:
    basic = config.basic
    if not isinstance(basic, tuple) or not all(isinstance(n, str) for n in basic):
        return "basic must be a tuple of ability names"
    unknown = [n for n in basic if config.ability(n) is None]
    return f"basic names unknown abilities {unknown}" if unknown else None


def _enum_problem(config: CombatConfig, field: str, kind: type) -> str | None:
    value = getattr(config, field)
    article = "an" if kind.__name__[0] in "AEIOU" else "a"
    return None if isinstance(value, kind) else f"{field} must be {article} {kind.__name__}"


def _dire_problem(config: CombatConfig) -> str | None:
    if config.dire in dire_policy_names():
        return None
    return f"unknown dire policy {config.dire!r}; known: {dire_policy_names()}"


_LIMITS = {
    "abilities": (MAX_COUNT, "CB-8"),
    "basic": (MAX_COUNT, "CB-8"),
}
"""Upper bounds of the lists (EN-8): the most abilities and basic abilities."""

# The checks run when a config is built (never at import), each with its field's bounds.
_CHECKS: tuple[tuple[str, Callable[[CombatConfig], str | None], str], ...] = (
    ("beats", lambda c: beats_problem(c.beats), "CB-1"),
    ("abilities", _abilities_problem, "CB-8"),
    ("basic", _basic_problem, "CB-8"),
    ("max_hp", lambda c: _count_problem(c, "max_hp", 1, MAX_COUNT * 1_000), "CB-11"),
    ("uncontested", lambda c: _enum_problem(c, "uncontested", Outcome), "CB-10"),
    ("pairing_tiebreak", lambda c: _enum_problem(c, "pairing_tiebreak", Side), "CB-5"),
    ("condition_rounds", lambda c: _count_problem(c, "condition_rounds", 0), "CB-12"),
    ("body_slots", lambda c: _count_problem(c, "body_slots", 0), "CB-15"),
    ("inventory_slots", lambda c: _count_problem(c, "inventory_slots", 0), "CB-15"),
    ("stress_dice", lambda c: _count_problem(c, "stress_dice", 0, MAX_STRESS_DICE), "CB-14"),
    ("stress_sides", lambda c: _count_problem(c, "stress_sides", 1), "CB-14"),
    ("dire", _dire_problem, "CB-13"),
)
