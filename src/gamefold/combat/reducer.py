"""The combat pipeline and its public verbs: guard → route → validate → apply.

``step(state, action)`` first *guards* (a non-action is a ``TypeError``; an action of
another subsystem or with fields of the wrong type is ``combat/malformed``, EN-4), then
*routes* the action by its type to a ``(validate, apply)`` pair. *Validate* only reads the
state and raises :class:`~gamefold.IllegalAction`; *apply* builds the new state and its
events and only runs after validation passed, so an illegal action never changes anything.

Who acts (the ``actor`` of :func:`legal_actions`):

- a **side** (``"party"`` or ``"enemies"``) assigns Forward pairings (CB-5);
- a **combatant id** declares in an exchange (:class:`Declare`) or, for a party member,
  agrees to retreat (:class:`Retreat`);
- the **host game** applies conditions (:class:`Afflict`), takes combatants out of the fight
  (:class:`Withdraw`) and ends Rounds (:class:`~gamefold.EndRound`); these are not a
  player's choices and are never listed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from gamefold.combat import codes
from gamefold.combat.combatants import CombatEnded, CombatState, Fighter, entry_problem, find
from gamefold.combat.conditions import (
    Afflict,
    ConditionApplied,
    ConditionEnded,
    apply_afflict,
    apply_end_round,
    validate_afflict,
)
from gamefold.combat.config import CombatConfig
from gamefold.combat.exchange import (
    Declare,
    Declared,
    declaration_options,
    record_declaration,
    validate_declare,
)
from gamefold.combat.fleeing import (
    Fled,
    Retreat,
    RetreatDeclared,
    RetreatFailed,
    StressGained,
    record_retreat,
    retreat_options,
    validate_retreat,
)
from gamefold.combat.hands import Condition, Hand
from gamefold.combat.pairing import (
    AssignPairings,
    Pair,
    PairingsAssigned,
    PairingsDissolved,
    apply_assign,
    pairing_options,
    validate_assign,
)
from gamefold.combat.resolution import (
    AbilityResolved,
    CombatantFell,
    DamageDealt,
    ExchangeRevealed,
    resolve_if_complete,
)
from gamefold.combat.withdrawal import (
    CombatantWithdrawn,
    Withdraw,
    apply_withdraw,
    validate_withdraw,
)
from gamefold.combat.zones import SIDES, Side
from gamefold.core import Action, EndRound, Events
from gamefold.errors import ConfigError, IllegalAction
from gamefold.rng import Rng

__all__ = [
    "ACTIONS",
    "EVENTS",
    "check",
    "initial_state",
    "legal_actions",
    "reduce",
    "step",
]

ACTIONS: tuple[type[Action], ...] = (AssignPairings, Declare, Retreat, Afflict, Withdraw)
"""Every action type the combat subsystem owns (it also reacts to ``EndRound``)."""

EVENTS: tuple[type, ...] = (
    PairingsAssigned,
    PairingsDissolved,
    Declared,
    RetreatDeclared,
    ExchangeRevealed,
    RetreatFailed,
    Fled,
    StressGained,
    AbilityResolved,
    DamageDealt,
    CombatantFell,
    ConditionApplied,
    ConditionEnded,
    CombatantWithdrawn,
    CombatEnded,
)
"""Every event type the combat subsystem reports (EN-7)."""


def initial_state(
    config: CombatConfig, combatants: Sequence[Fighter], seed: int | str | Rng = 0
) -> CombatState:
    """The state of a fight about to begin: each :class:`Fighter` at full hit points.

    With an ``int`` or ``str`` seed the fight's stream is
    ``Rng.from_seed(seed).split("combat")``; an ``Rng`` is used as is. A roster that cannot
    fight (ids not unique, a side missing, unknown abilities, items over the slots) raises
    :class:`~gamefold.ConfigError`.
    """
    if not isinstance(config, CombatConfig):
        raise TypeError(f"initial_state needs a CombatConfig, not {type(config).__name__}")
    entries = tuple(combatants)
    for entry in entries:
        problem = entry_problem(config, entry)
        if problem is not None:
            raise ConfigError("combatants", problem, "EN-4")
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise ConfigError("combatants", "combatant ids must be unique", "EN-4")
    if {e.side for e in entries} != set(SIDES):
        raise ConfigError("combatants", "a fight needs the party and the enemies", "CB-10")
    rng = seed if isinstance(seed, Rng) else Rng.from_seed(seed).split("combat")
    return CombatState(config, tuple(e.enter(config) for e in entries), rng)


# -- guard ----------------------------------------------------------------------------------


def _is_str(value: object) -> bool:
    return type(value) is str


def _declare_ok(a: Declare) -> bool:
    hand_ok = a.hand is None or isinstance(a.hand, Hand)
    return hand_ok and _is_str(a.combatant) and _is_str(a.ability) and _is_str(a.target)


def _retreat_ok(a: Retreat) -> bool:
    drop_ok = type(a.drop) is tuple and all(_is_str(n) for n in a.drop)
    return drop_ok and _is_str(a.combatant) and (a.carry is None or _is_str(a.carry))


def _assign_ok(a: AssignPairings) -> bool:
    pairs = a.pairs
    return (
        isinstance(a.side, Side)
        and type(pairs) is tuple
        and all(type(p) is Pair and _is_str(p.own) and _is_str(p.enemy) for p in pairs)
    )


def _afflict_ok(a: Afflict) -> bool:
    rounds_ok = a.rounds is None or (type(a.rounds) is int and a.rounds >= 1)
    return rounds_ok and _is_str(a.combatant) and isinstance(a.condition, Condition)


def _withdraw_ok(a: Withdraw) -> bool:
    ids = a.combatants
    if type(ids) is not tuple or not ids or not all(_is_str(cid) for cid in ids):
        return False
    return len(set(ids)) == len(ids) and _is_str(a.cause) and a.cause != ""


# -- route ----------------------------------------------------------------------------------

Apply: TypeAlias = Callable[[CombatState, Any], tuple[CombatState, Events]]
Route: TypeAlias = tuple[Callable[[Any], bool], Callable[[CombatState, Any], None], Apply]


def _then_resolve(record: Apply) -> Apply:
    """Record a choice, then resolve the exchange if it was the last one (CB-10)."""

    def apply(state: CombatState, action: Any) -> tuple[CombatState, Events]:
        new, events = record(state, action)
        return resolve_if_complete(new, events)

    return apply


def _always(state: CombatState, action: Any) -> None:
    """Lifecycle actions are always legal."""


_ROUTES: dict[type, Route] = {
    AssignPairings: (_assign_ok, validate_assign, apply_assign),
    Declare: (_declare_ok, validate_declare, _then_resolve(record_declaration)),
    Retreat: (_retreat_ok, validate_retreat, _then_resolve(record_retreat)),
    Afflict: (_afflict_ok, validate_afflict, apply_afflict),
    Withdraw: (_withdraw_ok, validate_withdraw, apply_withdraw),
    EndRound: (lambda a: True, _always, apply_end_round),
}


def _route(action: Action) -> Route:
    """Guard and route: the ``(well_formed, validate, apply)`` of ``action``'s type."""
    if not isinstance(action, Action):
        raise TypeError(f"expected a gamefold Action, got {type(action).__name__}")
    route = _ROUTES.get(type(action))
    if route is None:
        raise codes.illegal(
            codes.MALFORMED, f"{type(action).__name__} is not a combat action.", action
        )
    if not route[0](action):
        raise codes.illegal(
            codes.MALFORMED, f"That {type(action).__name__} has fields of the wrong type.", action
        )
    return route


