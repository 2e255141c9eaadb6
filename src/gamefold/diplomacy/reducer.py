"""The pipeline and the public verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action goes through the same four stages:

1. *guard*: not a :class:`gamefold.Action` → :class:`TypeError`; an action this subsystem
   does not handle, or a field of the wrong type or a negative number →
   ``diplomacy/malformed`` (EN-4);
2. *route*: the ``(validate, apply)`` pair of the action's type;
3. *validate*: raises :class:`~gamefold.IllegalAction` with a stable code; builds nothing;
4. *apply*: builds the new state and the events, only after validation passed.

So an illegal action never changes anything (EN-2, EN-4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, get_type_hints

import attrs

from gamefold.core import Action, EndTurn, Events, Lifecycle, StartTurn
from gamefold.diplomacy import codes, hands, proposals, standalone, ticks, turns
from gamefold.diplomacy.legal import legal_actions
from gamefold.diplomacy.table import DiplomacyState
from gamefold.errors import IllegalAction

__all__ = ["ACTIONS", "EVENTS", "LIFECYCLE", "check", "legal_actions", "reduce", "step"]

Validate: TypeAlias = Callable[[DiplomacyState, Any], None]
Apply: TypeAlias = Callable[[DiplomacyState, Any], tuple[DiplomacyState, Events]]

_ROUTES: dict[type, tuple[Validate, Apply]] = {
    turns.BeginTurn: (turns.validate_begin, turns.apply_begin),
    StartTurn: (turns.validate_begin, turns.apply_begin),
    EndTurn: (turns.validate_end, turns.apply_end),
    hands.Discard: (hands.validate_discard, hands.apply_discard),
    hands.SelfApply: (hands.validate_self_apply, hands.apply_self_apply),
    proposals.Propose: (proposals.validate_propose, proposals.apply_propose),
    proposals.Accept: (proposals.validate_answer, proposals.apply_accept),
    proposals.Decline: (proposals.validate_answer, proposals.apply_decline),
    standalone.PlayStandalone: (standalone.validate_play, standalone.apply_play),
}

ACTIONS: tuple[type[Action], ...] = (
    hands.Discard,
    hands.SelfApply,
    proposals.Propose,
    proposals.Accept,
    proposals.Decline,
    standalone.PlayStandalone,
)
"""The players' actions of this subsystem."""

LIFECYCLE: tuple[type[Lifecycle], ...] = (turns.BeginTurn, StartTurn, EndTurn)
"""The lifecycle actions this subsystem reacts to (the host game issues them)."""

EVENTS: tuple[type, ...] = (
    turns.TurnBegan,
    turns.TurnEnded,
    ticks.TicksGained,
    ticks.DrawFailed,
    hands.CardEarned,
    hands.CardDestroyed,
    hands.CardForfeited,
    hands.CardDiscarded,
    hands.SelfApplied,
    hands.DeployDebtDue,
    proposals.ProposalMade,
    proposals.ProposalAccepted,
    proposals.ProposalDeclined,
    proposals.ProposalExpired,
    proposals.PactBegan,
    proposals.PactCountedDown,
    proposals.PactEnded,
    standalone.StandalonePlayed,
    standalone.StandaloneResolved,
)
"""Every event class this subsystem reports (EN-7)."""


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def _is_text(value: object) -> bool:
    return type(value) is str


def _checker(hint: object) -> Callable[[object], bool]:
    """A predicate for one field's declared type; ints are ids and counts, never negative."""
    item = {int: _is_count, str: _is_text, tuple[int, ...]: _is_count, tuple[str, ...]: _is_text}
    check = item[hint]  # type: ignore[index]
    if hint in (int, str):
        return check
    return lambda value: type(value) is tuple and all(check(x) for x in value)


def _field_checks(cls: type) -> tuple[tuple[str, Callable[[object], bool]], ...]:
    hints = get_type_hints(cls)
    return tuple((f.name, _checker(hints[f.name])) for f in attrs.fields(cls))


_FIELD_CHECKS = {cls: _field_checks(cls) for cls in _ROUTES}


def _guard(action: object) -> tuple[Validate, Apply]:
    """Refuse what is not a well-formed action of this subsystem (EN-4); route the rest."""
    if not isinstance(action, Action):
        raise TypeError(f"expected a gamefold Action, got {type(action).__name__}")
    route = _ROUTES.get(type(action))
    if route is None:
        raise IllegalAction(
            codes.MALFORMED,
            "EN-4",
            f"{type(action).__name__} is not an action of the diplomacy subsystem.",
            action,
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


def step(state: DiplomacyState, action: Action) -> tuple[DiplomacyState, Events]:
    """Apply ``action``: the new state and the events, in order. Raises if illegal (EN-4)."""
    validate, apply = _guard(action)
    validate(state, action)
    return apply(state, action)


def reduce(state: DiplomacyState, action: Action) -> DiplomacyState:
    """Apply ``action`` and return the new state alone."""
    return step(state, action)[0]


def check(state: DiplomacyState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None``; never raises for an illegal one."""
    try:
        validate, _ = _guard(action)
        validate(state, action)
    except IllegalAction as problem:
        return problem
    return None
