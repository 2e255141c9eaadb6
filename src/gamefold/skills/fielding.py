"""The GM's units between encounters: the host action :class:`FieldUnits` (SD-13).

A session starts with the GM's units it was given (:func:`~gamefold.skills.initial_state`),
and a defeated GM unit leaves them for good (:class:`~gamefold.skills.DefeatUnit`). A host
game that runs several encounters in one session (a campaign's battles, each against other
enemies) names the GM's units of the next encounter with :class:`FieldUnits`, between
Rounds. The players' characters, their decks, Fatigue and Exhaustion are untouched: only
who activates on the GM's side changes (SD-13).
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.skills import codes
from gamefold.skills.session import SkillsState

__all__ = ["FieldUnits", "UnitsFielded", "apply_field", "validate_field"]


@attrs.frozen
class FieldUnits(Action):
    """The host game names the GM's units from the next Round on (SD-13): ``units``, in
    activation-listing order, replacing the ones left. Issued between Rounds."""

    units: tuple[str, ...]


@attrs.frozen
class UnitsFielded(Event):
    """The GM's units are now ``units``; ``dismissed`` left the GM's side (SD-13)."""

    units: tuple[str, ...]
    dismissed: tuple[str, ...]


def validate_field(state: SkillsState, action: FieldUnits) -> None:
    """Between Rounds, distinct non-empty names that are not the players' or the GM's."""
    if state.in_round:
        message = "the GM's units change only between Rounds"
        raise codes.illegal(codes.ROUND_IN_PROGRESS, message, action)
    units = action.units
    if not all(units) or len(set(units)) != len(units):
        message = "the GM's units need distinct, non-empty names"
        raise codes.illegal(codes.UNIT_NAME_TAKEN, message, action)
    taken = sorted(set(units) & set(state.seats))
    if taken:
        message = f"{taken[0]!r} is a player's or the GM's id, not a GM unit's"
        raise codes.illegal(codes.UNIT_NAME_TAKEN, message, action)


def apply_field(state: SkillsState, action: FieldUnits) -> tuple[SkillsState, Events]:
    """The GM fields ``units`` from the next Round on; the others are dismissed."""
    dismissed = tuple(u for u in state.gm_units if u not in action.units)
    event: Event = UnitsFielded(action.units, dismissed)
    return replace(state, gm_units=action.units), (event,)
