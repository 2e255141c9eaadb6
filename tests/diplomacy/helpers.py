"""Small builders for the diplomacy example tests: tables, arranged hands, whole turns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gamefold import EndTurn, Event, replace
from gamefold.diplomacy import (
    BeginTurn,
    DiplomacyConfig,
    DiplomacyState,
    Pool,
    initial_state,
    step,
)
from gamefold.diplomacy.invariants import violations

PLAYERS = ("ann", "bob", "cy")


def table(config: DiplomacyConfig | None = None, players: Iterable[str] = PLAYERS, seed: int = 1):
    """A fresh table with the default (or given) config."""
    return initial_state(config or DiplomacyConfig(), tuple(players), seed)


def ids_of(config: DiplomacyConfig, name: str) -> list[int]:
    """The ids of every copy of the card type ``name``."""
    return [i for i, card in enumerate(config.cards) if card.name == name]


def arrange(state: DiplomacyState, hands: Mapping[str, Iterable[int]]) -> DiplomacyState:
    """``state`` with the named players' hands set to exactly ``hands`` (others keep theirs).

    Cards move between the pool and the hands so that every card stays in one place.
    """
    wanted = {p: tuple(cards) for p, cards in hands.items()}
    taken = {c for cards in wanted.values() for c in cards}
    players = []
    for player in state.players:
        hand = wanted.get(player.player, tuple(c for c in player.hand if c not in taken))
        players.append(replace(player, hand=hand))
    held = {c for p in players for c in p.hand} | {
        c for proposal in state.proposals for c in proposal.cards
    }
    pool = Pool.of_cards(
        (c for c in range(len(state.config.cards)) if c not in held), state.config.cards
    )
    new = replace(state, players=tuple(players), pool=pool)
    assert violations(new) == [], violations(new)
    return new


def begin(
    state: DiplomacyState, territories: int = 0, zones: tuple[str, ...] = ()
) -> tuple[DiplomacyState, tuple[Event, ...]]:
    """Begin the next player's turn with the given holdings."""
    return step(state, BeginTurn(state.next_player, territories, zones))


def end(state: DiplomacyState) -> DiplomacyState:
    """End the turn under way."""
    assert state.active is not None
    return step(state, EndTurn(state.active))[0]


def full_turn(
    state: DiplomacyState, territories: int = 0, zones: tuple[str, ...] = ()
) -> tuple[DiplomacyState, tuple[Event, ...]]:
    """Begin and end the next player's turn; the turn start's events."""
    state, events = begin(state, territories, zones)
    return end(state), events


def hand(state: DiplomacyState, player: str) -> tuple[int, ...]:
    """The hand of ``player``."""
    return next(p.hand for p in state.players if p.player == player)


def of_type(events: Iterable[Event], kind: type) -> list:
    """The events of class ``kind``."""
    return [e for e in events if isinstance(e, kind)]
