"""The campaign slice: summit's turn flow and the skirmish's bookkeeping of the battles,
held as records of its own (the game borrows their rules, not their slices), the battle
under way, the battles fought, and each faction's record.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from gamefold.core import Action, EndRound, Event, Events, kept_by_identity, replace
from gamefold.games import skirmish, summit
from gamefold.games.campaign import codes
from gamefold.games.skirmish import SkirmishState, SkirmishView
from gamefold.games.summit import SummitState
from gamefold.pipeline import Pipeline, Refusal
from gamefold.registry import Subsystem
from gamefold.rng import Rng
from gamefold.skills import GM
from gamefold.territory import Attack

__all__ = [
    "EVENTS",
    "NAME",
    "RESULTS",
    "Battle",
    "BattleBegan",
    "BattleEnded",
    "CampaignState",
    "CampaignView",
    "Record",
    "end_battle_round",
    "initial_state",
    "nested_sound",
    "record_of",
    "subsystem",
    "tallied",
    "determinize",
    "view",
]

NAME = "campaign"
"""The slice's name in a :class:`~gamefold.registry.Game` and its RNG stream."""


RESULTS = ("won", "held", "fled", "fell", "stalemate")
"""How a battle ends for its attacker (CP-5, CP-7, CP-8): it took the territory; the
defenders held it; the champion fled; the champion fell; the Rounds ran out."""


@attrs.frozen
class Battle:
    """A battle under way: the Attack that began it and what each side brought (CP-1)."""

    attack: Attack
    """The summit Attack that began it: attacker, source and territory."""
    defender: str
    """The territory's owner when the battle began (``""``: neutral)."""
    troops: int
    """The attacking troops (after a trap, SM-13), counted as the champion's hit points (CP-3)."""
    hp: int
    """The champion's hit points when the battle began (CP-3)."""
    guards: tuple[str, ...]
    """The defending troops fighting as combatants (CP-4)."""
    reserve: int
    """The defending troops beyond the slots, who do not fight (CP-4)."""
    first_round: int
    """The skill decks' Round count when the battle began; its Rounds come after (CP-7)."""
    allies: tuple[str, ...] = ()
    """The allied champions fighting beside the attacker's (CP-10)."""
    champion: str = ""
    """The defending faction's champion fighting beside the guards, or ``""`` (CP-11)."""
    commander: str = GM
    """Who commands the guards' seat: the defending faction, or the war-master ``"gm"``
    (CP-12)."""


@attrs.frozen
class Record:
    """One faction's battles, for the outcome."""

    faction: str
    attacks: int = 0
    """Battles fought as the attacker."""
    conquests: int = 0
    """Battles won as the attacker: the territory taken (CP-5)."""
    defences: int = 0
    """Battles held as the defender."""


@attrs.frozen
class CampaignState:
    """The campaign slice. Build it with :func:`initial_state`."""

    records: tuple[Record, ...]
    """One per faction, in seat order."""
    rng: Rng
    """The slice's stream: each battle's fight is seeded from it (EN-3)."""
    summit: SummitState
    """Summit's turn flow between battles (SM-9), which summit's rules read and write."""
    skirmish: SkirmishState
    """The skirmish's bookkeeping of the battles (tallies, held declaration, choices,
    Dodge's stream), which the skirmish's rules read and write."""
    battle: Battle | None = None
    """The battle under way, if any (CP-1)."""
    battles: int = 0
    """Battles begun so far."""


@attrs.frozen
class CampaignView:
    """The campaign slice as a viewer sees it: all of it but the RNGs, the turn flow as
    summit shows it and the bookkeeping as the skirmish does (EN-9)."""

    records: tuple[Record, ...]
    summit: SummitState
    """Summit's view of the turn flow: all of it."""
    skirmish: SkirmishView
    """The skirmish's view of its bookkeeping (a held declaration is its side's secret)."""
    battle: Battle | None
    battles: int


@attrs.frozen
class BattleBegan(Event):
    """``attacker``'s champion attacks ``territory`` from ``source`` with ``troops`` troops
    as ``hp`` hit points (CP-3), against ``guards`` (CP-4) of ``defender``."""

    attacker: str
    source: str
    territory: str
    defender: str
    troops: int
    hp: int
    guards: tuple[str, ...]
    allies: tuple[str, ...] = ()
    """Allied champions fighting beside the attacker's, without troops (CP-10)."""
    champion: str = ""
    """The defender's champion fighting beside the guards, or ``""`` (CP-11)."""
    commander: str = GM
    """Who commands the guards: the defending faction, or ``"gm"`` (CP-12)."""


@attrs.frozen
class BattleEnded(Event):
    """The battle for ``territory`` ended: ``result`` (:data:`RESULTS`) for ``attacker``, who
    lost ``lost`` troops and killed ``killed`` defenders (CP-5)."""

    attacker: str
    territory: str
    result: str
    lost: int
    killed: int


EVENTS: tuple[type[Event], ...] = (BattleBegan, BattleEnded)
"""Every event type the campaign's own rules report (EN-7), besides the slices' events."""


