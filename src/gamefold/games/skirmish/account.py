"""One readable line per event of a skirmish, for ``gamefold play`` and the examples.

Combat events are told by :func:`gamefold.combat.describe`; skill-deck and skirmish events
by the lines here. Card ids are shown as numbers; what a hidden card is never appears.

>>> from gamefold.games.skirmish.account import describe
>>> from gamefold.games.skirmish.state import ShieldRaised
>>> describe(ShieldRaised("ana", 2, 2))
'ana raises a shield of 2 (2 in all this Round).'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold import combat
from gamefold import skills as sd
from gamefold.core import Event
from gamefold.games.skirmish import state as sk

__all__ = ["LINES", "describe"]


LINES: dict[type, Callable[[Any], str]] = {
    **sd.LINES,
    sk.DeclarationHeld: lambda e: f"{e.unit} declares at {e.target}, who may react first.",
    sk.DeclarationLapsed: lambda e: f"{e.unit}'s declaration at {e.target} lapses.",
    sk.LeftTheFight: lambda e: f"{e.unit} leaves the fight ({e.cause}).",
    sk.Dodged: lambda e: (
        f"{e.unit} rolls {e.roll} of {e.sides} to dodge: "
        + (f"a shield of {e.shield}." if e.shield else "no luck.")
    ),
}


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports: the skill-deck and combat subsystems' own
    lines for theirs (:func:`gamefold.skills.describe`, :func:`gamefold.combat.describe`)."""
    line = LINES.get(type(event))
    return combat.describe(event) if line is None else line(event)
