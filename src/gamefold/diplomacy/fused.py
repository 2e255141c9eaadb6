"""Fast checks and quiet applies for diplomacy's hottest actions (``Pipeline(accepts=…)``).

A summit game begins and ends a turn at every seat, and self-applies or discards cards in
between: those steps are most of what the slice does. Each ``accepts_*`` does, in one
straight pass, what guard and validate do for one action type: true only when every field
fits its declared type and the action is legal, false at the first doubt, when the pipeline
runs its detailed stages, so refusals keep their code, rule and sentence. Each is built from
the predicates the validators use (:func:`~gamefold.diplomacy.turns.begins_now`,
:func:`~gamefold.diplomacy.seats.on_turn`, :func:`~gamefold.diplomacy.hands.in_hand` …)
and is exact: it accepts every legal action of its type, in any state.

:data:`QUIET` holds the applies that build the new state without its events, for
``advance``: EndTurn, Discard and SelfApply. A turn start reports what happened step by step
as it goes (expiry, pacts, Standalone effects, debt, income, earning), so it keeps its events.
"""

from __future__ import annotations

from gamefold.core import EndTurn, StartTurn
from gamefold.diplomacy.cards import Kind
from gamefold.diplomacy.hands import Discard, SelfApply, discarded, in_hand, of_kind, self_applied
from gamefold.diplomacy.seats import find_seat, on_turn
from gamefold.diplomacy.table import DiplomacyState
from gamefold.diplomacy.turns import (
    BeginTurn,
    begins_now,
    bonus_zone,
    ended,
    named_once,
    territory_count,
)
from gamefold.pipeline import Accepts, Quiet

__all__ = [
    "ACCEPTS",
    "QUIET",
    "accepts_begin_turn",
    "accepts_discard",
    "accepts_end_turn",
    "accepts_self_apply",
    "accepts_start_turn",
]


def accepts_start_turn(state: DiplomacyState, action: StartTurn) -> bool:
    """The next seat's turn begins, none under way (DP-4); a plain StartTurn holds nothing.

    The next seat's player is seated, so no seat is looked up."""
    player = action.player
    return type(player) is str and begins_now(state, player)


def accepts_begin_turn(state: DiplomacyState, action: BeginTurn) -> bool:
    """The next seat's turn begins (DP-4) with a count of territories (at most
    :data:`~gamefold.diplomacy.turns.MAX_TERRITORIES`) and bonus zones of the config, each
    named once (DP-5)."""
    if not accepts_start_turn(state, action) or not territory_count(action.territories):
        return False
    zones = action.zones
    if type(zones) is not tuple:
        return False
    for zone in zones:  # a loop, not all(): no generator per turn start
        if type(zone) is not str or not bonus_zone(state, zone):
            return False
    # pragma: no mutate start -- a shortcut: no zone or one is named once
    if len(zones) < 2:
        return True
    # pragma: no mutate end
    return named_once(zones)


def accepts_end_turn(state: DiplomacyState, action: EndTurn) -> bool:
    """The seated player whose turn is under way ends it (DP-12)."""
    player = action.player
    if type(player) is not str or not on_turn(state, player):
        return False
    return find_seat(state, player) is not None


def _own_card(state: DiplomacyState, player: object, card: object) -> bool:
    """A seated ``player`` in their own turn, holding ``card`` (a card id) unlocked."""
    if type(player) is not str or type(card) is not int:
        return False
    # pragma: no mutate start -- a shortcut: a negative card is in no hand
    if card < 0:
        return False
    # pragma: no mutate end
    if not on_turn(state, player):
        return False
    seat = find_seat(state, player)
    return seat is not None and in_hand(state, seat, card)


def accepts_discard(state: DiplomacyState, action: Discard) -> bool:
    """A seated player discards a card they hold, unlocked, in their own turn (DP-1, DP-10)."""
    return _own_card(state, action.player, action.card)


def accepts_self_apply(state: DiplomacyState, action: SelfApply) -> bool:
    """A seated player self-applies a Value card they hold, unlocked, in their own turn
    (DP-10, DP-11)."""
    card = action.card
    return _own_card(state, action.player, card) and of_kind(state, card, Kind.VALUE)


ACCEPTS: dict[type, Accepts] = {
    BeginTurn: accepts_begin_turn,
    StartTurn: accepts_start_turn,
    EndTurn: accepts_end_turn,
    Discard: accepts_discard,
    SelfApply: accepts_self_apply,
}
"""The fast checks, by action type."""

QUIET: dict[type, Quiet] = {
    EndTurn: ended,
    Discard: discarded,
    SelfApply: self_applied,
}
"""The applies without events, by action type."""
