"""Fast checks and quiet applies for the skill-deck's hottest actions (``Pipeline(accepts=…)``).

Each ``accepts_*`` does, in one straight pass, what guard and validate do for one action type
when the action is well formed and legal: it is true only then, and false at the first doubt,
when the pipeline runs its detailed stages, so refusals keep their code, rule and sentence.
A true answer lets :meth:`~gamefold.pipeline.Pipeline.step` apply at once and
:meth:`~gamefold.pipeline.Pipeline.check` answer without raising anything. :data:`QUIET`
holds the applies that build the new state without its events, for ``advance``. A property
test compares every path with the detailed stages over reachable states.
"""

from __future__ import annotations

from gamefold.pipeline import Accepts, Quiet
from gamefold.skills.commitment import Discard, discarded
from gamefold.skills.config import GM, PLAYERS
from gamefold.skills.rounds import Activate, EndActivation, activated, ended_activation
from gamefold.skills.session import SkillsState, controller

__all__ = ["ACCEPTS", "QUIET", "accepts_activate", "accepts_discard", "accepts_end_activation"]


def accepts_discard(state: SkillsState, action: Discard) -> bool:
    """A free Discard (SD-9) by the player whose unit is activating, of a card in hand."""
    player, card = action.player, action.card
    active = state.active
    # pragma: no mutate start -- shortcuts: a negative card is in no hand, and no activation
    # (None) or a player who is not a str is never the controller checked below
    if type(card) is not int or card < 0 or active is None or type(player) is not str:
        return False
    # pragma: no mutate end
    if controller(state, active) != player or player not in state.seats:
        return False
    owner = state.owners[state.seats.index(player)]
    return owner.alive and card in owner.hand


def accepts_activate(state: SkillsState, action: Activate) -> bool:
    """A unit of the side whose turn it is activates, once a Round (SD-13)."""
    unit = action.unit
    if type(unit) is not str or state.active is not None or not state.in_round:
        return False
    if unit not in state.pending:
        return False
    in_gm = unit in state.gm_units
    # pragma: no mutate start -- pending holds only the players' and the GM's units
    if not in_gm and (unit not in state.seats or unit == GM):
        return False
    # pragma: no mutate end
    if (GM if in_gm else PLAYERS) != state.side:
        return False
    return in_gm or state.owners[state.seats.index(unit)].alive


def accepts_end_activation(state: SkillsState, action: EndActivation) -> bool:
    """The unit whose activation is under way ends it (SD-15)."""
    return type(action.unit) is str and state.active == action.unit


ACCEPTS: dict[type, Accepts] = {
    Discard: accepts_discard,
    Activate: accepts_activate,
    EndActivation: accepts_end_activation,
}
"""The fast checks, by action type."""

QUIET: dict[type, Quiet] = {
    Discard: discarded,
    Activate: activated,
    EndActivation: ended_activation,
}
"""The applies without events, by action type."""
