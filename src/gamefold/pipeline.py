"""The reducer pipeline every subsystem shares: guard → route → validate → apply.

1. *guard*: not a :class:`~gamefold.Action` → :class:`TypeError`; an action type the
   subsystem does not route, or a field whose value does not fit its declared type →
   ``IllegalAction("<domain>/malformed", "EN-4", …)``;
2. *route*: the ``(validate, apply)`` pair of the action's exact type;
3. *validate*: raises :class:`~gamefold.IllegalAction` with a stable code; builds nothing;
4. *apply*: builds the new state and the events, and runs only after validation passed.

So an illegal or malformed action never changes anything (EN-2, EN-4), and ``check`` is the
first three stages with the exception returned instead of raised.

>>> pipeline = Pipeline("toy", {Add: (validate_add, apply_add)})   # doctest: +SKIP
>>> state, events = pipeline.step(state, Add(2))                     # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeAlias, TypeVar, get_type_hints

import attrs

from gamefold.core import Action, Events
from gamefold.errors import IllegalAction

__all__ = ["FieldCheck", "Pipeline", "field_checks", "fits"]

S = TypeVar("S")
Validate: TypeAlias = Callable[[Any, Any], None]
Apply: TypeAlias = Callable[[Any, Any], tuple[Any, Events]]
FieldCheck: TypeAlias = tuple[str, Callable[[object], bool]]
"""A field name and the predicate its value must satisfy."""


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _text(value: object) -> bool:
    return type(value) is str


def _flag(value: object) -> bool:
    return type(value) is bool


_SCALARS: dict[object, Callable[[object], bool]] = {int: _count, str: _text, bool: _flag}


def fits(hint: object) -> Callable[[object], bool]:
    """A predicate for values of the declared type ``hint``.

    ``int`` fields hold ids and counts, so a fitting int is never negative; ``bool`` is not
    an ``int`` here; ``tuple[X, ...]`` fits a tuple of fitting items. Other hints are
    refused when the pipeline is built, so no field goes unchecked by accident.
    """
    scalar = _SCALARS.get(hint)
    if scalar is not None:
        return scalar
    args: tuple[Any, ...] = tuple(getattr(hint, "__args__", ()))
    if getattr(hint, "__origin__", None) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = fits(args[0])
        return lambda value: type(value) is tuple and all(item(x) for x in value)
    raise TypeError(f"no field check for type {hint!r}; pass the field's check explicitly")


def field_checks(cls: type) -> tuple[FieldCheck, ...]:
    """One check per field of the attrs class ``cls``, from its declared types."""
    hints = get_type_hints(cls)
    return tuple((f.name, fits(hints[f.name])) for f in attrs.fields(cls))


class Pipeline(Generic[S]):
    """A subsystem's reducer: ``step``, ``reduce`` and ``check`` over its routes.

    ``routes`` maps each action type to its ``(validate, apply)`` pair; ``fields`` maps a
    type to its field checks, and defaults to :func:`field_checks` of every routed type.
    ``domain`` prefixes the ``malformed`` code; ``owner`` names the subsystem in messages.
    """

    def __init__(
        self,
        domain: str,
        routes: Mapping[type, tuple[Validate, Apply]],
        *,
        owner: str,
        fields: Mapping[type, Iterable[FieldCheck]] | None = None,
    ) -> None:
        self.domain = domain
        self.owner = owner
        self.routes = dict(routes)
        checks = fields if fields is not None else {cls: field_checks(cls) for cls in routes}
        self.fields = {cls: tuple(found) for cls, found in checks.items()}

    def _malformed(self, action: Action, message: str) -> IllegalAction:
        return IllegalAction(f"{self.domain}/malformed", "EN-4", message, action)

    def guard(self, action: object) -> tuple[Validate, Apply]:
        """The route of a well-formed action; raises for anything else (EN-4)."""
        if not isinstance(action, Action):
            raise TypeError(f"expected a gamefold Action, got {type(action).__name__}")
        kind = type(action)
        route = self.routes.get(kind)
        if route is None:
            raise self._malformed(action, f"{kind.__name__} is not an action of {self.owner}.")
        for name, ok in self.fields.get(kind, ()):
            if not ok(getattr(action, name)):
                message = f"{kind.__name__}.{name} has a value of the wrong type or range."
                raise self._malformed(action, message)
        return route

    def step(self, state: S, action: Action) -> tuple[S, Events]:
        """Apply ``action``: the new state and the events, in order; raises if illegal."""
        validate, apply = self.guard(action)
        validate(state, action)
        result: tuple[S, Events] = apply(state, action)
        return result

    def reduce(self, state: S, action: Action) -> S:
        """Apply ``action`` and return the new state alone."""
        return self.step(state, action)[0]

    def check(self, state: S, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal in ``state``, or ``None``; never raises for it."""
        try:
            validate, _ = self.guard(action)
            validate(state, action)
        except IllegalAction as problem:
            return problem
        return None
