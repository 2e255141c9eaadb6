"""Standalone cards: played between turns, resolved at the next turn start (DP-12).

A player's *between-turn window* opens when their turn ends and closes when their next
turn starts. In it they may play one Standalone card (:class:`PlayStandalone`): the card
goes back to the pool at once and its :class:`Effect` waits in the player's record until
their next turn starts, when a :class:`StandaloneResolved` event delivers it.

What an effect *does* (Fortify a territory, lay a Siege) belongs to the host game, which
has the map. It registers one handler per subtype in :class:`EffectHandlers` and runs them
on the events a step returns. Handlers are plain functions, never stored in states,
actions or events, so those stay JSON records (EN-8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar

import attrs

from gamefold.core import Action, Event, Events, replace
from gamefold.diplomacy import codes
from gamefold.diplomacy.cards import Kind
from gamefold.diplomacy.domains import HAND_CARDS, TARGETS
from gamefold.diplomacy.hands import card_refusal, kind_refusal, to_pool, without
from gamefold.diplomacy.seats import find_seat, unseated
from gamefold.domains import ACTOR, domain
from gamefold.pipeline import Refusal

if TYPE_CHECKING:
    from gamefold.diplomacy.table import DiplomacyState, PlayerState

__all__ = [
    "Effect",
    "EffectHandler",
    "EffectHandlers",
    "PlayStandalone",
    "StandalonePlayed",
    "StandaloneResolved",
]

H = TypeVar("H")


@attrs.frozen
class Effect:
    """A played Standalone card's effect, waiting for its player's next turn (DP-12)."""

    card: int
    """The card played (already back in the pool)."""
    name: str
    """Its card type, e.g. ``"Fortify T2"``."""
    subtype: str
    """Its subtype, e.g. ``"Fortify"``: the key of its handler."""
    tier: int
    """Its tier: T2 effects are stronger (DP-8)."""
    target: str
    """What the player aimed it at, in the host game's terms (a player, a territory)."""


@attrs.frozen
class PlayStandalone(Action):
    """``player`` plays the Standalone ``card`` as their between-turn action (DP-12).

    ``target`` is free text for the host game (a player or territory name); this subsystem
    passes it on untouched.
    """

    player: str = attrs.field(metadata=domain(ACTOR))
    card: int = attrs.field(metadata=domain(HAND_CARDS))
    target: str = attrs.field(default="", metadata=domain(TARGETS))


@attrs.frozen
class StandalonePlayed(Event):
    """``player`` played a Standalone card; it resolves at their next turn start."""

    player: str
    effect: Effect


@attrs.frozen
class StandaloneResolved(Event):
    """``player``'s Standalone ``effect`` resolves now, at their turn start (DP-12)."""

    player: str
    effect: Effect


_NOT_BETWEEN = Refusal(
    codes.NOT_BETWEEN_TURNS, "A Standalone card is played between your turns, not during one."
)
_USED = Refusal(codes.WINDOW_USED, "You already played a Standalone card since your last turn.")


def window_refusal(player: PlayerState) -> Refusal | None:
    """Why ``player`` may not play a Standalone card now: their between-turn window is
    closed, or they used it (DP-12); ``None`` when it is open and unused."""
    if not player.between_turns:
        return _NOT_BETWEEN
    if player.pending is not None:
        return _USED
    return None


def decide_play(
    state: DiplomacyState, action: PlayStandalone
) -> tuple[DiplomacyState, Events] | Refusal:
    """Between the player's turns, once a window, an unlocked Standalone card in hand
    (DP-12): the card returns to the pool at once, its effect waits in the state."""
    name, card = action.player, action.card
    seat = find_seat(state, name)
    if seat is None:
        return unseated(name)
    player = state.players[seat]
    refusal = (
        window_refusal(player)
        or card_refusal(state, player, card)
        or kind_refusal(state, card, Kind.STANDALONE, "DP-12")
    )
    if refusal is not None:
        return refusal
    card_type = state.config.cards[card]
    effect = Effect(card, card_type.name, card_type.subtype, card_type.tier, action.target)
    new = replace(player, hand=without(player.hand, card), pending=effect)
    return to_pool(state, seat, new, card, Kind.STANDALONE), (StandalonePlayed(name, effect),)


def resolve(player: PlayerState, events: list[Event]) -> None:
    """At turn start the window of ``player`` closes and a waiting effect resolves (DP-12);
    the caller clears the window."""
    if player.pending is not None:
        events.append(StandaloneResolved(player.player, player.pending))


EffectHandler: TypeAlias = Callable[[H, StandaloneResolved], tuple[H, Events]]
"""``handler(host_state, resolved) -> (host_state, events)``: what an effect does."""


class EffectHandlers(Generic[H]):
    """The host game's Standalone effect handlers, by subtype name (DP-12).

    >>> handlers = EffectHandlers({"Fortify": lambda host, ev: (host + 1, ())})
    >>> handlers.run(0, [])
    (0, ())

    :meth:`run` calls the handler of every :class:`StandaloneResolved` event among a step's
    events, in order, threading the host's own state through them; an effect whose subtype
    has no handler is left to the event alone.
    """

    def __init__(self, handlers: Mapping[str, EffectHandler[H]] | None = None) -> None:
        self._handlers: dict[str, EffectHandler[H]] = dict(handlers or {})

    def __repr__(self) -> str:
        return f"EffectHandlers({sorted(self._handlers)!r})"

    @property
    def names(self) -> tuple[str, ...]:
        """The subtypes that have a handler, sorted."""
        return tuple(sorted(self._handlers))

    def with_handler(self, subtype: str, handler: EffectHandler[H]) -> EffectHandlers[H]:
        """A copy with ``handler`` registered for ``subtype`` (replacing any earlier one)."""
        return EffectHandlers({**self._handlers, subtype: handler})

    def run(self, host: H, events: Iterable[Event]) -> tuple[H, Events]:
        """Run the handlers of the resolved effects in ``events``; the host and new events."""
        produced: list[Event] = []
        for event in events:
            if isinstance(event, StandaloneResolved):
                handler = self._handlers.get(event.effect.subtype)
                if handler is not None:
                    host, more = handler(host, event)
                    produced.extend(more)
        return host, tuple(produced)
