"""Level-card changes of a hand limit (SD-2).

Each owner's hand limit lives in the state, so a Level card (or any effect the host game
resolves) can raise or lower it with :class:`ChangeHandLimit`. Lowering the limit never
forces a discard by default: the hand is kept and only later refills draw less (SD-2,
SD-4). With ``SkillsConfig.lower_limit="discard"`` the newest cards above the new limit go to
the discard pile at once (:class:`HandTrimmed`).
"""

from __future__ import annotations

import attrs

from gamefold.core import Action, Event, replace
from gamefold.pipeline import Refusal
from gamefold.skills import codes
from gamefold.skills.config import GM
from gamefold.skills.session import Decided, SkillsState, living_seat, with_owner

__all__ = ["ChangeHandLimit", "HandLimitChanged", "HandTrimmed", "decide_change"]


@attrs.frozen
class ChangeHandLimit(Action):
    """The host game changes ``player``'s hand limit by ``delta`` (a Level card, SD-2).

    The new limit must stay between 0 and the owner's deck size.
    """

    player: str
    delta: int


@attrs.frozen
class HandLimitChanged(Event):
    """``player``'s hand limit went from ``old`` to ``new``; the hand itself is kept (SD-2)."""

    player: str
    old: int
    new: int


@attrs.frozen
class HandTrimmed(Event):
    """``player``'s newest ``cards`` went to the discard pile because the hand limit was
    lowered below the hand (SD-2 with ``lower_limit="discard"``)."""

    player: str
    cards: tuple[int, ...]


def decide_change(state: SkillsState, action: ChangeHandLimit) -> Decided:
    """Set a living owner's new limit, between 0 and their deck size (SD-2); by default no
    card moves (lowering never forces a discard), with ``lower_limit="discard"`` the newest
    cards above it are discarded."""
    player = action.player
    seat = living_seat(state, player)
    if isinstance(seat, Refusal):
        return seat
    owner, config = state.owners[seat], state.config
    top = config.gm_deck_size if player == GM else config.deck_size
    new = owner.hand_limit + action.delta
    if not 0 <= new <= top:
        message = f"a hand limit stays between 0 and {top}, not {new}"
        return Refusal(codes.HAND_LIMIT_OUT_OF_RANGE, message)
    events: list[Event] = [HandLimitChanged(player, owner.hand_limit, new)]
    owner = replace(owner, hand_limit=new)
    if config.lower_limit == "discard" and len(owner.hand) > new:
        # The newest cards go: the hand is kept in drawing order, so they are the last ones.
        kept, gone = owner.hand[:new], owner.hand[new:]
        owner = replace(owner, hand=kept, discard=(*owner.discard, *gone))
        events.append(HandTrimmed(player, gone))
    return with_owner(state, seat, owner), (*events,)
