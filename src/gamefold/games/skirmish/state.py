"""The skirmish slice: what the game keeps besides the skill-deck and combat slices.

It holds the bookkeeping of the rules that cross the two subsystems; shields are combat's
wards (SK-5: :class:`~gamefold.combat.Ward`), kept by combat alone. The game's rules and
wrappers update it; of itself it only forgets the Round's choices at ``EndRound``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, Self, TypeVar

import attrs

from gamefold.combat import CombatState, Hand, Warded, WardsLapsed
from gamefold.combat import DamagePrevented as CombatDamagePrevented
from gamefold.core import EndRound, Event, Events, replace, replacer
from gamefold.games.skirmish import codes
from gamefold.pipeline import Pipeline
from gamefold.registry import Clock, Subsystem
from gamefold.rng import Rng
from gamefold.skills import SkillsState

__all__ = [
    "SkirmishSlices",
    "G",
    "EVENTS",
    "NAME",
    "DamagePrevented",
    "DeclarationHeld",
    "Dodged",
    "DeclarationLapsed",
    "Held",
    "LeftTheFight",
    "ShieldRaised",
    "ShieldsDropped",
    "SkirmishState",
    "SkirmishView",
    "Tally",
    "bump",
    "chose",
    "determinize",
    "initial_state",
    "mark",
    "subsystem",
    "tally_of",
    "tallies_sound",
    "view",
]

NAME = "skirmish"
"""The slice's name in a :class:`~gamefold.registry.Game`."""


class SkirmishSlices(Protocol):
    """A game the skirmish's rules run on: any game record with the Skill decks and the
    fight as slices and the skirmish's bookkeeping, read and written by name (the skirmish's
    own record holds the bookkeeping as a slice, the campaign's inside its ``campaign``
    slice)."""

    @property
    def skills(self) -> SkillsState:
        """The Skill decks (:mod:`gamefold.skills`)."""

    @property
    def combat(self) -> CombatState:
        """The fight (:mod:`gamefold.combat`)."""

    @property
    def skirmish(self) -> SkirmishState:
        """The tallies and the held declaration."""

    def with_skirmish(self, skirmish: SkirmishState) -> Self:
        """This game with the bookkeeping ``skirmish``: how the skirmish's rules write it."""

    @property
    def clock(self) -> Clock:
        """The registry's clock."""


G = TypeVar("G", bound=SkirmishSlices)
"""The record a skirmish rule takes and gives back: the same class (a :class:`SkirmishSlices`)."""


@attrs.frozen
class Tally:
    """One player's running numbers, for the outcome (``"gm"`` counts for all its units)."""

    player: str
    damage_dealt: int = 0
    """Damage its blows dealt, after shields (SK-5)."""
    damage_taken: int = 0
    """Damage its units took, after shields."""
    damage_prevented: int = 0
    """Damage its shields prevented (SK-5)."""
    cards_played: int = 0
    """Cards Played, including cards Played to declare an ability (SK-3)."""
    cards_burned: int = 0
    """Cards Burned (SD-12)."""
    cards_paid: int = 0
    """Cards discarded to pay for abilities (SD-10, SK-2)."""
    reactions: int = 0
    """Reaction cards used in a reaction window (SD-8, SK-4)."""
    death_round: int | None = None
    """The Round its character died of fatal exhaustion (SD-6), if it did."""
    fell_round: int | None = None
    """The Round its character fell in the fight (CB-11), if it did."""


@attrs.frozen
class Held:
    """A declaration waiting while its target's player's reaction window is open: an enemy's
    at a party member (SK-4), or a party member's at a GM unit (SK-18)."""

    unit: str
    ability: str
    hand: Hand | None
    target: str


@attrs.frozen
class SkirmishState:
    """The skirmish slice: held declaration, choices and tallies."""

    tallies: tuple[Tally, ...]
    """One per player: the party in seat order, then ``"gm"``."""
    held: Held | None = None
    """The declaration waiting for a reaction window to close, if any (SK-4, SK-18)."""
    chosen: tuple[str, ...] = ()
    """Units that made their choice for the exchange this Round (SK-1): one each a Round."""
    rng: Rng = attrs.field(factory=lambda: Rng.from_seed(0).split(NAME))
    """The slice's own stream, for Dodge's roll (SK-15); never shown in a view (EN-9)."""


@attrs.frozen
class Dodged(Event):
    """``unit`` rolled ``roll`` on a die of ``sides`` to dodge: a shield of ``shield`` (SK-15),
    0 when the roll failed."""

    unit: str
    roll: int
    sides: int
    shield: int


@attrs.frozen
class SkirmishView:
    """The slice as a viewer sees it (:func:`view`)."""

    tallies: tuple[Tally, ...]
    held: Held | None
    """The held declaration, for its declaring side's player only."""
    held_target: str | None
    """Whom the held declaration aims at: shown to the declaring player and the target's."""
    chosen: tuple[str, ...]
    """Units that made their choice this Round (who, not what: public)."""


@attrs.frozen
class DeclarationHeld(Event):
    """``unit`` declared at ``target``; it waits while ``target`` may react (SK-4)."""

    unit: str
    target: str


@attrs.frozen
class DeclarationLapsed(Event):
    """``unit``'s held declaration at ``target`` lapsed (its target left); it may choose again."""

    unit: str
    target: str


