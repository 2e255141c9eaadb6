"""The slice contract every subsystem keeps: a guard, then one decide function an action.

1. *guard*: not a :class:`~gamefold.Action` → :class:`TypeError`; an action type the
   subsystem does not route, or a field whose value does not fit its declared type →
   ``IllegalAction("<domain>/malformed", "EN-4", …)``;
2. *decide*: the action type's one function, ``decide(state, action)``, reads the state once
   and returns the new state with its events, or a :class:`Refusal` (a code of the
   subsystem's :class:`Catalogue` and a sentence), never changing anything.

The pipeline builds the :class:`~gamefold.IllegalAction` only for a refusal, with the rule
from the catalogue, and ``check`` answers from the same function, so an illegal or
malformed action never changes anything (EN-2, EN-4) and each rule is said once.
:meth:`Pipeline.subsystem` builds the registry's :class:`~gamefold.Subsystem` entry.

>>> toy = Pipeline(CATALOGUE, {Add: decide_add}, owner="the toy")  # doctest: +SKIP
>>> state, events = toy.step(state, Add(2))                       # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeAlias, TypeVar

from gamefold.core import Action, Events, Lifecycle, lifecycle_base
from gamefold.errors import IllegalAction, Refusal
from gamefold.fields import FieldCheck, checks_of, field_checks, fits, well_formed
from gamefold.registry import Invariant, Subsystem, no_actions
from gamefold.rng import Rng

__all__ = [
    "Catalogue",
    "Decide",
    "FieldCheck",
    "Pipeline",
    "Refusal",
    "field_checks",
    "fits",
    "guarded",
]

S = TypeVar("S")


# -- the code catalogue ---------------------------------------------------------------------


class Catalogue:
    """A subsystem's stable error codes, each with the rule(s) it cites (EN-4).

    A codes module declares each code with its rule where it names it,
    ``NOT_DUE = CATALOGUE.code("skirmish/not-activating", "SD-13")``; ``rules`` may also give
    them at once, a mapping of each code (``"combat/fallen"``) to its rule ID. A code may
    cite a tuple of rule IDs when one refusal guards several rules (``"skills/no-round"``
    cites SD-13 for an activation and SD-8 for a reaction window); such a code names its
    rule when raised. ``<domain>/malformed`` (EN-4) is always part of the catalogue: the
    guard raises it. A slice that runs another subsystem's decide functions (summit's map
    runs the territory's) names that subsystem's catalogue in ``include``: its codes keep
    their own domain and rules, and stay out of :attr:`codes` and :attr:`rules`, which list
    the domain's own.
    """

    def __init__(
        self,
        domain: str,
        rules: Mapping[str, str | tuple[str, ...]] | None = None,
        *,
        include: Iterable[Catalogue] = (),
    ) -> None:
        self.domain = domain
        self.malformed = f"{domain}/malformed"
        self.rules: dict[str, tuple[str, ...]] = {}
        self._cited: dict[str, tuple[str, ...]] = {}
        for other in include:
            self._cited.update(other._cited)
        self.code(self.malformed, "EN-4")
        for code, cited in (rules or {}).items():
            self.code(code, cited)

    def code(self, code: str, rules: str | tuple[str, ...]) -> str:
        """Declare ``code`` (``"<domain>/<reason>"``) citing ``rules``, and return it."""
        if not code.startswith(f"{self.domain}/"):
            raise ValueError(f"code {code!r} is not in the {self.domain!r} domain")
        if code in self.rules:
            raise ValueError(f"code {code!r} is declared twice")
        cited = (rules,) if isinstance(rules, str) else tuple(rules)
        self.rules[code] = self._cited[code] = cited
        return code

    @property
    def codes(self) -> frozenset[str]:
        """The domain's own codes (:attr:`rules`' keys)."""
        return frozenset(self.rules)

    def __repr__(self) -> str:
        return f"Catalogue({self.domain!r}, {len(self.codes)} codes)"

    def rule_of(self, code: str) -> str:
        """The one rule ``code`` cites; a ``KeyError`` for a code of several rules."""
        cited = self._cited[code]
        if len(cited) != 1:
            raise KeyError(f"{code} cites {', '.join(cited)}: name the rule")
        return cited[0]

    def illegal(
        self, code: str, message: str, action: object = None, *, rule: str | None = None
    ) -> IllegalAction:
        """The :class:`~gamefold.IllegalAction` for ``code``, citing its rule.

        ``rule`` is needed only for a code that cites several rules, and must be one of them.
        """
        return IllegalAction(code, self._cite(code, rule), message, action)

    def refusal(self, code: str, detail: str, *, rule: str | None = None) -> Refusal:
        """The :class:`Refusal` of ``code`` naming its rule, as a wrapper's ``refuse``
        returns it (``rule`` as for :meth:`illegal`)."""
        return Refusal(code, detail, self._cite(code, rule))

    def _cite(self, code: str, rule: str | None) -> str:
        cited = self._cited[code]
        if rule is None:
            return self.rule_of(code)
        if rule not in cited:
            raise ValueError(f"{code} cites {', '.join(cited)}, not {rule}")
        return rule


# -- the pipeline ---------------------------------------------------------------------------


Decide: TypeAlias = Callable[[Any, Any], "tuple[Any, Events] | Refusal"]
"""``decide(state, action)``: the one function of an action type. It reads the state once
and returns the new state with its events, or a :class:`Refusal` (never raising for an
illegal action, never changing anything)."""


class Pipeline(Generic[S]):
    """A subsystem's reducer: ``step``, ``reduce`` and ``check`` over its decide functions.

    ``catalogue`` is the subsystem's :class:`Catalogue` (a plain domain string makes one with
    only ``<domain>/malformed``). ``routes`` maps each action type, lifecycle ones included,
    to its :data:`Decide` function; bind what a decide function needs beyond ``(state,
    action)`` (the game's card effects, say) into the route with :func:`functools.partial`.
    ``fields`` replaces the checks of named fields (``{ChangeHandLimit: {"delta": is_int}}``);
    every other field is checked against its declared type (:func:`fits`). ``shapes`` adds a
    check of a whole action of a type (no card named twice). ``owner`` names the subsystem
    in messages.

    Every action is guarded (well formed, of a routed type), then decided: one pass that
    refuses or applies. :meth:`step` raises the refusal, :meth:`check` returns it.
    """

    def __init__(
        self,
        catalogue: Catalogue | str,
        routes: Mapping[type, Decide],
        *,
        owner: str,
        fields: Mapping[type, Mapping[str, Callable[[object], bool]]] | None = None,
        shapes: Mapping[type, Callable[[Any], bool]] | None = None,
    ) -> None:
        self.catalogue = catalogue if isinstance(catalogue, Catalogue) else Catalogue(catalogue)
        self.domain = self.catalogue.domain
        self.owner = owner
        self.routes: dict[type, Decide] = dict(routes)
        fields, shapes = fields or {}, shapes or {}
        unknown = sorted({t.__name__ for t in (*fields, *shapes) if t not in self.routes})
        if unknown:
            raise TypeError(f"fields or shapes given for unrouted types: {unknown}")
        # Each action type's guard with its decide function: one look-up a step.
        self._table = {
            kind: (well_formed(checks_of(kind, fields.get(kind, {})), shapes.get(kind)), decide)
            for kind, decide in self.routes.items()
        }

    def __repr__(self) -> str:
        return f"Pipeline({self.domain!r}, {len(self.routes)} routes)"

    def _malformed(self, action: object, message: str) -> IllegalAction:
        return IllegalAction(self.catalogue.malformed, "EN-4", message, action)

    def guard(self, action: object) -> Decide:
        """The decide function of a well-formed action; raises for anything else (EN-4)."""
        kind = type(action)
        entry = self._table.get(kind) or self._inherited(kind)
        if entry is None:
            if not isinstance(action, Action):
                raise TypeError(f"expected a gamefold Action, got {kind.__name__}")
            raise self._malformed(action, f"{kind.__name__} is not an action of {self.owner}.")
        bad = entry[0](action)
        if bad is not None:
            what = f"{kind.__name__}.{bad} has a value" if bad else f"That {kind.__name__} has"
            raise self._malformed(action, f"{what} of the wrong type or range.")
        return entry[1]

    def _inherited(self, kind: type) -> tuple[Callable[[Any], str | None], Decide] | None:
        """The route of a lifecycle action's nearest routed base, remembered: a slice
        reacting to ``StartTurn`` takes a richer ``StartTurn`` too, as the registry fans it
        out to it (the subsystem owning the richer type checks its own fields)."""
        entry = lifecycle_base(self._table, kind)
        if entry is not None:
            self._table[kind] = entry
        return entry

    def refused(self, refusal: Refusal, action: object) -> IllegalAction:
        """The :class:`~gamefold.IllegalAction` of ``refusal``, citing its rule."""
        return self.catalogue.illegal(refusal.code, refusal.detail, action, rule=refusal.rule)

    def step(self, state: S, action: Action) -> tuple[S, Events]:
        """Apply ``action``: the new state and the events, in order; raises if illegal."""
        entry = self._table.get(type(action))
        # Else the guard raises the malformed-action error, or finds an inherited route.
        decide = entry[1] if entry is not None and entry[0](action) is None else self.guard(action)
        result = decide(state, action)
        if type(result) is Refusal:
            raise self.refused(result, action)
        return result  # type: ignore[return-value]

    def reduce(self, state: S, action: Action) -> S:
        """Apply ``action`` and return the new state alone."""
        return self.step(state, action)[0]

    def check(self, state: S, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal in ``state``, or ``None``; never raises for it."""
        try:
            decide = self.guard(action)
        except IllegalAction as problem:
            return problem
        result = decide(state, action)
        return self.refused(result, action) if type(result) is Refusal else None

    def subsystem(
        self,
        name: str,
        *,
        legal_actions: Callable[[S, str], tuple[Action, ...]] | None = None,
        invariants: Iterable[Invariant] = (),
        view: Callable[[S, str], Any] | None = None,
        determinize: Callable[[Any, str, Rng], S] | None = None,
        state_type: type | None = None,
        lines: Mapping[type, Callable[[Any], str]] | None = None,
        event_rules: Mapping[type, Callable[[Any], tuple[str, ...]]] | None = None,
        rule_ids: Iterable[str] = (),
    ) -> Subsystem[S]:
        """The registry's entry for this slice: its routed action types are its actions,
        its routed lifecycle types the lifecycle actions it reacts to; ``lines``,
        ``event_rules`` and ``rule_ids`` are what a game composed of it tells and attests by
        default (see :class:`~gamefold.Subsystem`). A slice with no actions of its own may
        leave ``legal_actions`` out: it lists none (:func:`~gamefold.registry.no_actions`)."""
        return Subsystem(
            name=name,
            actions=tuple(k for k in self.routes if not issubclass(k, Lifecycle)),  # type: ignore[misc]
            lifecycle=tuple(k for k in self.routes if issubclass(k, Lifecycle)),
            step=self.step,
            check=self.check,
            legal_actions=legal_actions or no_actions,
            invariants=tuple(invariants),
            view=view,
            determinize=determinize,
            state_type=state_type,
            lines=dict(lines or {}),
            event_rules=dict(event_rules or {}),
            rule_ids=tuple(rule_ids),
        )


def guarded(
    catalogue: Catalogue,
    kind: type,
    decide: Decide,
    *,
    fields: Mapping[str, Callable[[object], bool]] | None = None,
    shape: Callable[[Any], bool] | None = None,
    sentence: Callable[[Any], str] | None = None,
) -> Decide:
    """``decide`` behind the guard a :class:`Pipeline` gives ``kind``: a game-level rule's
    one function, refusing malformed input (EN-4) before it decides.

    The fields of ``kind`` are checked against their declared types (:func:`fits`), but for
    those ``fields`` names, then ``shape``; an action that does not fit is refused with
    ``<domain>/malformed`` and ``sentence(action)`` (by default the pipeline's sentence
    naming the field). The result is a :data:`Decide` function, as a
    :class:`~gamefold.Rule`'s ``step`` may be: it returns a :class:`Refusal` naming its rule,
    which the registry raises.
    """
    problem = well_formed(checks_of(kind, fields or {}), shape)
    malformed = catalogue.malformed

    def decided(state: Any, action: Any) -> tuple[Any, Events] | Refusal:
        bad = problem(action)
        if bad is None:
            return decide(state, action)
        if sentence is not None:
            return Refusal(malformed, sentence(action), "EN-4")
        name = type(action).__name__
        what = f"{name}.{bad} has a value" if bad else f"That {name} has"
        return Refusal(malformed, f"{what} of the wrong type or range.", "EN-4")

    return decided
