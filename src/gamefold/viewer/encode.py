"""JSON data of shared parts, encoded once a part: what a page holds, and a state's canonical
text for its digest.

The data :func:`~gamefold._convert.shared_unstructure` gives is shared between consecutive
states (a part a step left alone is the very same object), so both encodings here keep
each node's result by the node's identity while they live, and a state costs only the nodes
its step made.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from typing import Any

__all__ = ["Canonical", "Exact"]

_SAFE = 2**53
"""Integers a page's script holds exactly (its numbers are doubles)."""

_quoted: Callable[[str], str] = json.encoder.encode_basestring_ascii
"""A string as :func:`json.dumps` writes it by default (ASCII, escaped, quoted)."""


class Exact:
    """JSON data as a page holds it (:func:`~gamefold.viewer.state_tree`'s tree): integers
    beyond 2**53 as their digits, keys as text, tuples as lists, enumeration members as
    their plain values. Each node of the data is converted once while this object lives:
    shared data gives a shared tree."""

    def __init__(self) -> None:
        self.seen: dict[int, tuple[Any, Any]] = {}

    def __call__(self, data: Any) -> Any:
        """``data`` as the page holds it."""
        kind = type(data)
        if kind is dict or kind is list or kind is tuple:
            hit = self.seen.get(id(data))
            if hit is None:  # the data is kept with its tree: no other node takes its id
                hit = self.seen[id(data)] = (data, self._node(data))
            return hit[1]
        if kind is int:
            return data if -_SAFE < data < _SAFE else str(data)
        if kind is str or kind is bool or kind is float or data is None:
            return data
        if isinstance(data, str):  # a StrEnum member: its plain value
            return str.__str__(data)
        return self(int(data)) if isinstance(data, int) else data

    def _node(self, data: Any) -> Any:
        if type(data) is dict:
            return {k if type(k) is str else json.dumps(k): self(v) for k, v in data.items()}
        return [self(v) for v in data]

    def op(self, op: list[Any]) -> list[Any]:
        """A diff's operation (a fresh list), made to set the value as the page holds it."""
        if len(op) == 2:
            value = op[1]
            kind = type(value)
            if not (kind is str or (kind is int and -_SAFE < value < _SAFE)):
                op[1] = self(value)
        return op


class Canonical:
    """A state's canonical text (:func:`~gamefold.record.canonical_json`: sorted keys, no
    spaces, ASCII) from its JSON data, each node of the data encoded once while this object
    lives, so that shared data is not encoded again. It writes what :func:`json.dumps`
    writes with those options, node by node."""

    def __init__(self) -> None:
        self.seen: dict[int, tuple[Any, str]] = {}

    def __call__(self, data: Any) -> str:
        """The canonical text of ``data``."""
        kind = type(data)
        if kind is dict or kind is list or kind is tuple:
            hit = self.seen.get(id(data))
            if hit is None:  # the data is kept with its text: no other node takes its id
                hit = self.seen[id(data)] = (data, self._node(data))
            return hit[1]
        if kind is str:
            return _quoted(data)
        if kind is int:
            return int.__repr__(data)
        return _CANONICAL.encode(data)  # None, a flag, a float, a StrEnum member

    def text(self, data: Any) -> str:
        """The canonical text of a whole state's ``data``: its parts are kept for the states
        to come, the whole is not (no state's data is another's)."""
        kind = type(data)
        return self._node(data) if kind is dict or kind is list or kind is tuple else self(data)

    def _node(self, data: Any) -> str:
        if type(data) is dict:
            # json.dumps sorts the items by their keys as they are, then writes the keys.
            items = sorted(data.items())
            return "{" + ",".join(f"{_key(k)}:{self(v)}" for k, v in items) + "}"
        return "[" + ",".join(map(self, data)) + "]"


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _key(key: Any) -> str:
    """A key as :func:`json.dumps` writes it: text quoted, anything else as its JSON text
    (``3`` as ``"3"``)."""
    if type(key) is str:
        return _quoted(key)
    return _CANONICAL.encode({key: 0})[1:-3]
