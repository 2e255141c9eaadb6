"""Combatants and the fight's state: sides, zones, hit points, Stress, items and choices.

A :class:`Fighter` describes who enters a fight; :func:`~gamefold.combat.initial_state`
turns each into a :class:`Combatant`, the record the reducers update. A combatant's pending
choice for the current exchange (a :class:`Declaration` or a :class:`RetreatPlan`) lives on
the combatant itself, so declaring changes nothing else (CB-10).
"""

from __future__ import annotations

from enum import Enum

import attrs

from gamefold.combat import codes
from gamefold.combat.config import MAX_COUNT, CombatConfig
from gamefold.combat.hands import Condition, Hand
from gamefold.combat.zones import _PARTY, Side, Zone
from gamefold.core import Event, replacer
from gamefold.pipeline import Refusal
from gamefold.rng import Rng

__all__ = [
    "Affliction",
    "CombatEnded",
    "CombatState",
    "Combatant",
    "Declaration",
    "Ending",
    "Fighter",
    "Item",
    "RetreatPlan",
    "decided_ending",
    "declarer_refusal",
    "entrant",
    "entry_problem",
    "exchange_under_way",
    "find",
    "index_of",
    "is_paired",
    "over",
    "unknown",
    "with_combatant",
    "with_combatants",
]


@attrs.frozen
class Item:
    """An item a combatant carries, taking ``slots`` inventory slots (CB-14, CB-15)."""

    name: str
    """The item's name, unique in its holder's inventory."""
    slots: int = 1
    """Inventory slots it takes."""


@attrs.frozen
class Affliction:
    """A condition on a combatant and the Round ends it has left (CB-12)."""

    condition: Condition
    """Stoned, Folded or Dulled."""
    rounds: int
    """How many more :class:`~gamefold.EndRound` it lasts through; it ends at 0."""


@attrs.frozen
class Declaration:
    """A combatant's hidden choice for the exchange: ability, Hand and target (CB-10)."""

    ability: str
    """The ability's name."""
    hand: Hand | None
    """The Hand thrown; ``None`` for an ability thrown without a Hand."""
    target: str
    """The id of the enemy it is aimed at."""


@attrs.frozen
class RetreatPlan:
    """A party member's hidden agreement to retreat this exchange (CB-13 … CB-15)."""

    carry: str | None = None
    """The fallen ally this character holds and drags away, if any (CB-15)."""
    drop: tuple[str, ...] = ()
    """Names of the items it drops in the pursuit, lost if the party escapes (CB-14)."""


@attrs.frozen(kw_only=True)
class Combatant:
    """One combatant of a fight, as the state holds it."""

    id: str
    """Its id: unique in the fight, and never a side's name (``"party"``, ``"enemies"``)."""
    side: Side
    """The party or the enemies."""
    zone: Zone | None
    """Forward or Rearward; ``None`` once it has fallen and left the zones (CB-11)."""
    hp: int
    """Hit points left; 0 means fallen (CB-11)."""
    max_hp: int
    """Hit points it entered the fight with (CB-11)."""
    slots: int
    """Inventory slots (CB-15)."""
    items: tuple[Item, ...] = ()
    """Items carried, in inventory order."""
    abilities: tuple[str, ...] = ()
    """Names of its own abilities, besides the config's basic ones."""
    stress: int = 0
    """Stress (CB-14)."""
    conditions: tuple[Affliction, ...] = ()
    """Its conditions, at most one of each (CB-12)."""
    partner: str | None = None
    """The enemy it is paired with in Forward, if any (CB-5)."""
    declaration: Declaration | None = None
    """Its pending declaration in the current exchange, hidden from the other side."""
    retreat: RetreatPlan | None = None
    """Its pending agreement to retreat (party only), hidden from the other side."""
    ward: int = 0
    """Damage the host's wards will prevent in the next exchange (see :class:`Ward`)."""
    edge: int = 0
    """Damage the host's boosts add to its blow in the next exchange (see :class:`Empower`)."""

    @property
    def free_slots(self) -> int:
        """Inventory slots not taken by items."""
        return self.slots - sum(item.slots for item in self.items)


