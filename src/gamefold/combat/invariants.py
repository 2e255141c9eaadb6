"""What every reachable combat state satisfies: plain functions ``(state) -> Iterable[str]``.

Each yields one sentence per violation and nothing when it holds. :data:`INVARIANTS` lists
them all; :func:`violations` runs them. Tests run them after every step of random play, and
the registry entry hands them to :mod:`gamefold.testing`.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamefold.combat.combatants import CombatState, Ending, exchange_under_way, find
from gamefold.combat.waiting import waiting_for
from gamefold.combat.zones import Side

__all__ = [
    "INVARIANTS",
    "choices_only_from_standing",
    "conditions_well_formed",
    "fallen_out_of_play",
    "hit_points_in_range",
    "ids_unique",
    "items_fit",
    "no_stalled_exchange",
    "nothing_pending_after_the_end",
    "partners_mutual",
    "violations",
]


def ids_unique(state: CombatState) -> Iterator[str]:
    """Combatant ids are unique."""
    ids = [c.id for c in state.combatants]
    if len(set(ids)) != len(ids):
        yield f"combatant ids repeat: {ids}"


def hit_points_in_range(state: CombatState) -> Iterator[str]:
    """Every combatant has between 0 and its maximum hit points (CB-11)."""
    for c in state.combatants:
        if not 0 <= c.hp <= c.max_hp:
            yield f"{c.id} has {c.hp} hit points, outside 0..{c.max_hp}"


def fallen_out_of_play(state: CombatState) -> Iterator[str]:
    """A fallen combatant is in no zone, paired with no one, warded by nothing (CB-11)."""
    for c in state.combatants:
        if c.hp == 0 and (c.zone is not None or c.partner is not None):
            yield f"{c.id} has fallen but still stands in a zone or a pairing"
        if c.hp == 0 and c.ward:
            yield f"{c.id} has fallen but still carries a ward of {c.ward}"
        if c.hp > 0 and c.zone is None:
            yield f"{c.id} stands with {c.hp} hit points but in no zone"


def choices_only_from_standing(state: CombatState) -> Iterator[str]:
    """Pending choices come from living combatants: declarations aim at enemies, retreats
    come from the party, and nobody has both (CB-10, CB-13)."""
    for c in state.combatants:
        pending = c.declaration is not None or c.retreat is not None
        if pending and c.hp <= 0:
            yield f"{c.id} has fallen but has a pending choice"
        if c.declaration is not None and c.retreat is not None:
            yield f"{c.id} both declared and agreed to retreat"
        if c.retreat is not None and c.side is not Side.PARTY:
            yield f"{c.id} agreed to retreat but is not in the party"
        target = None if c.declaration is None else find(state, c.declaration.target)
        if c.declaration is not None and (target is None or target.side is c.side):
            yield f"{c.id} declared against {c.declaration.target!r}, not an enemy"


def partners_mutual(state: CombatState) -> Iterator[str]:
    """Pairings are mutual, between living enemies (CB-5)."""
    for c in state.combatants:
        if c.partner is None:
            continue
        partner = find(state, c.partner)
        if partner is None or partner.partner != c.id or partner.side is c.side:
            yield f"{c.id} is paired with {c.partner!r}, who is not paired back"


def conditions_well_formed(state: CombatState) -> Iterator[str]:
    """Each condition appears at most once per combatant, with at least one Round left."""
    for c in state.combatants:
        kinds = [a.condition for a in c.conditions]
        if len(set(kinds)) != len(kinds) or any(a.rounds < 1 for a in c.conditions):
            yield f"{c.id} has repeated or expired conditions {c.conditions}"


def items_fit(state: CombatState) -> Iterator[str]:
    """Items never take more slots than their holder has (CB-15); Stress is never negative."""
    for c in state.combatants:
        if c.free_slots < 0 or c.stress < 0:
            yield f"{c.id} carries more than its slots, or has negative Stress"


def nothing_pending_after_the_end(state: CombatState) -> Iterator[str]:
    """Once the fight is over nobody has a pending choice, and a fled fight has a party."""
    if state.ending is None:
        return
    if any(c.declaration is not None or c.retreat is not None for c in state.combatants):
        yield "the fight is over but choices are pending"
    if state.ending is Ending.FLED and not any(
        c.side is Side.PARTY and c.hp > 0 for c in state.combatants
    ):
        yield "the party fled but nobody in it is standing"


def no_stalled_exchange(state: CombatState) -> Iterator[str]:
    """While the fight goes on, pending choices mean the exchange still waits for someone:
    an exchange nobody is left to wait for has resolved (CB-10, after a withdrawal too)."""
    if state.ending is None and exchange_under_way(state) and not waiting_for(state):
        yield "choices are pending but the exchange waits for nobody, so it never resolves"


INVARIANTS = (
    ids_unique,
    hit_points_in_range,
    fallen_out_of_play,
    choices_only_from_standing,
    partners_mutual,
    conditions_well_formed,
    items_fit,
    nothing_pending_after_the_end,
    no_stalled_exchange,
)
"""Every combat invariant, in the order :func:`violations` runs them."""


def violations(state: CombatState) -> tuple[str, ...]:
    """Every violated invariant of ``state``, one sentence each; ``()`` when all hold."""
    found: list[str] = []
    for invariant in INVARIANTS:
        found.extend(invariant(state))
    return tuple(found)
