"""Abilities as data: Hands, Stance, zone, damage, cost and conditions (CB-3, CB-8, CB-9).

An :class:`Ability` is a record, not code: a game adds its own by listing them in
:attr:`~gamefold.combat.CombatConfig.abilities`. Its ``cost`` (in cards) is carried as data
and reported in the :class:`~gamefold.combat.Declared` event, so that a host game (a
skill-deck game paying with Skill cards) can charge it; this subsystem never pays it.
"""

from __future__ import annotations

from enum import Enum

import attrs

from gamefold.combat.hands import _TIE, _WIN, HANDS, Condition, Hand, Outcome
from gamefold.combat.zones import Zone
from gamefold.errors import ConfigError

__all__ = ["ATTACK", "DEFEND", "MAX_CONDITION_ROUNDS", "MAX_DAMAGE", "Ability", "Inflict", "Stance"]


class Stance(Enum):
    """How an ability contests the abilities aimed at its user (CB-3)."""

    OFFENSIVE = "offensive"
    """Targets one enemy and contests only that enemy's abilities aimed at its user."""
    DEFENSIVE = "defensive"
    """Targets one enemy but contests every enemy ability aimed at its user."""


# The stance resolution compares with at every exchange, as a plain name (see zones.py).
_DEFENSIVE = Stance.DEFENSIVE


MAX_DAMAGE = 1_000_000
"""The most damage or cost an ability may name: as much as the most hit points (EN-8)."""
MAX_CONDITION_ROUNDS = 1_000
"""The most Rounds an inflicted condition may last (EN-8)."""


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


@attrs.frozen(kw_only=True)
class Inflict:
    """A condition an ability puts on its target when the ability has a given outcome."""

    condition: Condition
    """The condition put on the target (CB-12)."""
    on: Outcome = Outcome.WIN
    """The outcome of the ability that inflicts it."""
    rounds: int | None = None
    """Its duration in full Rounds after the one under way (0: to the end of this Round; CB-12);
    ``None`` for the config's ``condition_rounds``."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.condition, Condition) or not isinstance(self.on, Outcome):
            raise ConfigError("inflicts", "an Inflict names a Condition and an Outcome", "CB-12")
        if self.rounds is not None and not (
            _is_count(self.rounds) and 0 <= self.rounds <= MAX_CONDITION_ROUNDS
        ):
            raise ConfigError(
                "inflicts",
                f"a condition lasts 0 full Rounds or more, at most {MAX_CONDITION_ROUNDS:,}, "
                f"not {self.rounds!r}",
                "CB-12",
            )


@attrs.frozen(kw_only=True)
class Ability:
    """A combat ability: what a combatant declares in an exchange, with a Hand and a target.

    An ability with no Hands (``hands=()``) is thrown without a Hand: it contests nothing and
    is never contested, so its outcome is always the config's ``uncontested`` one.
    """

    name: str
    """The ability's name, unique in a config (``"Attack"``)."""
    stance: Stance
    """Offensive or Defensive (CB-3)."""
    hands: tuple[Hand, ...] = HANDS
    """The Hands it may be thrown with; all three by default, none for a Hand-less ability."""
    zone: Zone | None = None
    """The zone its user must stand in (CB-4); ``None`` works in either."""
    damage_win: int = 0
    """Damage dealt to the target on a win."""
    damage_tie: int = 0
    """Damage dealt to the target on a tie."""
    damage_loss: int = 0
    """Damage dealt to the target on a loss."""
    cost: int = 0
    """Its cost in cards, paid by the host game (reported, never charged, here)."""
    inflicts: tuple[Inflict, ...] = ()
    """Conditions it puts on its target, by outcome (CB-12)."""

    def __attrs_post_init__(self) -> None:
        problem = _ability_problem(self)
        if problem is not None:
            raise ConfigError("abilities", f"ability {self.name!r}: {problem}", "CB-10")

    def damage(self, result: Outcome) -> int:
        """The damage this ability deals for the outcome ``result``."""
        if result is _WIN:
            return self.damage_win
        if result is _TIE:
            return self.damage_tie
        return self.damage_loss


def _ability_problem(ability: Ability) -> str | None:
    if not isinstance(ability.name, str) or not ability.name:
        return "an ability needs a non-empty name"
    if not isinstance(ability.stance, Stance):
        return "the stance must be a Stance"
    hands = ability.hands
    if not isinstance(hands, tuple) or not all(isinstance(h, Hand) for h in hands):
        return "hands must be a tuple of Hands"
    if len(set(hands)) != len(hands):
        return "hands lists a Hand twice"
    if ability.zone is not None and not isinstance(ability.zone, Zone):
        return "zone must be a Zone or None"
    numbers = (ability.damage_win, ability.damage_tie, ability.damage_loss, ability.cost)
    if not all(_is_count(n) for n in numbers):
        return "damage and cost are whole numbers, 0 or more"
    if max(numbers) > MAX_DAMAGE:
        return f"damage and cost are at most {MAX_DAMAGE:,}"
    inflicts = ability.inflicts
    if not isinstance(inflicts, tuple) or not all(isinstance(i, Inflict) for i in inflicts):
        return "inflicts must be a tuple of Inflict records"
    return None


ATTACK = Ability(name="Attack", stance=Stance.OFFENSIVE, damage_win=4, damage_tie=2)
"""CB-8, the basic Attack: any Hand, Offensive, any zone; 4 damage on a win, 2 on a tie."""

DEFEND = Ability(name="Defend", stance=Stance.DEFENSIVE, damage_win=2)
"""CB-9, the basic Defend: any Hand, Defensive, any zone; 2 damage on a win."""
