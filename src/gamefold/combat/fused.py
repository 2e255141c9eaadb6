"""Fast checks and quiet applies for the combat actions games call most (``Pipeline(accepts=…)``).

Each ``accepts_*`` does, in one straight pass, what guard and validate do for one action type
when the action is well formed and legal: it is true only then, and false at the first doubt,
when the pipeline runs its detailed stages, so refusals keep their code, rule and sentence.
A true answer lets :meth:`~gamefold.pipeline.Pipeline.step` apply at once and
:meth:`~gamefold.pipeline.Pipeline.check` answer without raising anything. Every one of them
is exact: it accepts every legal action of its type, and nothing else. :data:`QUIET` holds
the applies that build the new state without its events, for ``advance``; a declaration that
completes an exchange still builds the resolution's events, and drops them. A property test
compares every path with the detailed stages over reachable states.
"""

from __future__ import annotations

from gamefold.combat.abilities import Ability
from gamefold.combat.boosts import Empower, Heal, boost_positive, empowered, healed
from gamefold.combat.combatants import (
    Combatant,
    CombatState,
    exchange_under_way,
    find,
    is_paired,
)
from gamefold.combat.conditions import allowed_hands
from gamefold.combat.exchange import Declare, declared, owned_ability
from gamefold.combat.hands import Hand
from gamefold.combat.moving import Move
from gamefold.combat.resolution import resolve_if_complete
from gamefold.combat.warding import Ward, ward_positive, warded
from gamefold.combat.zones import Zone, effective_zone
from gamefold.pipeline import Accepts, Quiet

__all__ = [
    "ACCEPTS",
    "QUIET",
    "accepts_boost",
    "accepts_declare",
    "accepts_move",
    "accepts_ward",
    "declared_then_resolved",
]


def _standing(state: CombatState, cid: object) -> Combatant | None:
    """The combatant ``cid`` names if it stands in a fight going on (CB-10, CB-11)."""
    if type(cid) is not str or state.ending is not None:
        return None
    c = find(state, cid)
    return c if c is not None and c.hp > 0 else None


def accepts_declare(state: CombatState, action: Declare) -> bool:
    """A legal declaration (CB-10): the declarer stands, undeclared, in a paired fight (CB-5,
    CB-11); it has the ability, used from a zone it counts as standing in (CB-4, CB-7); the
    Hand is one the ability takes and no condition forbids, or none for a Hand-less ability
    (CB-10, CB-12); the target is a standing enemy, the declarer's partner if it has one
    (CB-3, CB-5, CB-11)."""
    c = _standing(state, action.combatant)
    if c is None or c.declaration is not None or c.retreat is not None:
        return False
    if c.partner is None and not is_paired(state):  # a partner means the fight is paired
        return False
    name = action.ability
    ability = owned_ability(state, c, name) if type(name) is str else None
    if ability is None or not _throws(c, ability, action.hand):
        return False
    if ability.zone is not None and ability.zone is not effective_zone(state.combatants, c):
        return False
    return _aims(state, c, action.target)


def _throws(c: Combatant, ability: Ability, hand: object) -> bool:
    """Whether ``c`` may throw ``ability`` with ``hand`` (CB-10, CB-12)."""
    if hand is None:
        return not ability.hands
    return type(hand) is Hand and hand in ability.hands and hand in allowed_hands(c)


def _aims(state: CombatState, c: Combatant, aim: object) -> bool:
    """Whether ``c`` may aim at ``aim``: a standing enemy, its partner if paired (CB-3, CB-5,
    CB-11)."""
    if type(aim) is not str or (c.partner is not None and aim != c.partner):
        return False
    target = find(state, aim)
    return target is not None and target.side is not c.side and target.hp > 0


def accepts_ward(state: CombatState, action: Ward) -> bool:
    """A ward of at least one point for a standing combatant, while the fight goes on
    (CB-10, CB-11)."""
    return (
        type(action.amount) is int
        and ward_positive(action)
        and _standing(state, action.combatant) is not None
    )


def accepts_boost(state: CombatState, action: Empower | Heal) -> bool:
    """An Empower (CB-10) or a Heal (CB-11) of at least one point for a standing combatant,
    while the fight goes on: the fast check of both, as they share their validation."""
    return (
        type(action.amount) is int
        and boost_positive(action)
        and _standing(state, action.combatant) is not None
    )


def accepts_move(state: CombatState, action: Move) -> bool:
    """A standing combatant moves to its side's other zone between exchanges (CB-4, CB-10,
    CB-11)."""
    zone = action.zone
    who = _standing(state, action.combatant)
    return (
        who is not None
        and type(zone) is Zone
        and who.zone is not zone
        and not exchange_under_way(state)
    )


def declared_then_resolved(state: CombatState, action: Declare) -> CombatState:
    """Declare's new state without its :class:`~gamefold.combat.Declared` event (CB-10): the
    declaration stored and, if it was the last one, the exchange resolved (the resolution's
    events are built, then dropped)."""
    return resolve_if_complete(declared(state, action), ())[0]


ACCEPTS: dict[type, Accepts] = {
    Declare: accepts_declare,
    Ward: accepts_ward,
    Empower: accepts_boost,
    Heal: accepts_boost,
    Move: accepts_move,
}
"""The fast checks, by action type."""

QUIET: dict[type, Quiet] = {
    Declare: declared_then_resolved,
    Ward: warded,
    Empower: empowered,
    Heal: healed,
}
"""The applies without events, by action type (Move's pairings may dissolve, an event its
apply builds with the state)."""