@attrs.frozen
class Fighter:
    """Who enters a fight: the entry :func:`~gamefold.combat.initial_state` builds from."""

    id: str
    """The combatant's id."""
    side: Side
    """The party or the enemies."""
    zone: Zone = Zone.FORWARD
    """The zone it starts in."""
    max_hp: int | None = attrs.field(default=None, kw_only=True)
    """Its hit points; ``None`` for the config's ``max_hp`` (CB-11)."""
    slots: int | None = attrs.field(default=None, kw_only=True)
    """Its inventory slots; ``None`` for the config's ``inventory_slots``."""
    items: tuple[Item, ...] = attrs.field(default=(), kw_only=True)
    """The items it carries."""
    abilities: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    """Names of its own abilities from the config's catalogue, besides the basic ones."""
    stress: int = attrs.field(default=0, kw_only=True)
    """The Stress it enters with."""

    def enter(self, config: CombatConfig) -> Combatant:
        """The combatant this entry becomes under ``config``, at full hit points."""
        max_hp = config.max_hp if self.max_hp is None else self.max_hp
        slots = config.inventory_slots if self.slots is None else self.slots
        return Combatant(
            id=self.id,
            side=self.side,
            zone=self.zone,
            hp=max_hp,
            max_hp=max_hp,
            slots=slots,
            items=self.items,
            abilities=self.abilities,
            stress=self.stress,
        )


def _count(value: object, low: int = 0) -> bool:
    return type(value) is int and value >= low


def entry_problem(config: CombatConfig, entry: object) -> str | None:
    """Why ``entry`` cannot enter a fight under ``config`` (a sentence), or ``None``."""
    if not isinstance(entry, Fighter):
        return f"combatants are Fighter entries, not {entry!r}"
    who = entry.id
    if not isinstance(who, str) or not who or who in ("party", "enemies"):
        return f"a combatant id is a non-empty string other than a side's name, not {who!r}"
    if not isinstance(entry.side, Side) or not isinstance(entry.zone, Zone):
        return f"{who}: side must be a Side and zone a Zone"
    if not (entry.max_hp is None or _count(entry.max_hp, 1)) or not _count(entry.stress):
        return f"{who}: max_hp is at least 1 and stress at least 0"
    if (entry.max_hp or 0) > MAX_COUNT * 1_000 or entry.stress > MAX_COUNT:  # EN-8
        return f"{who}: max_hp is at most {MAX_COUNT * 1_000:,} and stress at most {MAX_COUNT:,}"
    own = entry.abilities
    if not isinstance(own, tuple) or any(config.ability(n) is None for n in own):
        return f"{who}: abilities must name abilities of the config's catalogue"
    if len(set(own)) != len(own) or any(n in config.basic for n in own):
        return f"{who}: its own abilities repeat a name or a basic ability"
    return _items_problem(config, entry)


def _items_problem(config: CombatConfig, entry: Fighter) -> str | None:
    items = entry.items
    if not isinstance(items, tuple) or not all(isinstance(i, Item) for i in items):
        return f"{entry.id}: items must be a tuple of Item records"
    if len({i.name for i in items}) != len(items) or not all(_count(i.slots) for i in items):
        return f"{entry.id}: item names must differ and slots be 0 or more"
    slots = config.inventory_slots if entry.slots is None else entry.slots
    if not _count(slots) or slots > MAX_COUNT or len(items) > MAX_COUNT:  # EN-8
        return f"{entry.id}: slots are 0 to {MAX_COUNT:,}, items at most {MAX_COUNT:,}"
    if sum(i.slots for i in items) > slots:
        return f"{entry.id}: its items need more than its {slots!r} slots"
    return None


class Ending(Enum):
    """How a fight ended."""

    PARTY_WON = "party-won"
    """Every enemy fell."""
    ENEMIES_WON = "enemies-won"
    """Every party member fell."""
    DRAW = "draw"
    """The last combatants of both sides fell in the same exchange."""
    FLED = "fled"
    """The party escaped (CB-13)."""


@attrs.frozen
class CombatEnded(Event):
    """The fight ended, as ``ending`` says."""

    ending: Ending


