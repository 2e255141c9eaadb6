"""Diffs of JSON trees: how the viewer stores 500 states in well under 2 MB.

A tree is what :func:`json.loads` returns (dicts with string keys, lists, strings, numbers,
booleans, ``None``). :func:`diff` lists the operations that turn one tree into the next, and
:func:`patch` applies them; the page's script applies the very same operations, so the
Python side is the reference the tests check:

- ``[path, value]`` sets the node at ``path`` (a list of keys and indices) to ``value``
  (an empty path replaces the whole tree);
- ``[path]`` deletes the key at the end of ``path`` from its dict.

Lists of the same length are diffed item by item; a list that changed length, or whose
item operations would be longer than the list (a reshuffled deck), is set whole.
"""

from __future__ import annotations

import copy
import json
import json.encoder
from collections.abc import Callable
from typing import Any, TypeAlias

__all__ = ["Op", "Path", "diff", "patch"]

Path: TypeAlias = list[str | int]
"""Keys (of dicts) and indices (of lists) from the root to a node."""
Op: TypeAlias = list[Any]
"""``[path, value]`` (set) or ``[path]`` (delete a dict key)."""


def diff(old: Any, new: Any, *, at: Path | None = None) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (``[]`` when they are equal); ``at`` is
    where the two are in a bigger tree (the ops' paths start with it)."""
    ops: list[Op] = []
    _diff(old, new, [] if at is None else list(at), ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if old is new:  # a subtree shared by both trees (an unchanged slice): nothing to say
        return
    kind = type(new)
    # type() and not ==: True == 1 and 1 == 1.0 in Python, but not on the page.
    if type(old) is not kind:
        ops.append([path, new])
    elif kind is dict:
        _diff_dict(old, new, path, ops)
    elif kind is list:
        _diff_list(old, new, path, ops)
    elif old != new:
        ops.append([path, new])


_ABSENT: Any = object()


def _diff_dict(old: dict[Any, Any], new: dict[Any, Any], path: Path, ops: list[Op]) -> None:
    start, kept = len(ops), 0
    for key, value in new.items():
        before = old.get(key, _ABSENT)
        if before is value:  # a shared subtree or the same leaf: most of a tree
            kept += 1
        elif before is _ABSENT:
            ops.append([[*path, _key(key)], value])
        else:
            kept += 1
            kind = type(value)
            if type(before) is not kind or (kind is not dict and kind is not list):
                if type(before) is not kind or before != value:
                    ops.append([[*path, _key(key)], value])
            elif kind is dict:
                _diff_dict(before, value, [*path, _key(key)], ops)
            else:
                _diff_list(before, value, [*path, _key(key)], ops)
    if kept < len(old):  # keys gone: deleted first
        ops[start:start] = [[[*path, _key(key)]] for key in old if key not in new]


def _key(key: Any) -> str:
    """A key as JSON writes it: data straight from the record converter may have numbers
    for keys (a ``PMap`` of ids), a page's trees have text."""
    return key if type(key) is str else json.dumps(key)


def _diff_list(old: list[Any], new: list[Any], path: Path, ops: list[Op]) -> None:
    if len(old) != len(new):
        ops.append([path, new])
        return
    inner: list[Op] = []
    for index, after in enumerate(new):
        before = old[index]
        if before is not after:
            _diff(before, after, [*path, index], inner)
    # Item ops that cost more than the list itself (a reshuffled deck): set it whole. A
    # list of objects or lists (a game's slices, a hand's owners) keeps its items' ops:
    # measuring it would cost more than the ops ever save.
    if len(inner) > 1 and _flat(new) and not _at_least(new, _ops_size(inner)):
        ops.append([path, new])
    else:
        ops.extend(inner)


def _flat(items: list[Any]) -> bool:
    """Whether no item of ``items`` is an object or a list."""
    return not any(type(item) is dict or type(item) is list for item in items)


def _ops_size(ops: list[Op]) -> int:
    """:func:`_size` of a list's item ops, measured leaf by leaf when they are small."""
    size = _length(ops, _MEASURED)
    return size if size < _MEASURED else _size(ops)


_MEASURED = 2048
"""Below this length, a value's JSON is measured leaf by leaf rather than encoded."""


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def _at_least(items: list[Any], size: int) -> bool:
    """Whether ``_size(items) >= size``, measured leaf by leaf until it is known: the list
    of a game's slices holds the whole state, and a step's few ops are told from it by the
    first few fields of its first slice."""
    return _length(items, size) >= size


def _length(value: Any, budget: int) -> int:
    """The length of ``value``'s compact JSON text (:func:`_size`); once that is known to be
    at least ``budget``, some number at least ``budget`` (the rest is not measured)."""
    kind = type(value)
    if kind is dict:
        total = 1  # "{" and, for each item, the key, ":", the value and a "," or the "}"
        for key, item in value.items():
            total += len(_quoted(_key(key))) + 2 + _length(item, budget - total)
            if total >= budget:
                return total
        return total + (not value)
    if kind is list or kind is tuple:
        total = 1  # "[" and, for each item, the item and a "," or the closing "]"
        for item in value:
            total += _length(item, budget - total) + 1
            if total >= budget:
                return total
        return total + (not value)
    if kind is str:
        return len(_quoted(value))
    if kind is int:
        return len(repr(value))
    if value is None or value is True:
        return 4
    return 5 if value is False else len(json.dumps(value))


_quoted: Callable[[str], str] = json.encoder.encode_basestring_ascii
"""A string as :func:`json.dumps` writes it (ASCII, escaped, quoted)."""


def patch(tree: Any, ops: list[Op]) -> Any:
    """``tree`` with ``ops`` applied; ``tree`` itself is left as it was."""
    result = copy.deepcopy(tree)
    for op in ops:
        result = _apply(result, op)
    return result


def _apply(tree: Any, op: Op) -> Any:
    path: Path = op[0]
    if not path:
        return copy.deepcopy(op[1])
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    if len(op) == 1:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(op[1])
    return tree
