"""Invariants of every reachable skill-deck state, one sentence per violation.

Each function takes a state and yields nothing when it holds. :data:`INVARIANTS` lists them
for the registry and :mod:`gamefold.testing`; :func:`violations` runs them all.
:func:`refill_within_limits` checks a transition (the states before and after a
``StartRound``) rather than a single state.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamefold.registry import Invariant
from gamefold.skills.config import GM, PLAYERS
from gamefold.skills.session import SkillsState

__all__ = [
    "INVARIANTS",
    "activations_consistent",
    "cards_conserved",
    "gm_exempt",
    "limits_in_range",
    "refill_within_limits",
    "seats_consistent",
    "violations",
]


def _card_range(state: SkillsState, seat: int) -> range:
    config = state.config
    base = seat * config.deck_size
    if state.seats[seat] == GM:
        return range(base, base + config.gm_deck_size)
    return range(base, base + config.deck_size)


def cards_conserved(state: SkillsState) -> Iterator[str]:
    """Each owner's deck + hand + discard + exhausted is exactly its own deck (SD-1)."""
    for seat, owner in enumerate(state.owners):
        cards = owner.deck + owner.hand + owner.discard + owner.exhausted
        if sorted(cards) != list(_card_range(state, seat)):
            yield f"{owner.player}'s zones hold {len(cards)} cards, not exactly its own deck"


def gm_exempt(state: SkillsState) -> Iterator[str]:
    """The GM never has Fatigue, never loses a card to Exhaustion and never dies (SD-7)."""
    gm = state.owners[-1]
    if gm.fatigue:
        yield f"the GM has {gm.fatigue} Fatigue"
    if gm.exhausted:
        yield f"the GM has {len(gm.exhausted)} Exhausted card(s)"
    if not gm.alive:
        yield "the GM died"


def seats_consistent(state: SkillsState) -> Iterator[str]:
    """Seats name the owners in order, all different, with the GM last."""
    if tuple(owner.player for owner in state.owners) != state.seats:
        yield "seats and owners disagree"
    if len(set(state.seats)) != len(state.seats) or not state.seats or state.seats[-1] != GM:
        yield f"seats {state.seats} are not distinct players followed by the GM"


def limits_in_range(state: SkillsState) -> Iterator[str]:
    """Hand limits stay between 0 and the deck size; Fatigue is never negative (SD-2, SD-5)."""
    for seat, owner in enumerate(state.owners):
        if not 0 <= owner.hand_limit <= len(_card_range(state, seat)):
            yield f"{owner.player}'s hand limit {owner.hand_limit} is out of range"
        if owner.fatigue < 0:
            yield f"{owner.player} has negative Fatigue"


def _living_units(state: SkillsState) -> set[str]:
    players = {o.player for o in state.owners if o.alive and o.player != GM}
    return players | set(state.gm_units)


def activations_consistent(state: SkillsState) -> Iterator[str]:
    """Only living units are pending or active, each once; the side to act has units (SD-13)."""
    living = _living_units(state)
    if not state.in_round and (state.pending or state.active or state.reacting):
        yield "activations or reaction windows exist outside a Round"
    if not state.in_round and any(owner.modifiers for owner in state.owners):
        yield "Burn modifiers survived the end of the Round"
    if len(set(state.pending)) != len(state.pending) or not set(state.pending) <= living:
        yield f"pending units {state.pending} are not distinct living units"
    if state.active is not None and (state.active not in living or state.active in state.pending):
        yield f"the active unit {state.active} is dead, unknown or still pending"
    dead = {o.player for o in state.owners if not o.alive}
    if dead & set(state.reacting):
        yield "a dead character has an open reaction window"
    if state.active is None and state.pending:
        gm_side = state.side == GM
        if not any((unit in state.gm_units) is gm_side for unit in state.pending):
            yield f"the {state.side} side is to activate but has no unit left"
    if state.side not in (PLAYERS, GM):
        yield f"unknown side {state.side!r}"


INVARIANTS: tuple[Invariant, ...] = (
    cards_conserved,
    gm_exempt,
    seats_consistent,
    limits_in_range,
    activations_consistent,
)
"""Every single-state invariant of the skill-deck slice."""


def violations(state: SkillsState) -> tuple[str, ...]:
    """Every invariant violation of ``state`` (empty when all hold)."""
    return tuple(problem for invariant in INVARIANTS for problem in invariant(state))


def refill_within_limits(before: SkillsState, after: SkillsState) -> Iterator[str]:
    """A refill never lifts a hand above its limit and never shrinks one (SD-2, SD-3, SD-4).

    ``before`` and ``after`` are the states around a ``StartRound``.
    """
    for old, new in zip(before.owners, after.owners, strict=True):
        held, limit = len(old.hand), old.hand_limit
        if len(new.hand) > max(held, limit):
            yield f"{new.player}'s refill drew {len(new.hand)} cards, above the limit {limit}"
        if len(new.hand) < held:
            yield f"{new.player} lost cards from hand at a refill"