@attrs.frozen
class CombatState:
    """The state of one fight: config, combatants in a fixed order, RNG and progress."""

    config: CombatConfig
    """The rules' numbers and defaults."""
    combatants: tuple[Combatant, ...]
    """Every combatant, in the order given at the start (the party's and the enemies')."""
    rng: Rng
    """The fight's random stream (EN-3); views strip it (EN-9)."""
    exchange: int = 0
    """Exchanges resolved so far."""
    ending: Ending | None = None
    """How the fight ended, or ``None`` while it goes on."""
    in_round: bool = False
    """Whether a Round is under way (between ``StartRound`` and ``EndRound``): a condition
    applied now lasts the rest of it too; applied between Rounds, it counts from the next
    (CB-12)."""


def index_of(state: CombatState, cid: str) -> int:
    """The position of combatant ``cid`` in ``state.combatants``, or -1."""
    for i, c in enumerate(state.combatants):
        if c.id == cid:
            return i
    return -1


def find(state: CombatState, cid: str) -> Combatant | None:
    """The combatant ``cid``, or ``None``."""
    for c in state.combatants:
        if c.id == cid:
            return c
    return None


with_combatants = replacer(CombatState, "combatants")
"""``with_combatants(state, combatants)``: a copy of ``state`` with its combatants replaced."""


def with_combatant(state: CombatState, index: int, combatant: Combatant) -> CombatState:
    """A copy of ``state`` with the combatant at ``index`` replaced."""
    cs = state.combatants
    return with_combatants(state, (*cs[:index], combatant, *cs[index + 1 :]))


def is_paired(state: CombatState) -> bool:
    """Whether Forward pairings are assigned (CB-5): some living combatant has a partner."""
    for c in state.combatants:  # noqa: SIM110 -- a loop, not any(): no generator per check
        if c.partner is not None:
            return True
    return False


def exchange_under_way(state: CombatState) -> bool:
    """Whether anyone has declared in the current exchange (CB-10)."""
    for c in state.combatants:  # noqa: SIM110 -- a loop, not any(): no generator per check
        if c.declaration is not None or c.retreat is not None:
            return True
    return False


def decided_ending(state: CombatState) -> Ending | None:
    """How the fight ends if a side has nobody standing (CB-11), or ``None`` while both stand.

    Nobody standing on either side is a draw.
    """
    party = enemies = False
    for c in state.combatants:
        if c.hp > 0:
            if c.side is _PARTY:
                party = True
            else:
                enemies = True
    if party and enemies:
        return None
    return Ending.PARTY_WON if party else Ending.ENEMIES_WON if enemies else Ending.DRAW


def over(state: CombatState) -> Refusal | None:
    """``combat/over`` when the fight has ended (CB-10), else ``None``."""
    if state.ending is None:
        return None
    return Refusal(codes.OVER, f"The fight is over ({state.ending.value}).")


def entrant(state: CombatState, cid: str) -> int | Refusal:
    """The position of combatant ``cid`` in ``state.combatants``, in a fight going on; else
    ``combat/over`` (CB-10) or, for a name that is no combatant, ``combat/unknown-combatant``."""
    refusal = over(state)
    if refusal is not None:
        return refusal
    for i, c in enumerate(state.combatants):
        if c.id == cid:
            return i
    return unknown(cid)


def unknown(cid: str) -> Refusal:
    """``combat/unknown-combatant`` (EN-4): no combatant ``cid`` is in this fight."""
    return Refusal(codes.UNKNOWN_COMBATANT, f"No combatant {cid!r} is in this fight.")


def declarer_refusal(state: CombatState, c: Combatant) -> Refusal | None:
    """Why ``c``, a combatant of a fight going on, may not make a choice now, or ``None``:
    it has fallen (CB-11), it already chose (CB-10), or nobody is paired yet (CB-5)."""
    if c.hp <= 0:
        return Refusal(codes.FALLEN, f"{c.id} has fallen and can no longer act.")
    if c.declaration is not None or c.retreat is not None:
        return Refusal(codes.ALREADY_DECLARED, f"{c.id} has already declared in this exchange.")
    if c.partner is None and not is_paired(state):  # a partner means the fight is paired
        return Refusal(
            codes.PAIRING_NEEDED, "Forward pairings must be assigned before anyone declares."
        )
    return None