# -- the public verbs -----------------------------------------------------------------------


def step(state: CombatState, action: Action) -> tuple[CombatState, Events]:
    """Apply ``action``: the new state and the events, in order; raises IllegalAction."""
    _, validate, apply = _route(action)
    validate(state, action)
    return apply(state, action)


def reduce(state: CombatState, action: Action) -> CombatState:
    """Apply ``action`` and return the new state alone."""
    return step(state, action)[0]


def check(state: CombatState, action: Action) -> IllegalAction | None:
    """The :class:`~gamefold.IllegalAction` ``action`` would raise, or ``None`` if legal."""
    try:
        _, validate, _ = _route(action)
        validate(state, action)
    except IllegalAction as problem:
        return problem
    return None


def legal_actions(state: CombatState, actor: str) -> tuple[Action, ...]:
    """Every legal action of ``actor`` (a side's name or a combatant id), in a fixed order.

    A side gets its :class:`AssignPairings` options; a combatant its :class:`Declare`
    options (every ability, Hand and target) then, in the party, its :class:`Retreat` options.
    Anyone else, and everyone once the fight is over, gets ``()`` (EN-5).
    """
    for side in SIDES:
        if actor == side.value:
            return pairing_options(state, side)
    c = find(state, actor)
    if c is None:
        return ()
    return (*declaration_options(state, c), *retreat_options(state, c))
