"""Forward pairing: who assigns it, what a valid one is, and when it must be redone (CB-5 … CB-7).

The side with more combatants counting as Forward (CB-7) assigns the pairings with
:class:`AssignPairings`, an action of that *side* (actor ``"party"`` or ``"enemies"``): one
of its Forward combatants for each enemy Forward combatant. Paired combatants may target
only their partner; its leftover Forward combatants and every Rearward combatant choose any
living enemy (CB-5, CB-6). On equal numbers ``pairing_tiebreak`` (default the party) assigns.

Pairings are assigned before the first exchange and stand until a fall changes who counts
as Forward on either side; then they are dissolved (:class:`PairingsDissolved`) and the
assigning side, perhaps another one now, pairs again before the next exchange.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any

import attrs

from gamefold.combat import codes
from gamefold.combat.combatants import (
    Combatant,
    CombatState,
    exchange_under_way,
    is_paired,
    over,
    with_combatants,
)
from gamefold.combat.domains import PAIRINGS, SIDES
from gamefold.combat.zones import _ENEMIES, _PARTY, Side, forward_ids
from gamefold.core import Action, Event, Events, replace, replacer
from gamefold.domains import domain
from gamefold.pipeline import Refusal

__all__ = [
    "AssignPairings",
    "Pair",
    "PairingsAssigned",
    "PairingsDissolved",
    "assign_refusal",
    "assigning_side",
    "decide_assign",
    "dissolve_if_changed",
    "pairing_options",
]


@attrs.frozen
class Pair:
    """One pairing: a Forward combatant of the assigning side and its enemy partner."""

    own: str
    """A Forward combatant of the side that assigns."""
    enemy: str
    """The enemy Forward combatant it is paired with."""


def _in_enemy_order(pairs: Sequence[Pair]) -> tuple[Pair, ...]:
    """Pairs in enemy id order, so that one pairing is one action whatever its order (EN-5)."""
    if not isinstance(pairs, tuple | list):
        return pairs  # type: ignore[return-value]  # left as is: the guard rejects it
    try:
        return tuple(sorted(pairs, key=_by_enemy))
    except (AttributeError, TypeError):
        return tuple(pairs)  # not Pair records: the guard rejects them


def _by_enemy(pair: Any) -> tuple[str, str]:
    return (pair.enemy, pair.own)


@attrs.frozen
class AssignPairings(Action):
    """``side`` pairs one of its Forward combatants with each enemy Forward combatant (CB-5).

    ``pairs`` is kept in the enemies' id order: the same pairing written in another order is
    the same action, the one :func:`pairing_options` lists (EN-5).
    """

    side: Side = attrs.field(metadata=domain(SIDES))
    pairs: tuple[Pair, ...] = attrs.field(converter=_in_enemy_order, metadata=domain(PAIRINGS))


@attrs.frozen
class PairingsAssigned(Event):
    """``side`` assigned the Forward pairings ``pairs`` (CB-5)."""

    side: Side
    pairs: tuple[Pair, ...]


@attrs.frozen
class PairingsDissolved(Event):
    """A fall changed who counts as Forward: pairings must be assigned again (CB-5, CB-7)."""


def assigning_side(state: CombatState) -> Side:
    """The side that assigns pairings: more combatants in Forward, else the tie-break."""
    party = len(forward_ids(state.combatants, _PARTY))
    enemies = len(forward_ids(state.combatants, _ENEMIES))
    if party == enemies:
        return state.config.pairing_tiebreak  # CB-5 (default): the party
    return _PARTY if party > enemies else _ENEMIES


_pairing = replacer(Combatant, "partner")


def decide_assign(
    state: CombatState, action: AssignPairings
) -> tuple[CombatState, Events] | Refusal:
    """Give every paired combatant its partner, for a complete, valid pairing by the side
    that assigns (CB-5); else the refusal."""
    refusal = assign_refusal(state, action.side) or _pairs_refusal(state, action)
    if refusal is not None:
        return refusal
    partners: dict[str, str] = {}
    for pair in action.pairs:
        partners[pair.own] = pair.enemy
        partners[pair.enemy] = pair.own
    combatants = tuple(
        _pairing(c, partners[c.id]) if c.id in partners else c for c in state.combatants
    )
    return with_combatants(state, combatants), (PairingsAssigned(action.side, action.pairs),)


def assign_refusal(state: CombatState, side: Side) -> Refusal | None:
    """Why ``side`` may not assign pairings now, or ``None``: the fight is over (CB-10), an
    exchange is under way (CB-10), pairings stand (CB-5), or the other side assigns (CB-5)."""
    refusal = over(state)
    if refusal is not None:
        return refusal
    if exchange_under_way(state):
        return Refusal(codes.EXCHANGE_UNDER_WAY, "Pairings wait for the exchange.")
    if is_paired(state):
        return Refusal(codes.ALREADY_PAIRED, "The pairings are assigned already.")
    assigning = assigning_side(state)
    if side is not assigning:
        message = f"The {assigning.value} side assigns the pairings."
        return Refusal(codes.NOT_YOUR_PAIRING, message)
    return None


def _pairs_refusal(state: CombatState, action: AssignPairings) -> Refusal | None:
    """Why ``action``'s pairs are no complete pairing of Forward combatants (CB-5, CB-7)."""
    own = forward_ids(state.combatants, action.side)
    enemy = forward_ids(state.combatants, action.side.other)
    for pair in action.pairs:
        for cid, allowed in ((pair.own, own), (pair.enemy, enemy)):
            if cid not in allowed:
                message = f"{cid} is not a Forward combatant of that side."
                return Refusal(codes.NOT_FORWARD, message)
    owns = [p.own for p in action.pairs]
    enemies = sorted(p.enemy for p in action.pairs)
    if len(set(owns)) != len(owns) or enemies != sorted(enemy):
        return Refusal(
            codes.BAD_PAIRING,
            "Each enemy Forward combatant needs exactly one partner, each a different one.",
        )
    return None


def pairing_options(state: CombatState, side: Side) -> tuple[AssignPairings, ...]:
    """Every valid :class:`AssignPairings` of ``side`` now, in a deterministic order (EN-5):
    each choice of its Forward combatants, one for each enemy Forward combatant."""
    if assign_refusal(state, side) is not None:
        return ()
    own = forward_ids(state.combatants, side)
    enemy = forward_ids(state.combatants, side.other)
    return tuple(
        AssignPairings(side, _pairs(chosen, enemy)) for chosen in permutations(own, len(enemy))
    )


def _pairs(own: tuple[str, ...], enemy: tuple[str, ...]) -> tuple[Pair, ...]:
    zipped = zip(own, enemy, strict=True)
    return tuple(Pair(o, e) for o, e in zipped)


def dissolve_if_changed(
    before: CombatState, state: CombatState
) -> tuple[CombatState, tuple[Event, ...]]:
    """Dissolve the pairings of ``state`` if who counts as Forward changed since ``before``."""
    if not is_paired(before):  # a move, a fall or a withdrawal never pairs anyone
        return state, ()
    same = all(forward_ids(before.combatants, s) == forward_ids(state.combatants, s) for s in Side)
    if same:
        return state, ()
    combatants = tuple(
        c if c.partner is None else replace(c, partner=None) for c in state.combatants
    )
    return replace(state, combatants=combatants), (PairingsDissolved(),)