def initial_state(
    factions: tuple[str, ...], flow: SummitState, bookkeeping: SkirmishState, seed: int | str = 0
) -> CampaignState:
    """A fresh slice for ``factions``, holding summit's turn ``flow`` and the skirmish's
    ``bookkeeping`` as they begin; its stream ``Rng.from_seed(seed).split("campaign")``."""
    rng = Rng.from_seed(seed).split(NAME)
    return CampaignState(tuple(Record(f) for f in factions), rng, flow, bookkeeping)


def record_of(state: CampaignState | CampaignView, faction: str) -> Record:
    """The :class:`Record` of ``faction``; ``KeyError`` if there is none."""
    for record in state.records:
        if record.faction == faction:
            return record
    raise KeyError(faction)


def tallied(state: CampaignState, faction: str, **more: int) -> CampaignState:
    """``state`` with ``faction``'s record fields increased by ``more`` (none for neutral)."""
    records = tuple(
        replace(r, **{k: getattr(r, k) + v for k, v in more.items()}) if r.faction == faction else r
        for r in state.records
    )
    return replace(state, records=records)


def view(state: CampaignState, viewer: str) -> CampaignView:
    """The slice as ``viewer`` sees it: everything but the RNG, the turn flow through
    summit's view and the bookkeeping through the skirmish's (EN-9)."""
    flow = summit.view(state.summit, viewer)
    shown = _bookkeeping(state.skirmish, viewer)
    return CampaignView(state.records, flow, shown, state.battle, state.battles)


# A step that changes the records or the turn flow keeps the bookkeeping: its view is then
# the very one it was.
_bookkeeping = kept_by_identity()(skirmish.view)


def determinize(shown: CampaignView, viewer: str, rng: Rng) -> CampaignState:
    """The slice ``shown`` is the view of (EN-9): the records and the battle public, the
    stream (which seeds the next battle's fight) drawn afresh from ``rng``, the turn flow
    and the bookkeeping through summit's and the skirmish's own ``determinize``."""
    flow = summit.determinize(shown.summit, viewer, rng.split(summit.NAME))
    bookkeeping = skirmish.determinize(shown.skirmish, viewer, rng.split(skirmish.NAME))
    return CampaignState(
        shown.records, rng.split("stream"), flow, bookkeeping, shown.battle, shown.battles
    )


def records_sound(state: CampaignState) -> Iterator[str]:
    """Every record is non-negative, and no faction won more attacks than it fought."""
    for r in state.records:
        if min(r.attacks, r.conquests, r.defences) < 0 or r.conquests > r.attacks:
            yield f"{r.faction} has an impossible record: {r}"
    fought = sum(r.attacks for r in state.records)
    if fought + (state.battle is not None) > state.battles:  # a battle under way is begun
        yield f"{fought} battles recorded, but only {state.battles} begun"


def nested_sound(state: CampaignState) -> Iterator[str]:
    """Summit's invariants of the turn flow (SM-9) and the skirmish slice's of its
    bookkeeping (sound tallies), on the records this slice holds."""
    for flow_check in summit.INVARIANTS:
        yield from flow_check(state.summit)
    for check in skirmish.subsystem.invariants:
        yield from check(state.skirmish)


def _decide_flow(state: CampaignState, action: Any) -> tuple[CampaignState, Events] | Refusal:
    """Summit's decision of a flow ``action`` on the flow this slice holds: its refusal as it
    is, else the slice holding the new flow, with its events."""
    result = summit.ROUTES[type(action)](state.summit, action)
    if isinstance(result, Refusal):
        return result
    flow, events = result
    return replace(state, summit=flow), events


def end_battle_round(state: CampaignState, action: Action) -> tuple[CampaignState, Events]:
    """The skirmish slice's end of a Round on the bookkeeping this slice holds: the Round's
    choices forgotten (SK-1). A battle's Round end fans it out (CP-1); the factions' Rounds
    reach the turn flow alone."""
    bookkeeping, events = skirmish.subsystem.step(state.skirmish, EndRound())
    if bookkeeping is state.skirmish:
        return state, events
    return replace(state, skirmish=bookkeeping), events


_PIPELINE: Pipeline[CampaignState] = Pipeline(
    codes.CATALOGUE,
    dict.fromkeys(summit.ROUTES, _decide_flow),
    owner="the campaign slice",
)


def _flow_actions(state: CampaignState, actor: str) -> tuple[Action, ...]:
    """Summit's flow actions of ``actor`` on the flow this slice holds: Defer, Pass (EN-5)."""
    return summit.legal_actions(state.summit, actor)


subsystem: Subsystem[CampaignState] = _PIPELINE.subsystem(
    NAME,
    legal_actions=_flow_actions,
    invariants=(records_sound, nested_sound),
    view=view,
    determinize=determinize,
    state_type=CampaignState,
)
"""The registry entry of the campaign slice: summit's flow actions and lifecycle, decided by
summit's functions on the flow it holds (SM-3, SM-9, SM-10); anything else sent to it is
``campaign/malformed`` (EN-4)."""
