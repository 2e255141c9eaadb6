"""A decision of the action codec (package-private): the actor, its view and legal
actions, each domain resolved once; see :mod:`gamefold.envs.codec`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import Any

import attrs

from gamefold.core import Action
from gamefold.domains import Actor, Choice, Domain, Listed, Maybe, Ref

__all__ = ["Context", "Kept", "Resolution"]

Resolution = tuple[tuple[Any, ...], dict[Any, int]]
"""A domain's values at a decision, by index, and value → index."""

Kept = dict[tuple[Ref, str], tuple[Any, tuple[Any, ...], dict[Any, int]]]
"""A codec's resolutions of each reference for each actor, with the view part they read."""


class Context:
    """One decision: the actor, its view and legal actions, each domain resolved once."""

    __slots__ = (
        "_groups",
        "_index",
        "_kept",
        "_legal",
        "_listed_at",
        "_values",
        "actor",
        "legal",
        "view",
    )

    def __init__(
        self, view: Any, actor: str, legal: Sequence[Action], kept: Kept | None = None
    ) -> None:
        self.view, self.actor, self.legal = view, actor, tuple(legal)
        self._values: dict[Any, tuple[Any, ...]] = {}
        self._index: dict[Any, dict[Any, int]] = {}
        self._groups: dict[Any, dict[tuple[Any, ...], tuple[Any, ...]]] = {}
        self._legal: tuple[int, ...] | None = None
        self._listed_at: dict[int, Action] = {}
        self._kept: Kept = {} if kept is None else kept

    def values(
        self, dom: Domain, kind: type, name: str, prefix: tuple[Any, ...] = ()
    ) -> tuple[Any, ...]:
        """The values of ``dom`` for field ``name`` of ``kind``, by index; for a
        :class:`Listed` field, among the legal actions whose earlier fields are ``prefix``."""
        key = (kind, name, prefix) if isinstance(dom, Listed) else id(dom)
        found = self._values.get(key)
        if found is None:
            found = self._resolve(dom, kind, name, prefix)[0]
        return found

    def index(
        self, dom: Domain, kind: type, name: str, prefix: tuple[Any, ...] = ()
    ) -> dict[Any, int]:
        """Value → index for field ``name`` of ``kind`` (after ``prefix``, when listed)."""
        key = (kind, name, prefix) if isinstance(dom, Listed) else id(dom)
        found = self._index.get(key)
        if found is None:
            found = self._resolve(dom, kind, name, prefix)[1]
        return found

    def _resolve(self, dom: Domain, kind: type, name: str, prefix: tuple[Any, ...]) -> Resolution:
        """``dom``'s values and numbers, kept in this context for the next asking."""
        if isinstance(dom, Listed):
            self._listed(kind, name, len(prefix))
            key: Any = (kind, name, prefix)
            if key not in self._values:  # no legal action starts so: nothing to number
                self._values[key], self._index[key] = (), {}
            return self._values[key], self._index[key]
        if isinstance(dom, Ref):
            values, index = self._ref(dom)
        elif isinstance(dom, Actor):
            values, index = (self.actor,), {self.actor: 0}
        elif isinstance(dom, Choice | Maybe):
            values = (
                dom.values
                if isinstance(dom, Choice)
                else (None, *self.values(dom.inner, kind, name))
            )
            index = {value: i for i, value in enumerate(values)}
        else:
            raise TypeError(f"unknown domain {dom!r}")
        self._values[id(dom)], self._index[id(dom)] = values, index
        return values, index

    def _ref_index(self, dom: Ref) -> dict[Any, int]:
        """Value → index for the reference ``dom``: what :meth:`index` gives, with fewer
        calls for the codec's encoders, which ask for each reference once a decision."""
        values, index = self._ref(dom)
        self._values[id(dom)], self._index[id(dom)] = values, index
        return index

    def _ref(self, dom: Ref) -> Resolution:
        """A reference's resolution, the codec's kept one while the view part it declares
        it reads is the very object it was."""
        reads = dom.reads
        if reads is None:
            values = tuple(dom.resolve(self.view, self.actor))
            return values, {value: i for i, value in enumerate(values)}
        part, key = reads(self.view), (dom, self.actor)
        kept = self._kept.get(key)
        if kept is not None and kept[0] is part:
            return kept[1], kept[2]
        values = tuple(dom.resolve(self.view, self.actor))
        if kept is not None and kept[1] == values:  # a new part, the same candidates
            self._kept[key] = (part, kept[1], kept[2])
            return kept[1], kept[2]
        index = {value: i for i, value in enumerate(values)}
        self._kept[key] = (part, values, index)
        return values, index

    def _listed(self, kind: type, name: str, depth: int) -> None:
        """For each prefix of the first ``depth`` fields, the distinct values of ``name``
        among the legal actions of ``kind`` starting so, sorted (EN-3: never set order),
        and their numbers: encoding the legal actions asks for each prefix in turn."""
        key = (kind, name, depth)
        if key in self._groups:
            return
        self._groups[key] = {}
        start, read = _readers(kind, name, depth)
        seen: dict[tuple[Any, ...], set[Any]] = {}
        for action in self.legal:
            if type(action) is kind:
                seen.setdefault(start(action), set()).add(read(action))
        for prefix, distinct in seen.items():
            values = self._values[kind, name, prefix] = tuple(sorted(distinct, key=repr))
            self._index[kind, name, prefix] = {value: i for i, value in enumerate(values)}


@cache
def _readers(
    kind: type, name: str, depth: int
) -> tuple[Callable[[Any], tuple[Any, ...]], Callable[[Any], Any]]:
    """Readers of an action of ``kind``: the tuple of its first ``depth`` fields, and its
    field ``name``."""
    names = [field.name for field in attrs.fields(kind)][:depth]
    return _prefix_reader(names), attrgetter(name)


def _prefix_reader(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """``read(action)``: the tuple of ``action``'s fields ``names``, in one C call."""
    if not names:
        return lambda action: ()
    get = attrgetter(*names)
    if len(names) == 1:
        return lambda action: (get(action),)
    read: Callable[[Any], tuple[Any, ...]] = get
    return read
