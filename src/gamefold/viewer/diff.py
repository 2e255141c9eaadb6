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
from typing import Any, TypeAlias

__all__ = ["Op", "Path", "diff", "patch"]

Path: TypeAlias = list[str | int]
"""Keys (of dicts) and indices (of lists) from the root to a node."""
Op: TypeAlias = list[Any]
"""``[path, value]`` (set) or ``[path]`` (delete a dict key)."""


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (``[]`` when they are equal)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if old is new:  # a subtree shared by both trees (an unchanged slice): nothing to say
        return
    # type() and not ==: True == 1 and 1 == 1.0 in Python, but not on the page.
    if type(old) is not type(new):
        ops.append([path, new])
    elif isinstance(new, dict):
        _diff_dict(old, new, path, ops)
    elif isinstance(new, list):
        _diff_list(old, new, path, ops)
    elif old != new:
        ops.append([path, new])


def _diff_dict(old: dict[str, Any], new: dict[str, Any], path: Path, ops: list[Op]) -> None:
    for key in old:
        if key not in new:
            ops.append([[*path, key]])
    for key, value in new.items():
        if key in old:
            if not _same(old[key], value):
                _diff(old[key], value, [*path, key], ops)
        else:
            ops.append([[*path, key], value])


def _diff_list(old: list[Any], new: list[Any], path: Path, ops: list[Op]) -> None:
    if len(old) != len(new):
        ops.append([path, new])
        return
    inner: list[Op] = []
    for index, (before, after) in enumerate(zip(old, new, strict=True)):
        if not _same(before, after):
            _diff(before, after, [*path, index], inner)
    # Item ops that cost more than the list itself (a reshuffled deck): set it whole.
    if len(inner) > 1 and not _at_least(new, _size(inner)):
        ops.append([path, new])
    else:
        ops.extend(inner)


def _same(old: Any, new: Any) -> bool:
    """Whether ``old`` and ``new`` are told equal without a call of :func:`_diff` a node: one
    shared subtree, or two equal leaves of one type (most of a tree, step after step)."""
    return old is new or (
        type(old) is type(new) and not isinstance(new, dict | list) and old == new
    )


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def _at_least(items: list[Any], size: int) -> bool:
    """Whether ``_size(items) >= size``, measured item by item until it is known: the list
    of a game's slices holds the whole state, and a step's few ops are told from it by its
    first slice or two."""
    total = 1  # "[" and, for each item, the item and a "," or the closing "]"
    for item in items:
        total += _size(item) + 1
        if total >= size:
            return True
    return total + (not items) >= size


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
