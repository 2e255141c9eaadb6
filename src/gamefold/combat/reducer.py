"""The combat pipeline and its public verbs: guard → decide.

``step(state, action)`` first *guards* (a non-action is a ``TypeError``; an action of
another subsystem or with fields of the wrong type is ``combat/malformed``, EN-4), then
hands the action to the one *decide* function of its type, next to the action's record in
its concept module (``decide_declare`` in :mod:`~gamefold.combat.exchange`, …). A decide
function reads the state once and returns a :class:`~gamefold.pipeline.Refusal` or the new
state with its events, so an illegal action never changes anything, and ``check`` answers
from the same function. Listings are built from the predicates the decide functions use.

Who acts (the ``actor`` of :func:`legal_actions`):

- a **side** (``"party"`` or ``"enemies"``) assigns Forward pairings (CB-5);
- a **combatant id** declares in an exchange (:class:`Declare`) or, for a party member,
  agrees to retreat (:class:`Retreat`);
- the **host game** applies conditions (:class:`Afflict`), takes combatants out of the fight
  (:class:`Withdraw`), wards them against damage (:class:`Ward`), moves them between
  zones (:class:`Move`), strengthens their blows (:class:`Empower`), heals them
  (:class:`Heal`) and ends Rounds
  (:class:`~gamefold.EndRound`); these are not a player's choices and are never listed.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamefold.combat import codes
from gamefold.combat.boosts import (
    Empower,
    Empowered,
    Heal,
    Healed,
    boost_positive,
    decide_empower,
    decide_heal,
)
from gamefold.combat.combatants import CombatEnded, CombatState, Fighter, entry_problem, find
from gamefold.combat.conditions import (
    Afflict,
    ConditionApplied,
    ConditionEnded,
    decide_afflict,
    decide_end_round,
    decide_start_round,
)
from gamefold.combat.config import CombatConfig
from gamefold.combat.exchange import (
    Declare,
    Declared,
    decide_declare,
    declaration_options,
    declare_refusal,
)
from gamefold.combat.fleeing import Retreat, RetreatDeclared, decide_retreat, retreat_options
from gamefold.combat.flight import Fled, RetreatFailed, StressGained
from gamefold.combat.moving import Move, Moved, decide_move
from gamefold.combat.pairing import (
    AssignPairings,
    PairingsAssigned,
    PairingsDissolved,
    decide_assign,
    pairing_options,
)
from gamefold.combat.resolution import (
    AbilityResolved,
    CombatantFell,
    DamageDealt,
    ExchangeRevealed,
)
from gamefold.combat.warding import (
    DamagePrevented,
    Ward,
    Warded,
    WardsLapsed,
    decide_ward,
    ward_positive,
)
from gamefold.combat.withdrawal import CombatantWithdrawn, Withdraw, decide_withdraw
from gamefold.combat.zones import SIDES
from gamefold.core import Action, EndRound, Events, StartRound
from gamefold.errors import ConfigError, IllegalAction
from gamefold.pipeline import Pipeline
from gamefold.rng import Rng

__all__ = [
    "ACTIONS",
    "EVENTS",
    "PIPELINE",
    "check",
    "check_declare",
    "initial_state",
    "legal_actions",
    "make_pipeline",
    "reduce",
    "step",
]

ACTIONS: tuple[type[Action], ...] = (
    AssignPairings,
    Declare,
    Retreat,
    Afflict,
    Withdraw,
    Ward,
    Move,
    Empower,
    Heal,
)
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
    Warded,
    WardsLapsed,
    DamagePrevented,
    Moved,
    Empowered,
    Healed,
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


# -- guard: what the declared field types cannot say ------------------------------------------


def _rounds_ok(a: Afflict) -> bool:
    return a.rounds is None or a.rounds >= 0


def _withdraw_ok(a: Withdraw) -> bool:
    ids = a.combatants
    return bool(ids) and len(set(ids)) == len(ids) and a.cause != ""


# -- route ----------------------------------------------------------------------------------


def make_pipeline() -> Pipeline[CombatState]:
    """The combat pipeline: each action type's guard and decide function (see
    :mod:`gamefold.pipeline`)."""
    return Pipeline(
        codes.CATALOGUE,
        {
            AssignPairings: decide_assign,
            Declare: decide_declare,
            Retreat: decide_retreat,
            Afflict: decide_afflict,
            Withdraw: decide_withdraw,
            Ward: decide_ward,
            Move: decide_move,
            Empower: decide_empower,
            Heal: decide_heal,
            StartRound: decide_start_round,
            EndRound: decide_end_round,
        },
        owner="the combat subsystem",
        shapes={
            Afflict: _rounds_ok,
            Withdraw: _withdraw_ok,
            Ward: ward_positive,
            Empower: boost_positive,
            Heal: boost_positive,
        },
    )


PIPELINE: Pipeline[CombatState] = make_pipeline()
"""The combat pipeline (:func:`make_pipeline`)."""


# -- the public verbs -----------------------------------------------------------------------


def step(state: CombatState, action: Action) -> tuple[CombatState, Events]:
    """Apply ``action``: the new state and the events, in order; raises IllegalAction."""
    return PIPELINE.step(state, action)


def reduce(state: CombatState, action: Action) -> CombatState:
    """Apply ``action`` and return the new state alone."""
    return PIPELINE.step(state, action)[0]


def check(state: CombatState, action: Action) -> IllegalAction | None:
    """The :class:`~gamefold.IllegalAction` ``action`` would raise, or ``None`` if legal."""
    return PIPELINE.check(state, action)


def check_declare(state: CombatState, action: Declare) -> IllegalAction | None:
    """:func:`check` of a :class:`Declare`, decided without making it: a host that holds a
    declaration to make later learns whether it is legal now without resolving the
    exchange it would complete (CB-10)."""
    try:
        PIPELINE.guard(action)
    except IllegalAction as problem:
        return problem
    refusal = declare_refusal(state, action)
    return None if refusal is None else PIPELINE.refused(refusal, action)


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


def declarations(state: CombatState, cid: str) -> tuple[Declare, ...]:
    """The :class:`Declare` options :func:`legal_actions` lists for combatant ``cid``, alone
    (``()`` for a name that is no combatant): for a game that lists them under its own rules."""
    c = find(state, cid)
    return () if c is None else declaration_options(state, c)


def retreats(state: CombatState, cid: str) -> tuple[Retreat, ...]:
    """The :class:`Retreat` options :func:`legal_actions` lists for combatant ``cid``, alone."""
    c = find(state, cid)
    return () if c is None else retreat_options(state, c)
