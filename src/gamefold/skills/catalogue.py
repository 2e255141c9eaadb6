"""Card definitions: what a Skill card is, as data (SD-1, SD-8, SD-11, SD-12).

A card *instance* in a state is an integer id; its *definition* is a :class:`CardDef`: a
name, a timing (``"activation"`` or ``"reaction"``, SD-8), the named :class:`Effect` of
Playing it (SD-11) and the :class:`Modifier` values Burning it grants until the end of the
Round (SD-12). Nothing here says what an effect *does*: the game supplies handlers by effect
name (see :mod:`gamefold.skills.effects`), so states, actions and events stay plain data that
round-trips through JSON.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
from pyrsistent import PMap, pmap

from gamefold.errors import ConfigError

__all__ = ["ACTIVATION", "DEFAULT_DECK", "REACTION", "TIMINGS", "CardDef", "Effect", "Modifier"]

ACTIVATION = "activation"
"""Timing of a card used only during its owner's own activation (SD-8)."""
REACTION = "reaction"
"""Timing of a card that may also be used while a reaction window is open for its owner."""
TIMINGS = (ACTIVATION, REACTION)
"""Every card timing, in a fixed order."""


def _params(value: Mapping[str, int]) -> PMap[str, int]:
    return value if isinstance(value, PMap) else pmap(value)


@attrs.frozen
class Effect:
    """A card's Play effect: a name the game's handlers know, with integer parameters (SD-11).

    >>> Effect("draw", {"count": 1}).params["count"]
    1
    """

    name: str
    """The handler name (``"draw"``, ``"attack"``); see :mod:`gamefold.skills.effects`."""
    params: PMap[str, int] = attrs.field(factory=pmap, converter=_params)
    """The effect's parameters (``{"count": 1}``)."""
    # A plain-dict mirror of params for the steps that read them (a PMap look-up is pure
    # Python); derived, so it takes no part in init, equality, hash, repr or JSON.
    _values: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_values", dict(self.params))

    def param(self, name: str, default: int = 0) -> int:
        """The parameter ``name``, or ``default`` if the effect has none of that name.

        >>> Effect("heal", {"amount": 2}).param("amount"), Effect("heal").param("amount")
        (2, 0)
        """
        return self._values.get(name, default)

    def value(self, name: str) -> int:
        """The parameter ``name``, which the effect's handler needs: a ``KeyError`` if the
        effect has none of that name.

        >>> Effect("draw", {"count": 2}).value("count")
        2
        """
        return self._values[name]


@attrs.frozen
class Modifier:
    """A temporary modifier granted by Burning a card; it resets at the end of the Round (SD-12)."""

    stat: str
    """What it modifies (``"attack"``); the host game reads it with ``modifier_total``."""
    amount: int
    """How much it adds (negative to subtract)."""


@attrs.frozen
class CardDef:
    """The definition of a Skill card, shared by all its copies (SD-1).

    ``play`` is what Playing the card does (SD-11), ``burn`` the modifiers Burning it grants
    (SD-12), ``timing`` when it may be used (SD-8). A bad ``name`` or ``timing`` raises
    :class:`~gamefold.ConfigError`.
    """

    name: str
    """The card's name (``"Strike"``)."""
    play: Effect
    """The Skill effect of Playing the card (SD-11)."""
    burn: tuple[Modifier, ...] = ()
    """The temporary modifiers of Burning the card (SD-12)."""
    timing: str = ACTIVATION
    """``"activation"`` (own activation only) or ``"reaction"`` (also in a reaction window)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ConfigError("name", "a card needs a non-empty name", "SD-1")
        if self.timing not in TIMINGS:
            raise ConfigError(
                "timing", f"a card's timing is one of {TIMINGS}, not {self.timing!r}", "SD-8"
            )


DEFAULT_DECK: tuple[CardDef, ...] = (
    CardDef("Strike", Effect("attack", {"damage": 2}), (Modifier("attack", 1),)),
    CardDef("Parry", Effect("defend", {"block": 2}), (Modifier("defence", 1),), REACTION),
    CardDef("Focus", Effect("draw", {"count": 1}), (Modifier("focus", 1),)),
    CardDef("Dash", Effect("move", {"distance": 2}), (Modifier("speed", 1),)),
    CardDef("Dodge", Effect("evade", {"chance": 1}), (Modifier("evasion", 1),), REACTION),
    CardDef("Rally", Effect("heal", {"amount": 1}), (Modifier("morale", 1),)),
)
"""The default deck list: six placeholder Skills, repeated to fill a deck (five of each in 30).

The seed defines no individual cards; a game replaces this with its own list
(``SkillsConfig(deck=...)``).
"""
