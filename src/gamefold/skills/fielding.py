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

from gamefold.core import Action, Event, replace
from gamefold.pipeline import Refusal
from gamefold.skills import codes
from gamefold.skills.session import Decided, SkillsState

__all__ = ["FieldUnits", "UnitsFielded", "decide_field"]


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


def decide_field(state: SkillsState, action: FieldUnits) -> Decided:
    """Between Rounds, the GM fields ``units`` (distinct non-empty names that are not the
    players' or the GM's) from the next Round on; the others are dismissed (SD-13)."""
    if state.in_round:
        message = "the GM's units change only between Rounds"
        return Refusal(codes.ROUND_IN_PROGRESS, message)
    units = action.units
    if not all(units) or len(set(units)) != len(units):
        message = "the GM's units need distinct, non-empty names"
        return Refusal(codes.UNIT_NAME_TAKEN, message)
    taken = sorted(set(units) & set(state.seats))
    if taken:
        message = f"{taken[0]!r} is a player's or the GM's id, not a GM unit's"
        return Refusal(codes.UNIT_NAME_TAKEN, message)
    dismissed = tuple(u for u in state.gm_units if u not in units)
    event: Event = UnitsFielded(units, dismissed)
    return replace(state, gm_units=units), (event,)
