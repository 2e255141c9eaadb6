"""The map slice's pipeline and verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action routed to the map goes through the same four stages:

1. *guard*: not a :class:`gamefold.Action` → :class:`TypeError`; an action the map does
   not handle, or a field of the wrong type or a negative number → ``summit/malformed``
   (EN-4);
2. *route*: the ``(validate, apply)`` pair of the action's type;
3. *validate*: raises :class:`~gamefold.IllegalAction` with a stable code; builds nothing;
4. *apply*: builds the new slice and the events, only after validation passed.

The map owns :class:`~gamefold.games.summit.attack.Attack`,
:class:`~gamefold.games.summit.flow.Pass` and :class:`~gamefold.games.summit.flow.Defer`,
and reacts to the clock's ``StartRound``, ``EndRound``, ``BeginTurn`` (a ``StartTurn``) and
``EndTurn``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, get_type_hints

import attrs

from gamefold.core import Action, EndRound, EndTurn, Events, Lifecycle, StartRound, StartTurn
from gamefold.diplomacy import BeginTurn
from gamefold.errors import IllegalAction
from gamefold.games.summit import attack, board, codes, effects, flow, reactions
from gamefold.games.summit.board import NAME, MapState
from gamefold.games.summit.invariants import INVARIANTS
from gamefold.games.summit.views import view
from gamefold.registry import Subsystem

__all__ = [
    "ACTIONS",
    "EVENTS",
    "LIFECYCLE",
    "check",
    "legal_actions",
    "reduce",
    "step",
    "subsystem",
]

Validate: TypeAlias = Callable[[MapState, Any], None]
Apply: TypeAlias = Callable[[MapState, Any], tuple[MapState, Events]]

_ROUTES: dict[type, tuple[Validate, Apply]] = {
    attack.Attack: (attack.validate_attack, attack.apply_attack),
    flow.Pass: (flow.validate_pass, flow.apply_pass),
    flow.Defer: (flow.validate_defer, flow.apply_defer),
    StartRound: (flow.validate_start_round, flow.apply_start_round),
    EndRound: (flow.validate_end_round, flow.apply_end_round),
    BeginTurn: (flow.validate_begin, flow.apply_begin),
    StartTurn: (flow.validate_begin, flow.apply_begin),
    EndTurn: (flow.validate_end, flow.apply_end),
}

ACTIONS: tuple[type[Action], ...] = (attack.Attack, flow.Pass, flow.Defer)
"""The players' actions the map owns."""

LIFECYCLE: tuple[type[Lifecycle], ...] = (StartRound, EndRound, StartTurn, EndTurn)
"""The lifecycle actions the map reacts to (``BeginTurn`` reaches it as a ``StartTurn``)."""

EVENTS: tuple[type, ...] = (
    flow.RoundBegan,
    flow.RoundEnded,
    flow.GameOver,
    flow.Passed,
    flow.ProposalDeferred,
    board.TerritoryTaken,
    board.TroopsGained,
    board.TruceEnded,
    reactions.Deployed,
    reactions.TruceBegan,
    effects.Fortified,
    effects.EffectFizzled,
)
"""Every event class summit's own rules report (EN-7)."""


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def _is_text(value: object) -> bool:
    return type(value) is str


def _is_texts(value: object) -> bool:
    return type(value) is tuple and all(type(x) is str for x in value)


_CHECKERS: dict[object, Callable[[object], bool]] = {
    int: _is_count,
    str: _is_text,
    tuple[str, ...]: _is_texts,
}


def _field_checks(cls: type) -> tuple[tuple[str, Callable[[object], bool]], ...]:
    hints = get_type_hints(cls)
    return tuple((f.name, _CHECKERS[hints[f.name]]) for f in attrs.fields(cls))


_FIELD_CHECKS = {cls: _field_checks(cls) for cls in _ROUTES}


def _guard(action: object) -> tuple[Validate, Apply]:
    """Refuse what is not a well-formed action of the map (EN-4); route the rest."""
    if not isinstance(action, Action):
        raise TypeError(f"expected a gamefold Action, got {type(action).__name__}")
    route = _ROUTES.get(type(action))
    if route is None:
        raise IllegalAction(
            codes.MALFORMED, "EN-4", f"{type(action).__name__} is not a summit map action.", action
        )
    for name, ok in _FIELD_CHECKS[type(action)]:
        if not ok(getattr(action, name)):
            raise IllegalAction(
                codes.MALFORMED,
                "EN-4",
                f"{type(action).__name__}.{name} has a value of the wrong type or range.",
                action,
            )
    return route


def step(state: MapState, action: Action) -> tuple[MapState, Events]:
    """Apply ``action``: the new slice and the events, in order. Raises if illegal (EN-4)."""
    validate, apply = _guard(action)
    validate(state, action)
    return apply(state, action)


def reduce(state: MapState, action: Action) -> MapState:
    """Apply ``action`` and return the new slice alone."""
    return step(state, action)[0]


def check(state: MapState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None``; never raises for an illegal one."""
    try:
        validate, _ = _guard(action)
        validate(state, action)
    except IllegalAction as problem:
        return problem
    return None


def legal_actions(state: MapState, actor: str) -> tuple[Action, ...]:
    """``actor``'s map actions, in a fixed order: attacks in map order, Defer, Pass (EN-5)."""
    return (*attack.attacks(state, actor), *flow.flow_actions(state, actor))


subsystem: Subsystem[MapState] = Subsystem(
    name=NAME,
    actions=ACTIONS,
    lifecycle=LIFECYCLE,
    step=step,
    check=check,
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    state_type=MapState,
)
"""The registry entry of the ``"map"`` slice: its actions, lifecycle, invariants, view."""