ShieldRaised = Warded
"""A shield raised (SK-5) is combat's :class:`~gamefold.combat.Warded`: ``combatant`` will be
spared ``amount`` more damage in the next exchange, ``total`` in all."""


ShieldsDropped = WardsLapsed
"""The Round ended: unused shields are gone (SK-5), as combat's
:class:`~gamefold.combat.WardsLapsed` tells."""


DamagePrevented = CombatDamagePrevented
"""A shield stopping damage (SK-5) is combat's :class:`~gamefold.combat.DamagePrevented`."""


@attrs.frozen
class LeftTheFight(Event):
    """``unit`` left the fight, out of the zones and pairings, because ``cause`` (SK-6)."""

    unit: str
    cause: str


EVENTS: tuple[type[Event], ...] = (
    DeclarationHeld,
    DeclarationLapsed,
    LeftTheFight,
    Dodged,
)
"""Every event type the skirmish's own rules report (EN-7), besides the slices' events."""


def initial_state(players: tuple[str, ...], seed: int | str = 0) -> SkirmishState:
    """A fresh slice for ``players`` (the party then ``"gm"``), its stream split from
    ``seed`` (``Rng.from_seed(seed).split("skirmish")``)."""
    return SkirmishState(tuple(Tally(p) for p in players), rng=Rng.from_seed(seed).split(NAME))


def tally_of(state: SkirmishState | SkirmishView, player: str) -> Tally:
    """The :class:`Tally` of ``player``; ``KeyError`` if there is none."""
    for tally in state.tallies:
        if tally.player == player:
            return tally
    raise KeyError(player)


_set_tallies = replacer(SkirmishState, "tallies")


def bump(state: SkirmishState, player: str, **amounts: int) -> SkirmishState:
    """``state`` with ``player``'s tally fields increased by ``amounts``."""
    tallies = state.tallies
    for i, tally in enumerate(tallies):
        if tally.player == player:  # a player has one tally
            changes = {}
            for k, v in amounts.items():  # a loop, not a comprehension: one field or two
                changes[k] = getattr(tally, k) + v
            tallies = (*tallies[:i], replace(tally, **changes), *tallies[i + 1 :])
            break
    return _set_tallies(state, tallies)


def mark(state: SkirmishState, player: str, field: str, round_: int) -> SkirmishState:
    """``state`` with ``player``'s ``field`` (a Round number) set, if it is not set yet."""
    tallies = tuple(
        replace(t, **{field: round_}) if t.player == player and getattr(t, field) is None else t
        for t in state.tallies
    )
    return _set_tallies(state, tallies)


def view(state: SkirmishState, viewer: str) -> SkirmishView:
    """The slice as ``viewer`` sees it: the held declaration in full for the declaring side's
    player only (the GM for an enemy, SK-4; the member itself, SK-18), its target for that
    player and the target's (EN-9, CB-10)."""
    held = state.held
    if held is None:
        return SkirmishView(state.tallies, None, None, state.chosen)
    party = {t.player for t in state.tallies[:-1]}
    declarer = held.unit if held.unit in party else "gm"
    reactor = held.target if held.target in party else "gm"
    target = held.target if viewer in (declarer, reactor) else None
    shown = held if viewer == declarer else None
    return SkirmishView(state.tallies, shown, target, state.chosen)


def determinize(shown: SkirmishView, viewer: str, rng: Rng) -> SkirmishState:
    """The slice ``shown`` could be the view of (EN-9): the tallies, the choices and a shown
    held declaration kept, the stream (Dodge's rolls) drawn afresh from ``rng``. A held
    declaration the view hides spans the slices (who may hold one is the skill deck's and
    the fight's business): :func:`~gamefold.games.skirmish.declaring.redraw_held` draws it
    on the whole game."""
    return SkirmishState(shown.tallies, shown.held, shown.chosen, rng.split("stream"))


def chose(state: SkirmishState, unit: str) -> SkirmishState:
    """``state`` with ``unit`` counted as having made its choice this Round (SK-1)."""
    return replace(state, chosen=(*state.chosen, unit))


def _decide_end_round(state: SkirmishState, action: EndRound) -> tuple[SkirmishState, Events]:
    """EndRound forgets the Round's choices (SK-1); combat drops the shields (SK-5). A
    Round's end is always welcome here: the skill deck judges whether it may come."""
    if not state.chosen:
        return state, ()
    return replace(state, chosen=()), ()


def tallies_sound(state: SkirmishState) -> Iterator[str]:
    """Every tally is non-negative."""
    for tally in state.tallies:
        numbers = attrs.astuple(tally)[1:]  # ints and Round numbers: nothing to recurse into
        if any(isinstance(n, int) and n < 0 for n in numbers):
            yield f"{tally.player} has a negative tally: {tally}"


_PIPELINE: Pipeline[SkirmishState] = Pipeline(
    codes.CATALOGUE,
    {EndRound: _decide_end_round},
    owner="the skirmish slice",
)

subsystem: Subsystem[SkirmishState] = _PIPELINE.subsystem(
    NAME,
    invariants=(tallies_sound,),
    view=view,
    determinize=determinize,
    state_type=SkirmishState,
)
"""The registry entry of the skirmish slice, built by its :class:`~gamefold.pipeline.Pipeline`:
no action of its own; it reacts to EndRound (anything else is ``skirmish/malformed``, EN-4)."""
