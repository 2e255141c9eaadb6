"""Fused check-and-apply paths for the skill-deck's hottest actions (see ``Pipeline(fast=…)``).

Each function here does, in one pass, what guard, validate and apply do for one action type
when the action is well formed and legal, and returns ``None`` at the first doubt: the
pipeline then runs its four stages, so refusals keep their code, rule and sentence. The
results are the very states and events the stages build (a property test compares the two
paths over reachable states).
"""

from __future__ import annotations

from gamefold.core import Events
from gamefold.pipeline import Fast
from gamefold.skills.commitment import Discard, apply_discard
from gamefold.skills.config import GM, PLAYERS
from gamefold.skills.rounds import Activate, EndActivation, apply_activate, apply_end_activation
from gamefold.skills.session import SkillsState, controller

__all__ = ["FAST", "fast_activate", "fast_discard", "fast_end_activation"]


def fast_discard(state: SkillsState, action: Discard) -> tuple[SkillsState, Events] | None:
    """A free Discard (SD-9) by the player whose unit is activating, of a card in hand."""
    player, card = action.player, action.card
    active = state.active
    # pragma: no mutate start -- shortcuts: a negative card is in no hand, and no activation
    # (None) or a player who is not a str is never the controller checked below
    if type(card) is not int or card < 0 or active is None or type(player) is not str:
        return None
    # pragma: no mutate end
    if controller(state, active) != player or player not in state.seats:
        return None
    owner = state.owners[state.seats.index(player)]
    if not owner.alive or card not in owner.hand:
        return None
    return apply_discard(state, action)


def fast_activate(state: SkillsState, action: Activate) -> tuple[SkillsState, Events] | None:
    """A unit of the side whose turn it is activates, once a Round (SD-13)."""
    unit = action.unit
    if type(unit) is not str or state.active is not None or not state.in_round:
        return None
    if unit not in state.pending:
        return None
    in_gm = unit in state.gm_units
    # pragma: no mutate start -- pending holds only the players' and the GM's units
    if not in_gm and (unit not in state.seats or unit == GM):
        return None
    # pragma: no mutate end
    if (GM if in_gm else PLAYERS) != state.side:
        return None
    if not in_gm and not state.owners[state.seats.index(unit)].alive:
        return None
    return apply_activate(state, action)


def fast_end_activation(
    state: SkillsState, action: EndActivation
) -> tuple[SkillsState, Events] | None:
    """The unit whose activation is under way ends it (SD-15)."""
    if type(action.unit) is not str or state.active != action.unit:
        return None
    return apply_end_activation(state, action)


FAST: dict[type, Fast] = {
    Discard: fast_discard,
    Activate: fast_activate,
    EndActivation: fast_end_activation,
}
"""The fused paths, by action type."""
