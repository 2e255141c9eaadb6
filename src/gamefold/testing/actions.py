"""Actions that should be refused: well-formed but illegal, malformed, and garbage.

A reducer must meet all of them with :class:`~gamefold.IllegalAction` (or ``TypeError`` for
an object that is not an action at all) and leave the state untouched (EN-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from gamefold.core import Action
from gamefold.testing._validate import drawn, items, option, subject

__all__ = ["garbage_actions", "mutated_actions", "non_actions"]

_ANYTHING: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.lists(st.integers(min_value=-3, max_value=200), max_size=4).map(tuple),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _field_values(value: Any, names: Sequence[str]) -> st.SearchStrategy[Any]:
    """Values of the same kind as ``value``: near it, at its edges, or someone else's."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.one_of(st.integers(min_value=-2, max_value=max(value * 2, 40)), st.just(-1))
    if isinstance(value, str):
        return st.sampled_from([*names, "", "nobody", value + "?"])
    if isinstance(value, tuple):
        items = st.one_of(st.integers(min_value=-1, max_value=200), st.sampled_from(value or (0,)))
        return st.lists(items, max_size=len(value) + 2).map(tuple)
    return st.just(value)


def mutated_actions(
    actions: Sequence[Action], *, names: Sequence[str] | st.SearchStrategy[Sequence[str]] = ()
) -> st.SearchStrategy[Action]:
    """A copy of one of ``actions`` with one field changed to another value of its kind.

    Most such actions are illegal in the state ``actions`` came from (a card not in hand,
    someone else's turn, a target out of reach); the rest are legal. Either way the reducer
    and ``check`` must agree. A changed name field takes one of ``names`` (or a name nobody
    has).
    """
    subject("actions", actions, _ACTIONS)
    return _mutated(tuple(actions), option("names", names, items(str, "str names")))


@st.composite
def _mutated(
    draw: st.DrawFn, actions: tuple[Action, ...], names: Sequence[str] | st.SearchStrategy[Any]
) -> Action:
    known = drawn(draw, names)
    action = draw(st.sampled_from(actions))
    fields = attrs.fields(type(action))  # type: ignore[arg-type]
    if not fields:
        return action
    field = draw(st.sampled_from(fields))
    new = draw(_field_values(getattr(action, field.name), known))
    return attrs.evolve(action, **{field.name: new})  # type: ignore[misc]


def garbage_actions(action_types: Sequence[type[Action]]) -> st.SearchStrategy[Action]:
    """An instance of one of ``action_types`` with arbitrary values of arbitrary types.

    Validators are bypassed, as a deserialiser or a careless caller would: only the reducer's
    guard stands between these and the state.
    """
    subject("action_types", action_types, _action_types)
    return _garbage(tuple(action_types))


@st.composite
def _garbage(draw: st.DrawFn, action_types: tuple[type[Action], ...]) -> Action:
    cls = draw(st.sampled_from(action_types))
    action: Action = object.__new__(cls)
    for field in attrs.fields(cls):  # type: ignore[arg-type]
        object.__setattr__(action, field.name, draw(_ANYTHING))
    return action


def non_actions() -> st.SearchStrategy[Any]:
    """Objects that are not actions at all: reducers raise ``TypeError`` for them."""
    return st.one_of(_ANYTHING, st.builds(object))


_ACTIONS = items(Action, "actions", empty=False)


def _action_types(value: Any) -> str | None:
    fits = isinstance(value, list | tuple) and all(
        isinstance(t, type) and issubclass(t, Action) and attrs.has(t) for t in value
    )
    return None if fits and value else "must be a non-empty list or tuple of attrs Action classes"
