"""The campaign slice: the battle under way, the battles fought, and each faction's record.

:class:`CampaignState` is the ``"campaign"`` slice. It owns no action and reacts to no
lifecycle action: the campaign's :class:`~gamefold.Rule` records (the Attack that begins a
battle, a battle's Rounds and its end, :mod:`~gamefold.games.campaign.battle`) update it.
Everything in it is public, but its RNG (EN-9).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from gamefold.core import Event, replace
from gamefold.games.campaign import codes
from gamefold.pipeline import Pipeline
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
    "initial_state",
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
    battle: Battle | None = None
    """The battle under way, if any (CP-1)."""
    battles: int = 0
    """Battles begun so far."""


@attrs.frozen
class CampaignView:
    """The campaign slice as any viewer sees it: all of it but the RNG (EN-9)."""

    records: tuple[Record, ...]
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


def initial_state(factions: tuple[str, ...], seed: int | str = 0) -> CampaignState:
    """A fresh slice for ``factions``, its stream ``Rng.from_seed(seed).split("campaign")``."""
    return CampaignState(tuple(Record(f) for f in factions), Rng.from_seed(seed).split(NAME))


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
    """The slice as ``viewer`` sees it: everything but the RNG (EN-9)."""
    return CampaignView(state.records, state.battle, state.battles)


def determinize(shown: CampaignView, viewer: str, rng: Rng) -> CampaignState:
    """The slice ``shown`` is the view of (EN-9): all of it public, the stream (which seeds
    the next battle's fight) drawn afresh from ``rng``."""
    return CampaignState(shown.records, rng.split("stream"), shown.battle, shown.battles)


def records_sound(state: CampaignState) -> Iterator[str]:
    """Every record is non-negative, and no faction won more attacks than it fought."""
    for r in state.records:
        if min(r.attacks, r.conquests, r.defences) < 0 or r.conquests > r.attacks:
            yield f"{r.faction} has an impossible record: {r}"
    fought = sum(r.attacks for r in state.records)
    under_way = 1 if state.battle is not None else 0
    if fought + under_way > state.battles:
        yield f"{fought} battles recorded, but only {state.battles} begun"


_PIPELINE: Pipeline[CampaignState] = Pipeline(codes.CATALOGUE, {}, owner="the campaign slice")

subsystem: Subsystem[CampaignState] = _PIPELINE.subsystem(
    NAME,
    invariants=(records_sound,),
    view=view,
    determinize=determinize,
    state_type=CampaignState,
)
"""The registry entry of the campaign slice: no action of its own (anything sent to it is
``campaign/malformed``, EN-4), no lifecycle."""
